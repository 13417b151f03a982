import { createHmac } from 'node:crypto';
import { Agent } from 'node:http';

import { buildEnvelope, buildV3Event, V3_EVENT_KINDS } from '../../emulator/families/webhooks';
import { DEFAULT_SALT, startEmulator, type Emulator } from '../../emulator/server';
import { startWebhookServer, type WebhookServer } from '../../harness/webhook-server';
import { tokenCredential } from '../../support/credentials';
import { postRaw, triggerWorkflow } from './helpers';

/**
 * Property: with a Private Salt set, no tampered delivery is accepted, in either shape the service sends (the
 * v3 flat body and the Webhook 4.0 envelope). Each case is a real HTTP POST to the trigger's production URL
 * (loopback, one keep-alive agent), built from a body the emulator would send and then altered in one way. Genuine deliveries are interleaved as controls, so that a trigger refusing
 * everything would fail the test. The generator is seeded: a failure names its case and reproduces.
 */

const CASES_PER_KIND = 220;
const SEED = 0x5eed_2024;

/** mulberry32: small, seeded, good enough to spread cases. */
function prng(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const int = (max: number) => Math.floor(next() * max);
	const bytes = (length: number) => Buffer.from(Array.from({ length }, () => int(256)));
	const pick = <T>(values: readonly T[]) => values[int(values.length)];
	return { next, int, bytes, pick };
}

const hmac = (value: string, key: string) =>
	createHmac('sha1', key).update(value, 'utf8').digest('hex');
const HEX = '0123456789abcdef';

interface Case {
	kind: string;
	detail: string;
	body: string | Buffer;
	contentType?: string;
}

type Shape = 'webhook4' | 'v3';

/** A body the emulator would send about a document id, in the shape asked for. */
function genuineBody(
	emulator: Emulator,
	shape: Shape,
	documentId: string,
	pick: <T>(values: readonly T[]) => T,
): Record<string, unknown> {
	return shape === 'v3'
		? buildV3Event(emulator.env, { event: pick(V3_EVENT_KINDS), documentId })
		: buildEnvelope(emulator.env, { documentId });
}

/** The document id the trigger read, from its normalised output. */
const eventDocumentId = (json: Record<string, unknown>) =>
	String((json.event as { documentId: string }).documentId);

function tamperedCases(emulator: Emulator, shape: Shape): Case[] {
	const random = prng(SEED);
	const cases: Case[] = [];
	const documentId = () => `DOC-${random.bytes(6).toString('hex').toUpperCase()}`;
	const genuine = (id = documentId()) => genuineBody(emulator, shape, id, random.pick);
	const withMac = (envelope: Record<string, unknown>, mac: unknown) =>
		JSON.stringify({ ...envelope, mac });
	const changeOneChar = (value: string) => {
		const at = random.int(value.length);
		const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
		let replacement = value[at];
		while (replacement === value[at]) replacement = random.pick(alphabet.split(''));
		return value.slice(0, at) + replacement + value.slice(at + 1);
	};

	for (let index = 0; index < CASES_PER_KIND; index++) {
		// 1. Random bytes: as the whole body (JSON declared or not), or as the mac value.
		const variant = index % 4;
		if (variant === 0)
			cases.push({
				kind: 'random bytes',
				detail: 'body, application/json',
				body: random.bytes(1 + random.int(300)),
			});
		else if (variant === 1)
			cases.push({
				kind: 'random bytes',
				detail: 'body, application/octet-stream',
				body: random.bytes(1 + random.int(300)),
				contentType: 'application/octet-stream',
			});
		else if (variant === 2)
			cases.push({
				kind: 'random bytes',
				detail: 'mac = 40 random hex digits',
				body: withMac(genuine(), random.bytes(20).toString('hex')),
			});
		else
			cases.push({
				kind: 'random bytes',
				detail: 'mac = random latin1 text',
				body: withMac(genuine(), random.bytes(1 + random.int(60)).toString('latin1')),
			});

		// 2. One hex digit of the genuine MAC flipped to another hex digit.
		{
			const envelope = genuine();
			const mac = envelope.mac as string;
			const at = random.int(40);
			let digit = mac[at];
			while (digit === mac[at]) digit = HEX[random.int(16)];
			cases.push({
				kind: 'flipped hex digit',
				detail: `position ${at}`,
				body: withMac(envelope, mac.slice(0, at) + digit + mac.slice(at + 1)),
			});
		}

		// 3. The genuine MAC of one document carried by an envelope of another document id.
		{
			const original = documentId();
			const mac = hmac(original, DEFAULT_SALT);
			const otherId = random.pick([
				() => documentId(),
				() => changeOneChar(original),
				() => original.toLowerCase(),
				() => `${original} `,
				() => `${original}0`,
				() => original.slice(0, -1),
			])();
			cases.push({
				kind: 'other document id',
				detail: `${original} -> ${JSON.stringify(otherId)}`,
				body: withMac(genuine(otherId), mac),
			});
		}

		// 4. A MAC over the right document id keyed by another salt.
		{
			const id = documentId();
			const salt = random.pick([
				() => random.bytes(12).toString('hex'),
				() => changeOneChar(DEFAULT_SALT),
				() => DEFAULT_SALT.toUpperCase(),
				() => `${DEFAULT_SALT} `,
				() => DEFAULT_SALT.slice(0, -1),
				() => 'other-account-salt',
				() => '',
			])();
			cases.push({
				kind: 'other salt',
				detail: JSON.stringify(salt),
				body: withMac(genuine(id), hmac(id, salt)),
			});
		}

		// 5. Case changes of the genuine MAC (decision: only the lowercase hex the service sends passes).
		{
			const envelope = genuine();
			const mac = envelope.mac as string;
			if (!/[a-f]/.test(mac)) continue;
			let changed = mac.toUpperCase();
			if (index % 2 === 1) {
				// Mixed case: at least one letter upper-cased, the rest at random.
				const letters = [...mac]
					.map((char, at) => (/[a-f]/.test(char) ? at : -1))
					.filter((at) => at >= 0);
				const forced = random.pick(letters);
				changed = [...mac]
					.map((char, at) => (at === forced || random.next() < 0.5 ? char.toUpperCase() : char))
					.join('');
			}
			cases.push({
				kind: 'case change',
				detail: index % 2 ? 'mixed case' : 'upper case',
				body: withMac(envelope, changed),
			});
		}
	}
	return cases;
}

let emulator: Emulator;
let server: WebhookServer;
let agent: Agent;
beforeEach(async () => {
	agent = new Agent({ keepAlive: true, maxSockets: 1 });
	emulator = await startEmulator();
	server = await startWebhookServer({
		workflow: triggerWorkflow(),
		credentials: {
			documentExecutionApi: { ...tokenCredential(emulator), privateSalt: DEFAULT_SALT },
		},
	});
});
afterEach(async () => {
	agent.destroy();
	await server.close();
	await emulator.close();
});

it.each<Shape>(['v3', 'webhook4'])(
	'%s: accepts none of at least 1,000 tampered deliveries sent over HTTP, and every genuine control',
	async (shape) => {
		const cases = tamperedCases(emulator, shape);
		const control = prng(SEED ^ 1);
		expect(cases.length).toBeGreaterThanOrEqual(1000);

		const accepted: Array<Case & { status: number }> = [];
		const statuses = new Map<number, number>();
		const byKind = new Map<string, number>();
		let controls = 0;
		for (const [index, tampered] of cases.entries()) {
			const answer = await postRaw(server.url(), tampered.body, tampered.contentType, agent);
			statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
			byKind.set(tampered.kind, (byKind.get(tampered.kind) ?? 0) + 1);
			if (answer.status < 300) accepted.push({ ...tampered, status: answer.status });
			if (index % 50 === 0) {
				const answer = await postRaw(
					server.url(),
					JSON.stringify(genuineBody(emulator, shape, `CONTROL-${index}`, control.pick)),
					undefined,
					agent,
				);
				expect(answer.status).toBe(200);
				controls++;
			}
		}
		await server.settled();

		// Every kind of tampering was tried often, and a genuine control went through every 50 deliveries.
		expect([...byKind.keys()].sort()).toEqual([
			'case change',
			'flipped hex digit',
			'other document id',
			'other salt',
			'random bytes',
		]);
		for (const count of byKind.values()) expect(count).toBeGreaterThanOrEqual(200);
		expect(controls).toBe(Math.ceil(cases.length / 50));
		expect(accepted).toEqual([]);
		expect([...statuses.keys()].every((status) => [400, 401, 422].includes(status))).toBe(true);
		// Only the controls started executions, each with its own document.
		expect(server.executions).toHaveLength(controls);
		expect(
			server.executions.every((execution) =>
				eventDocumentId(execution.items[0].json).startsWith('CONTROL-'),
			),
		).toBe(true);
		expect(server.failures).toHaveLength(0);
	},
);
