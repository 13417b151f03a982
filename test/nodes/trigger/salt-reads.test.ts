import { createHmac } from 'node:crypto';

import { buildEnvelope } from '../../emulator/families/webhooks';
import type { WebhookServer } from '../../harness/webhook-server';
import { postRaw, triggerTestbed } from './helpers';

/**
 * The trigger reads its credential's Private Salt once for a burst of deliveries (n8n builds an expression
 * isolate for every credential read outside an execution), and still honours a rotated salt at its first
 * delivery and refuses a wrong one.
 */

const bed = triggerTestbed();

const mac = (documentId: string, salt: string) =>
	createHmac('sha1', salt).update(documentId).digest('hex');

/** Posts a genuine-shaped envelope for `documentId`, MAC'd with `salt`; answers the HTTP status. */
async function deliver(hook: WebhookServer, documentId: string, salt: string): Promise<number> {
	const envelope = buildEnvelope(bed.emulator.env, {
		documentId,
		overrides: { mac: mac(documentId, salt) },
	});
	return (await postRaw(hook.url(), JSON.stringify(envelope))).status;
}

/** Counts the trigger's reads of its credential, each taking `readMs` as a database read does in n8n. */
function countReads(hook: WebhookServer, readMs = 0): { count: number } {
	const reads = { count: 0 };
	const read = hook.credentialsHelper.getDecrypted.bind(hook.credentialsHelper);
	jest.spyOn(hook.credentialsHelper, 'getDecrypted').mockImplementation(async (...args) => {
		reads.count += 1;
		await new Promise((resolve) => setTimeout(resolve, readMs));
		return await read(...args);
	});
	return reads;
}

const setSalt = (hook: WebhookServer, salt: string) =>
	hook.credentialsHelper.store.set('documentExecutionApi', {
		...hook.credentialsHelper.store.get('documentExecutionApi'),
		privateSalt: salt,
	});

describe('Document Execution Trigger: the Private Salt is read once for a burst', () => {
	it('five deliveries read the credential once, and each starts its execution', async () => {
		const hook = await bed.serve({}, bed.withSalt('salt-one'));
		const reads = countReads(hook);
		for (const n of [1, 2, 3, 4, 5]) expect(await deliver(hook, `DOC-B${n}`, 'salt-one')).toBe(200);
		await hook.settled();
		expect(hook.executions).toHaveLength(5);
		expect(reads.count).toBe(1);
	});

	it('five deliveries arriving while the credential is read share that read', async () => {
		const hook = await bed.serve({}, bed.withSalt('salt-one'));
		const reads = countReads(hook, 200);
		const statuses = await Promise.all(
			[1, 2, 3, 4, 5].map((n) => deliver(hook, `DOC-C${n}`, 'salt-one')),
		);
		expect(statuses).toEqual([200, 200, 200, 200, 200]);
		await hook.settled();
		expect(hook.executions).toHaveLength(5);
		expect(reads.count).toBe(1);
	});

	it('a rotated salt is honoured at its first delivery (the credential read again once)', async () => {
		const hook = await bed.serve({}, bed.withSalt('before-rotation'));
		const reads = countReads(hook);
		expect(await deliver(hook, 'DOC-R1', 'before-rotation')).toBe(200);
		setSalt(hook, 'after-rotation');

		expect(await deliver(hook, 'DOC-R2', 'after-rotation')).toBe(200);
		expect(await deliver(hook, 'DOC-R3', 'after-rotation')).toBe(200);
		await hook.settled();
		expect(hook.executions.map((run) => run.items[0].json.event)).toMatchObject([
			{ documentId: 'DOC-R1' },
			{ documentId: 'DOC-R2' },
			{ documentId: 'DOC-R3' },
		]);
		expect(reads.count).toBe(2);
	});

	it('a wrong salt is refused after the credential is read again, and starts nothing', async () => {
		const hook = await bed.serve({}, bed.withSalt('the-salt'));
		const reads = countReads(hook);
		expect(await deliver(hook, 'DOC-W1', 'the-salt')).toBe(200);
		expect(await deliver(hook, 'DOC-W2', 'not-the-salt')).toBe(401);
		expect(await deliver(hook, 'DOC-W3', 'not-the-salt')).toBe(401);
		await hook.settled();
		expect(hook.executions).toHaveLength(1);
		// One read for the first delivery, one fresh read for each refused one.
		expect(reads.count).toBe(3);
	});

	it('a salt set on a credential that had none turns verification on at the next delivery', async () => {
		const hook = await bed.serve({}, bed.withSalt(''));
		expect(await deliver(hook, 'DOC-N1', 'anything')).toBe(200);
		setSalt(hook, 'now-set');
		expect(await deliver(hook, 'DOC-N2', 'anything')).toBe(401);
		expect(await deliver(hook, 'DOC-N3', 'now-set')).toBe(200);
	});

	it('two credentials keep their own salts', async () => {
		const first = await bed.serve({}, bed.withSalt('first-salt'));
		const second = await bed.serve({}, bed.withSalt('second-salt'));
		expect(await deliver(first, 'DOC-T1', 'first-salt')).toBe(200);
		expect(await deliver(second, 'DOC-T2', 'second-salt')).toBe(200);
		expect(await deliver(first, 'DOC-T3', 'second-salt')).toBe(401);
		expect(await deliver(second, 'DOC-T4', 'first-salt')).toBe(401);
	});
});
