import { EventEmitter } from 'node:events';
import { request } from 'node:http';

import { DocumentExecutionTrigger } from '../../../nodes/DocumentExecutionTrigger/DocumentExecutionTrigger.node';
import type { ShapedDelivery } from '../../../nodes/DocumentExecutionTrigger/delivery';
import {
	claim,
	eventKey,
	RECENT_DELIVERIES,
	rememberedKeys,
	type ServiceAnswer,
} from '../../../nodes/DocumentExecutionTrigger/recentDeliveries';
import { V3_SEED } from '../../emulator/families/v3';
import { buildEnvelope, buildV3Event, deliverV3Event } from '../../emulator/families/webhooks';
import { postRaw, triggerTestbed } from './helpers';

/**
 * Each delivery runs the flow once: the service sends a delivery again when it did not see it acknowledged,
 * and anyone who saw a genuine delivery can replay it. A repeat is acknowledged (200) and starts nothing; the
 * trigger answers with its own short acknowledgement. An event is kept only once n8n answered the service with
 * a 2xx: one whose Re-Fetch failed, or whose execution n8n could not store, runs when the service sends it again.
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
		const hook = await serve({ events: ['INVITEE_REJECTED'] });
		const body = SHAPES.v3();
		for (let attempt = 0; attempt < 2; attempt++) {
			const answer = await postRaw(hook.url(), JSON.stringify(body));
			expect([answer.status, JSON.parse(answer.body)]).toEqual([
				200,
				{ message: "Not selected in the trigger's Events or Options; ignored" },
			]);
		}
		expect(await postRaw(hook.url(), JSON.stringify({ ...body, mac: '0'.repeat(40) }))).toEqual({
			status: 401,
			body: '',
		});
		await hook.settled();
		expect(hook.executions).toHaveLength(0);
	});

	it.each([
		{
			case: 'its Re-Fetch failed: the trigger answers 503 with a short body',
			serveIt: () => serve({ options: { refetchStatus: true } }),
			fail: () => bed.emulator.faults.inject({ path: '/api/v3.2/sign/request', kind: 'http500' }),
			answer: {
				status: 503,
				body: {
					message: 'The delivery could not be confirmed with the service; send it again later',
				},
			},
			failedExecutions: 1,
		},
		{
			case: 'n8n could not store its execution: n8n answers 500',
			serveIt: () => {
				let stores = 0;
				return serve({}, bed.withSalt(), undefined, { storeExecution: () => ++stores > 1 });
			},
			fail: () => undefined,
			answer: {
				status: 500,
				body: { code: 0, message: 'There was a problem executing the workflow' },
			},
			failedExecutions: 0,
		},
	])(
		'a delivery n8n did not take is forgotten and runs when the service sends it again ($case)',
		async ({ serveIt, fail, answer, failedExecutions }) => {
			const hook = await serveIt();
			const body = JSON.stringify(SHAPES.v3());
			fail();
			const failed = await postRaw(hook.url(), body);
			const resent = await postRaw(hook.url(), body);
			const repeated = await postRaw(hook.url(), body);
			await hook.settled();

			expect({ status: failed.status, body: JSON.parse(failed.body) }).toEqual(answer);
			expect(hook.failures).toHaveLength(failedExecutions);
			for (const { error } of hook.failures) expect(error.message).not.toMatch(/\n\s+at /);
			expect([resent.status, JSON.parse(resent.body)]).toEqual([
				200,
				{ message: 'Delivery received' },
			]);
			expect(JSON.parse(repeated.body)).toEqual({ message: 'Delivery already received; ignored' });
			expect(hook.executions).toHaveLength(1);
		},
	);

	it('a delivery n8n stored (answered 200) is not run again when the service sends it again', async () => {
		const hook = await serve();
		const body = JSON.stringify(SHAPES.v3());
		const first = await postRaw(hook.url(), body);
		const resent = await postRaw(hook.url(), body);
		await hook.settled();

		expect(first.status).toBe(200);
		expect([resent.status, JSON.parse(resent.body)]).toEqual([
			200,
			{ message: 'Delivery already received; ignored' },
		]);
		expect(hook.executions).toHaveLength(1);
	});

	it('an event tried at the Test URL still runs the active workflow once, and each URL ignores its own repeats', async () => {
		const hook = await serve();
		const body = JSON.stringify(SHAPES.v3());
		const messages = [];
		for (const url of [hook.testUrl(), hook.url(), hook.testUrl(), hook.url()])
			messages.push(JSON.parse((await postRaw(url, body)).body) as unknown);
		await hook.settled();

		expect(messages).toEqual([
			{ message: 'Delivery received' },
			{ message: 'Delivery received' },
			{ message: 'Delivery already received; ignored' },
			{ message: 'Delivery already received; ignored' },
		]);
		expect(hook.executions).toHaveLength(2);
	});

	it.each([
		['stores it', true, [200, 200]],
		['cannot store it (500)', false, [200, 500]],
	] as const)(
		'two copies at once while n8n is slow to store the first: one execution when n8n %s',
		async (_outcome, firstStored, statuses) => {
			let stores = 0;
			// A slow database: the other copy arrives while the first copy's answer is not yet written.
			const slowly = async () => {
				await new Promise((resolve) => setTimeout(resolve, 150));
				return ++stores > 1 || firstStored;
			};
			const hook = await serve({}, bed.withSalt(), undefined, { storeExecution: slowly });
			const body = JSON.stringify(SHAPES.v3());
			const answers = await Promise.all([postRaw(hook.url(), body), postRaw(hook.url(), body)]);
			await hook.settled();

			expect(answers.map(({ status }) => status).sort()).toEqual(statuses);
			expect(hook.executions).toHaveLength(1);
			const received = answers.filter(({ body }) => body.includes('Delivery received'));
			expect(received).toHaveLength(1);
		},
	);

	it.each([
		['stores it', true, { message: 'Delivery already received; ignored' }],
		['cannot store it (500)', false, { message: 'Delivery received' }],
	] as const)(
		'the service hung up on the first copy before n8n answered: a copy meanwhile gets 503, a later one reads n8n’s answer (n8n %s)',
		async (_outcome, firstStored, later) => {
			let stores = 0;
			let reached: () => void = () => undefined;
			const storingStarted = new Promise<void>((resolve) => (reached = resolve));
			let storing: () => void = () => undefined;
			const stored = new Promise<void>((resolve) => (storing = resolve));
			const hook = await serve({}, bed.withSalt(), undefined, {
				storeExecution: async () => {
					reached();
					await stored;
					return ++stores > 1 || firstStored;
				},
			});
			const body = JSON.stringify(SHAPES.v3());
			// The service's own time-out: it closes the connection while n8n is still storing the execution.
			const first = request(hook.url(), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
			});
			first.on('error', () => undefined);
			first.end(body);
			await storingStarted;
			first.destroy();

			const meanwhile = await postRaw(hook.url(), body);
			expect([meanwhile.status, JSON.parse(meanwhile.body)]).toEqual([
				503,
				{
					message:
						'An earlier copy of this delivery is still being taken by n8n; send it again later',
				},
			]);
			// n8n writes its late answer into the closed connection before the next copy arrives.
			storing();
			const resent = await postRaw(hook.url(), body);
			await hook.settled();

			expect([resent.status, JSON.parse(resent.body)]).toEqual([200, later]);
			expect(hook.executions).toHaveLength(1);
		},
	);
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

	it('forgets what is older than the window, and keeps at most the newest entries however many arrive', async () => {
		const scope = `window test ${Math.random()}`;
		const start = Date.UTC(2026, 10, 23);
		expect(await claim(scope, 'first', start, answered(200))).toBe('claimed');
		expect(await claim(scope, 'first', start + RECENT_DELIVERIES.windowMs - 1, answered(200))).toBe(
			'taken',
		);
		expect(await claim(`${scope} (another node)`, 'first', start, answered(200))).toBe('claimed');
		expect(await claim(scope, 'first', start + RECENT_DELIVERIES.windowMs, answered(200))).toBe(
			'claimed',
		);

		const crowded = `${scope} (crowded)`;
		for (let index = 0; index < RECENT_DELIVERIES.maxEntries + 250; index++)
			await claim(crowded, `k${index}`, start + 1000 + index, answered(200));
		const kept = rememberedKeys(crowded);
		expect(kept).toHaveLength(RECENT_DELIVERIES.maxEntries);
		expect(kept[0]).toBe('k250');
		expect(kept.at(-1)).toBe(`k${RECENT_DELIVERIES.maxEntries + 249}`);

		await claim(crowded, 'late', start + 1000 + RECENT_DELIVERIES.windowMs + 500, answered(200));
		expect(rememberedKeys(crowded)).toEqual(
			kept.filter((name) => Number(name.slice(1)) > 500).concat('late'),
		);
	});

	it('keeps an event once n8n answered its delivery with a 2xx, and forgets it after any other status', async () => {
		const scope = `answers test ${Math.random()}`;
		for (const status of [200, 202, 500, 503, 401]) {
			const first = new PendingAnswer();
			expect(await claim(scope, `e${status}`, 0, first)).toBe('claimed');
			first.written(status);
			expect(await claim(scope, `e${status}`, 1, answered(200))).toBe(
				status >= 300 ? 'claimed' : 'taken',
			);
		}
	});

	it('a copy that arrives before the first answer is written waits for it, and claims the event only if it was not a 2xx', async () => {
		const scope = `copies test ${Math.random()}`;
		for (const [status, copyClaims] of [
			[200, 'taken'],
			[500, 'claimed'],
		] as const) {
			const first = new PendingAnswer();
			await claim(scope, `e${status}`, 0, first);
			let copy: string | undefined;
			const waiting = claim(scope, `e${status}`, 1, new PendingAnswer()).then(
				(claimed) => (copy = claimed),
			);
			await new Promise((resolve) => setImmediate(resolve));
			expect(copy).toBeUndefined();
			first.written(status);
			await waiting;
			expect(copy).toBe(copyClaims);
		}
	});

	it('a service that hung up before n8n answered: copies are undecided until n8n writes its answer, which the next copy reads', async () => {
		const scope = `hang-up test ${Math.random()}`;
		for (const [status, nextClaims] of [
			[200, 'taken'],
			[500, 'claimed'],
		] as const) {
			const first = new PendingAnswer();
			await claim(scope, `e${status}`, 0, first);
			first.hungUp();
			expect(await claim(scope, `e${status}`, 1, answered(200))).toBe('undecided');
			first.writtenAfterHangUp(status);
			expect(await claim(scope, `e${status}`, 2, answered(200))).toBe(nextClaims);
		}
	});
});

/** n8n's answer to a delivery, as express's Response shows it, before n8n has written it. */
class PendingAnswer extends EventEmitter implements ServiceAnswer {
	statusCode = 200;
	writableEnded = false;

	/** n8n writes its answer: the status is final and the response finishes. */
	written(status: number) {
		this.writtenAfterHangUp(status);
		this.emit('finish');
		this.emit('close');
	}

	/** The service closes the connection before n8n answered. */
	hungUp() {
		this.emit('close');
	}

	/** n8n writes its answer into a closed connection: no event follows. */
	writtenAfterHangUp(status: number) {
		this.statusCode = status;
		this.writableEnded = true;
	}
}

/** An answer n8n has already written with this status. */
function answered(status: number): ServiceAnswer {
	const answer = new PendingAnswer();
	answer.writtenAfterHangUp(status);
	return answer;
}

describe("the trigger's Options", () => {
	it('say what the memory of events covers: one n8n process, and the window in hours', () => {
		const options = new DocumentExecutionTrigger().description.properties.find(
			(property) => property.name === 'options',
		)!;
		expect(options.description).toContain(
			`same n8n process within ${RECENT_DELIVERIES.windowMs / 3600_000} hours`,
		);
		expect(options.description).toContain('24 hours');
	});
});
