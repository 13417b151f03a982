import type { ShapedDelivery } from '../../../nodes/DocumentExecutionTrigger/delivery';
import {
	eventKey,
	RECENT_DELIVERIES,
	remember,
	rememberedKeys,
	seenRecently,
} from '../../../nodes/DocumentExecutionTrigger/recentDeliveries';
import { V3_SEED } from '../../emulator/families/v3';
import { buildEnvelope, buildV3Event, deliverV3Event } from '../../emulator/families/webhooks';
import { postRaw, triggerTestbed } from './helpers';

/**
 * Each delivery runs the flow once: the service sends a delivery again when it did not see it acknowledged,
 * and anyone who saw a genuine delivery can replay it. A repeat is acknowledged (200) and starts nothing; the
 * trigger answers with its own short acknowledgement; a delivery whose Re-Fetch failed is not remembered.
 */

const bed = triggerTestbed();
const { serve } = bed;

const SHAPES = {
	v3: () => buildV3Event(bed.emulator.env, { event: 'signed', documentId: V3_SEED.sentDocumentId }),
	webhook4: () => buildEnvelope(bed.emulator.env, { documentId: 'DOC-ONCE' }),
};

describe('Document Execution Trigger: each delivery runs the flow once', () => {
	it.each(Object.keys(SHAPES) as Array<keyof typeof SHAPES>)(
		'%s: the same delivery sent three more times starts one execution; every answer is a short 200',
		async (shape) => {
			const hook = await serve();
			const body = JSON.stringify(SHAPES[shape]());
			const answers = [];
			for (let attempt = 0; attempt < 4; attempt++) answers.push(await postRaw(hook.url(), body));
			await hook.settled();

			expect(answers.map(({ status }) => status)).toEqual([200, 200, 200, 200]);
			expect(JSON.parse(answers[0].body)).toEqual({ message: 'Delivery received' });
			for (const repeat of answers.slice(1))
				expect(JSON.parse(repeat.body)).toEqual({ message: 'Delivery already received; ignored' });
			expect(hook.executions).toHaveLength(1);
		},
	);

	it('different events of one document each run: both signers of a document, and a signature after a rejection', async () => {
		const hook = await serve();
		await deliverV3Event(bed.emulator.env, {
			url: hook.url(),
			event: 'signed',
			documentId: V3_SEED.sentDocumentId,
			inviteeIndex: 0,
		});
		await deliverV3Event(bed.emulator.env, {
			url: hook.url(),
			event: 'signed',
			documentId: V3_SEED.sentDocumentId,
			inviteeIndex: 1,
		});
		await deliverV3Event(bed.emulator.env, {
			url: hook.url('error'),
			event: 'rejected',
			documentId: V3_SEED.sentDocumentId,
			inviteeIndex: 1,
		});
		await hook.settled();
		expect(
			hook.executions.map((execution) => (execution.items[0].json.event as { kind: string }).kind),
		).toEqual(['INVITEE_SIGNED', 'INVITEE_SIGNED', 'INVITEE_REJECTED']);
	});

	it('a delivery ignored by the event filter is acknowledged again each time, and a forged repeat is still refused', async () => {
		const hook = await serve({ options: { eventTypes: ['INVITEE_REJECTED'] } });
		const body = SHAPES.v3();
		for (let attempt = 0; attempt < 2; attempt++) {
			const answer = await postRaw(hook.url(), JSON.stringify(body));
			expect([answer.status, JSON.parse(answer.body)]).toEqual([
				200,
				{ message: "Not selected in the trigger's options; ignored" },
			]);
		}
		expect(await postRaw(hook.url(), JSON.stringify({ ...body, mac: '0'.repeat(40) }))).toEqual({
			status: 401,
			body: '',
		});
		await hook.settled();
		expect(hook.executions).toHaveLength(0);
	});

	it('a delivery whose Re-Fetch failed gets 503 with a short body, is not remembered, and runs when the service sends it again', async () => {
		const hook = await serve({ options: { refetchStatus: true } });
		const body = JSON.stringify(SHAPES.v3());
		bed.emulator.faults.inject({ path: '/api/v3.2/sign/request', kind: 'http500' });
		const failed = await postRaw(hook.url(), body);
		const retried = await postRaw(hook.url(), body);
		const repeated = await postRaw(hook.url(), body);
		await hook.settled();

		expect(failed).toEqual({
			status: 503,
			body: JSON.stringify({
				message: 'The delivery could not be confirmed with the service; send it again later',
			}),
		});
		expect(hook.failures).toHaveLength(1);
		expect(hook.failures[0].error.message).not.toMatch(/\n\s+at /);
		expect([retried.status, JSON.parse(retried.body)]).toEqual([
			200,
			{ message: 'Delivery received' },
		]);
		expect(JSON.parse(repeated.body)).toEqual({ message: 'Delivery already received; ignored' });
		expect(hook.executions).toHaveLength(1);
	});
});

describe('the window of recent deliveries', () => {
	const delivery: ShapedDelivery = { shape: 'v3', documentId: 'D-1' };
	const body = (signUrl: string) => ({
		documentId: 'D-1',
		documentStatus: 'Sent',
		request: { signUrl, expiryDate: '01-01-2027 23:59:00' },
	});

	it('names one event by what identifies it, not by the bytes: another mac or key order is the same event', () => {
		const key = eventKey(body('u-1'), delivery, 'INVITEE_SIGNED');
		expect(eventKey({ mac: 'x', ...body('u-1') }, delivery, 'INVITEE_SIGNED')).toBe(key);
		expect(eventKey(body('u-2'), delivery, 'INVITEE_SIGNED')).not.toBe(key);
		expect(eventKey(body('u-1'), delivery, 'INVITEE_REJECTED')).not.toBe(key);
		expect(
			eventKey(
				{ ...body('u-1'), request: { signUrl: 'u-1', expiryDate: '02-01-2027 23:59:00' } },
				delivery,
				'INVITEE_SIGNED',
			),
		).not.toBe(key);
		expect(key).toMatch(/^[0-9a-f]{32}$/);
	});

	it('forgets what is older than the window, and keeps at most the newest entries however many arrive', () => {
		const scope = `window test ${Math.random()}`;
		const start = Date.UTC(2026, 10, 23);
		remember(scope, 'first', start);
		expect(seenRecently(scope, 'first', start + RECENT_DELIVERIES.windowMs - 1)).toBe(true);
		expect(seenRecently(scope, 'first', start + RECENT_DELIVERIES.windowMs)).toBe(false);
		expect(seenRecently('another trigger node', 'first', start)).toBe(false);

		for (let index = 0; index < RECENT_DELIVERIES.maxEntries + 250; index++)
			remember(scope, `k${index}`, start + 1000 + index);
		const kept = rememberedKeys(scope);
		expect(kept).toHaveLength(RECENT_DELIVERIES.maxEntries);
		expect(kept[0]).toBe('k250');
		expect(kept.at(-1)).toBe(`k${RECENT_DELIVERIES.maxEntries + 249}`);

		remember(scope, 'late', start + 1000 + RECENT_DELIVERIES.windowMs + 500);
		expect(rememberedKeys(scope)).toEqual(
			kept.filter((name) => Number(name.slice(1)) > 500).concat('late'),
		);
	});
});
