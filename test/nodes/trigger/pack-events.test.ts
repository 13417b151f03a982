import {
	deliverWebhook,
	isErrorEnvelope,
	WEBHOOK4_EVENT_TYPES,
	type Webhook4EventType,
} from '../../emulator/families/webhooks';
import { triggerTestbed } from './helpers';

/**
 * Pack (Webhook 4.0) envelopes of every event type public client code shows reach the same kinds as the v3
 * events, so the Events filter's choices catch them: each starts exactly one execution of its kind, and the
 * envelope's own eventType stays in the output.
 */

const bed = triggerTestbed();

const KINDS: Record<Webhook4EventType, string> = {
	REVIEWER_APPROVAL: 'REVIEWER_APPROVAL',
	SIGNED: 'INVITEE_SIGNED',
	SIGNER_REJECTED: 'INVITEE_REJECTED',
	REVIEWER_REJECTED: 'INVITEE_REJECTED',
};

describe('Document Execution Trigger: every Webhook 4.0 event type', () => {
	it.each(WEBHOOK4_EVENT_TYPES.map((eventType) => ({ eventType, kind: KINDS[eventType] })))(
		'Events = $kind: a $eventType envelope starts exactly one execution of that kind, the other types none',
		async ({ eventType, kind }) => {
			const hook = await bed.serve({ events: [kind] });
			const deliveries = [];
			for (const type of WEBHOOK4_EVENT_TYPES)
				deliveries.push(
					await deliverWebhook(bed.emulator.env, {
						url: hook.url(isErrorEnvelope(type) ? 'error' : 'default'),
						documentId: `DOC-${type}`,
						eventType: type,
					}),
				);
			await hook.settled();

			expect(deliveries.map((delivery) => delivery.attempts[0].status)).toEqual(
				WEBHOOK4_EVENT_TYPES.map(() => 200),
			);
			const started = WEBHOOK4_EVENT_TYPES.filter((type) => KINDS[type] === kind);
			expect(hook.executions).toHaveLength(started.length);
			const own = hook.executions.find(
				(execution) => execution.items[0].json.eventType === eventType,
			)!;
			expect(own.items[0].json.event).toMatchObject({
				kind,
				eventType,
				shape: 'webhook4',
				documentId: `DOC-${eventType}`,
			});
			expect(hook.failures).toHaveLength(0);
		},
	);

	it('Only Completed Documents lets a fully executed pack document (PACK_PENDING_COMPLETION) through, a SENT one not', async () => {
		const hook = await bed.serve({
			events: ['INVITEE_SIGNED'],
			options: { completedOnly: true },
		});
		for (const [documentId, documentStatus] of [
			['DOC-SENT', 'SENT'],
			['DOC-PENDING', 'PACK_PENDING_COMPLETION'],
			['DOC-DONE', 'COMPLETED'],
		] as const)
			await deliverWebhook(bed.emulator.env, {
				url: hook.url(),
				documentId,
				eventType: 'SIGNED',
				documentStatus,
			});
		await hook.settled();
		expect(
			hook.executions.map((execution) => execution.items[0].json.event as Record<string, unknown>),
		).toEqual([
			expect.objectContaining({
				documentId: 'DOC-PENDING',
				documentStatus: 'PACK_PENDING_COMPLETION',
			}),
			expect.objectContaining({ documentId: 'DOC-DONE', documentStatus: 'COMPLETED' }),
		]);
		// The envelope says the status: the service is not asked.
		expect(bed.emulator.requests).toHaveLength(0);
	});

	it('"Other Event Types" saved with an envelope\'s own eventType (SIGNED) still matches it', async () => {
		const hook = await bed.serve({ events: ['INVITEE_REJECTED'], otherEventTypes: 'SIGNED' });
		await deliverWebhook(bed.emulator.env, { url: hook.url(), eventType: 'SIGNED' });
		await deliverWebhook(bed.emulator.env, { url: hook.url(), eventType: 'REVIEWER_APPROVAL' });
		await hook.settled();
		expect(hook.executions.map((execution) => execution.items[0].json.eventType)).toEqual([
			'SIGNED',
		]);
	});
});
