import axios from 'axios';

import { parseArgs } from '../emulator/cli';
import { configureInviteeWebhooks, V3_SEED, type V3State } from '../emulator/families/v3';
import { inviteeActs } from '../emulator/families/v3-invitee-actions';
import type { WebhooksState } from '../emulator/families/webhooks';
import type { InviteesActAfter } from '../emulator/inviteeSchedule';
import { DEFAULT_AUTH_TOKEN, startEmulator, type Emulator } from '../emulator/server';
import { makePdf } from '../fixtures/pdf';

const HOUR = 3_600_000;
const http = axios.create({
	validateStatus: () => true,
	timeout: 5000,
	headers: { 'X-Auth-Token': DEFAULT_AUTH_TOKEN },
});

let emulator: Emulator | undefined;
afterEach(async () => {
	await emulator?.close();
	emulator = undefined;
});

/** An emulator in the "invitees act later" mode whose workflow sends its webhooks back to the emulator. */
async function startActingLater(inviteesActAfter: InviteesActAfter): Promise<Emulator> {
	emulator = await startEmulator({ inviteesActAfter, seed: { webhookRetries: 0 } });
	configureInviteeWebhooks(emulator.env, V3_SEED.pdfProfileId, {
		all: {
			webhookUrl: `${emulator.origin}/__emulator/health?route=success`,
			errorWebhookUrl: `${emulator.origin}/__emulator/health?route=error`,
		},
	});
	return emulator;
}

async function createRequest(service: Emulator, names: string[]): Promise<string> {
	const response = await http.post(`${service.baseUrl}/v3.0/sign/request`, {
		profileId: V3_SEED.pdfProfileId,
		file: { name: 'Lease.pdf', file: makePdf('Lease').toString('base64') },
		invitees: names.map((name, index) => ({ name, email: `invitee${index}@example.com` })),
	});
	expect(response.data.status).toBe(1);
	return response.data.data.documentId as string;
}

/** What the service tells a client: the document's status, and whether it hands out the signed document. */
async function asTheServiceSays(service: Emulator, documentId: string) {
	// The document's status as the service states it: in its list (the v3.2 status answer has none).
	const list = await http.get(`${service.baseUrl}/v3.0/sign/request/list`, {
		params: { q: documentId },
	});
	const listed = (list.data.data.documents as Array<{ documentId: string; status: string }>).find(
		(document) => document.documentId === documentId,
	);
	const download = await http.get(`${service.baseUrl}/v3.3/document/fetchDocument`, {
		params: { documentId, documentDownloadType: 'DOCUMENT' },
	});
	return {
		status: listed?.status,
		download: download.data.status === 1 ? 'file' : (download.data.messages[0].code as string),
	};
}

/** Who has acted so far, in signing order: `signed`, `approved`, `rejected` or `-`. */
function actions(service: Emulator, documentId: string): string[] {
	const doc = service.slice<V3State>('v3').documents.get(documentId)!;
	return doc.invitees.map((invitee) =>
		invitee.signed ? 'signed' : invitee.approved ? 'approved' : invitee.rejected ? 'rejected' : '-',
	);
}

/** The webhooks the service sent for the document: the route and the flat body's action. */
function webhooks(service: Emulator, documentId: string) {
	return (service.slice<WebhooksState>('webhooks').history.get(documentId) ?? []).map(
		(delivery) => ({
			route: new URL(delivery.url).searchParams.get('route'),
			action: /"action":"(\w+)"/.exec(delivery.body)?.[1],
		}),
	);
}

async function advance(service: Emulator, ms: number): Promise<void> {
	service.clock.advance(ms);
	await service.inviteeSchedule!.actDue();
}

describe('the "invitees act later" mode', () => {
	it('has each invitee act in signing order, an hour after its turn starts: the reviewer approves, the signers sign', async () => {
		const service = await startActingLater({ ms: HOUR, reviewerPositions: [1] });
		const documentId = await createRequest(service, ['Ravi Menon', 'Asha Rao', 'Vikram Shah']);
		expect(await asTheServiceSays(service, documentId)).toEqual({
			status: 'SENT',
			download: 'no.document.found',
		});

		// A second short of the hour (the test's own time runs on the clock too).
		await advance(service, HOUR - 1000);
		expect(actions(service, documentId)).toEqual(['-', '-', '-']);

		await advance(service, 1000);
		expect(actions(service, documentId)).toEqual(['approved', '-', '-']);
		const watched = await http.get(`${service.origin}/__emulator/invitee-schedule`, {
			params: { documentId },
		});
		expect(watched.data).toEqual({
			documentId,
			invitees: [
				{ name: 'Ravi Menon', state: 'approved' },
				{ name: 'Asha Rao', state: 'active' },
				{ name: 'Vikram Shah', state: 'waiting' },
			],
			nextActionInMs: expect.any(Number),
		});
		expect(watched.data.nextActionInMs).toBeGreaterThan(HOUR - 60_000);
		expect(watched.data.nextActionInMs).toBeLessThanOrEqual(HOUR);
		expect(await asTheServiceSays(service, documentId)).toEqual({
			status: 'SENT',
			download: 'no.document.found',
		});

		await advance(service, HOUR);
		expect(actions(service, documentId)).toEqual(['approved', 'signed', '-']);
		expect(await asTheServiceSays(service, documentId)).toEqual({
			status: 'SENT',
			download: 'no.document.found',
		});

		await advance(service, HOUR);
		expect(actions(service, documentId)).toEqual(['approved', 'signed', 'signed']);
		expect(await asTheServiceSays(service, documentId)).toEqual({
			status: 'COMPLETED',
			download: 'file',
		});
		expect(webhooks(service, documentId)).toEqual([
			{ route: 'success', action: 'Approved' },
			{ route: 'success', action: 'Signed' },
			{ route: 'success', action: 'Signed' },
		]);

		await advance(service, 10 * HOUR);
		expect(webhooks(service, documentId)).toHaveLength(3);
		const done = await http.get(`${service.origin}/__emulator/invitee-schedule`, {
			params: { documentId },
		});
		expect(done.data.nextActionInMs).toBeNull();
	});

	it('catches up in signing order when the clock jumps past several turns', async () => {
		const service = await startActingLater({ ms: HOUR });
		const documentId = await createRequest(service, ['Asha Rao', 'Vikram Shah']);

		await advance(service, 2 * HOUR + 1);
		expect(actions(service, documentId)).toEqual(['signed', 'signed']);
		const [first, second] = service.slice<V3State>('v3').documents.get(documentId)!.invitees;
		expect(first.actedAt).toBeLessThanOrEqual(second.actedAt!);
		expect((await asTheServiceSays(service, documentId)).status).toBe('COMPLETED');
	});

	it('stops at a rejection: the next invitee never acts, the document stays SENT and is not handed out', async () => {
		const service = await startActingLater({ ms: HOUR });
		const documentId = await createRequest(service, ['Asha Rao', 'Vikram Shah']);
		await inviteeActs(service.env, documentId, 'reject', { reason: 'Wrong address' });

		await advance(service, 5 * HOUR);
		expect(actions(service, documentId)).toEqual(['rejected', '-']);
		expect(await asTheServiceSays(service, documentId)).toEqual({
			status: 'SENT',
			download: 'no.document.found',
		});
		expect(webhooks(service, documentId)).toEqual([{ route: 'error', action: 'Rejected' }]);
	});

	it('forgets a deleted document', async () => {
		const service = await startActingLater({ ms: HOUR });
		const documentId = await createRequest(service, ['Asha Rao']);
		const deleted = await http.delete(`${service.baseUrl}/v3.0/sign/request`, {
			params: { documentId },
		});
		expect(deleted.data.status).toBe(1);

		await advance(service, 2 * HOUR);
		expect(service.slice<V3State>('v3').documents.has(documentId)).toBe(false);
		expect(webhooks(service, documentId)).toEqual([]);
	});

	it('acts by itself in real time, without a request or a clock move', async () => {
		const service = await startActingLater({ ms: 20, reviewerPositions: [1] });
		const documentId = await createRequest(service, ['Ravi Menon', 'Asha Rao']);
		const deadline = Date.now() + 5000;
		while (actions(service, documentId).includes('-') && Date.now() < deadline)
			await new Promise((resolve) => setTimeout(resolve, 10));

		expect(actions(service, documentId)).toEqual(['approved', 'signed']);
		expect(webhooks(service, documentId).map(({ action }) => action)).toEqual([
			'Approved',
			'Signed',
		]);
	});

	it('is off by default: nobody acts however far the clock moves', async () => {
		emulator = await startEmulator();
		const documentId = await createRequest(emulator, ['Asha Rao']);
		emulator.clock.advance(48 * HOUR);
		expect(emulator.inviteeSchedule).toBeUndefined();
		expect(actions(emulator, documentId)).toEqual(['-']);
	});
});

describe('the command line of the "invitees act later" mode', () => {
	it('reads --invitees-act-after and --reviewers', () => {
		expect(parseArgs(['--invitees-act-after=4000', '--reviewers=1,3']).inviteesActAfter).toEqual({
			ms: 4000,
			reviewerPositions: [1, 3],
		});
		expect(parseArgs(['--invitees-act-after=0']).inviteesActAfter).toEqual({
			ms: 0,
			reviewerPositions: [],
		});
		expect(parseArgs([]).inviteesActAfter).toBeUndefined();
	});

	it('refuses a delay that is not a number of milliseconds, a position below 1, and a mix with --sign-on-create', () => {
		expect(() => parseArgs(['--invitees-act-after=soon'])).toThrow(/--invitees-act-after/);
		expect(() => parseArgs(['--invitees-act-after=10', '--reviewers=0'])).toThrow(/--reviewers/);
		expect(() => parseArgs(['--reviewers=1'])).toThrow(/needs --invitees-act-after/);
		expect(() => parseArgs(['--sign-on-create', '--invitees-act-after=10'])).toThrow(
			/exclude each other/,
		);
	});
});
