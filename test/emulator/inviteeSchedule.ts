import { activeInvitee, isExpired, type V3Invitee, type V3State } from './families/v3';
import { inviteeActs } from './families/v3-invitee-actions';
import { json, type Router } from './http';
import type { EmulatorEnv } from './server';

/**
 * The emulator's "invitees act later" mode (`startEmulator({ inviteesActAfter })`, the command line's
 * `--invitees-act-after=<ms>`). On the live service signing takes hours: the invitees of a signing request act
 * later, one by one in signing order. Here, once a v3 signing request is sent, its active invitee acts `ms`
 * after its turn starts (the request's creation for the first invitee, the previous invitee's due time for the
 * next): a signer signs, a reviewer approves. The workflows put their reviewers at `reviewerPositions`
 * (1-based signing-order positions, the same for every workflow; none by default). Each action is the
 * invitee action of v3-invitee-actions, so the document's state changes as there and the webhook configured
 * for the invitee is delivered. The schedule stops where nobody can act (the document completed, an
 * invitation rejected or expired, the document deleted) and skips a DRAFT.
 *
 * Times are on the emulator's clock: a timer does each action when it falls due, and `actDue()` does at once
 * every action due by the clock, so that a test that moves the clock need not wait.
 * `GET /__emulator/invitee-schedule?documentId=` shows where a document stands (each invitee's state, when the
 * next acts), for a process that watches a flow wait (the demo's progress line) without reading as a client.
 */
export interface InviteesActAfter {
	/** How long after its turn starts each invitee acts. */
	ms: number;
	/** The signing-order positions (from 1) at which the workflows put a reviewer. */
	reviewerPositions?: number[];
}

export class InviteeSchedule {
	/** documentId → when (emulator clock) its active invitee acts. */
	private readonly due = new Map<string, number>();
	private timer?: NodeJS.Timeout;
	/** The actions run one at a time, in order of due time. */
	private running: Promise<void> = Promise.resolve();

	constructor(
		private readonly env: EmulatorEnv,
		private readonly options: InviteesActAfter,
	) {
		if (!Number.isFinite(options.ms) || options.ms < 0)
			throw new Error(`inviteesActAfter.ms must be a number of milliseconds, got ${options.ms}`);
		env.events.on('v3DocumentCreated', (documentId: string) => {
			this.due.set(documentId, env.clock.now() + options.ms);
			this.arm();
		});
		env.events.on('documentDeleted', (documentId: string) => this.due.delete(documentId));
	}

	/** Does every action due by the emulator's clock; answers once they and their webhooks are done. */
	actDue(): Promise<void> {
		this.running = this.running.catch(() => undefined).then(() => this.runDue());
		return this.running;
	}

	register(router: Router): void {
		router.add('GET', '/__emulator/invitee-schedule', (ctx) => {
			const documentId = ctx.query.documentId ?? '';
			const doc = this.env.slice<V3State>('v3').documents.get(documentId);
			if (!doc) return json(404, { message: `No document ${documentId}` });
			const now = this.env.clock.now();
			const active = activeInvitee(doc, now);
			const stateOf = (invitee: V3Invitee) => {
				if (invitee.signed) return 'signed';
				if (invitee.approved) return 'approved';
				if (invitee.rejected) return 'rejected';
				if (isExpired(invitee, now)) return 'expired';
				return invitee === active ? 'active' : 'waiting';
			};
			const dueAt = this.due.get(documentId);
			return json(200, {
				documentId,
				invitees: doc.invitees.map((invitee) => ({ name: invitee.name, state: stateOf(invitee) })),
				nextActionInMs: dueAt === undefined ? null : Math.max(0, dueAt - now),
			});
		});
	}

	/** No more actions (the emulator closes). */
	stop(): void {
		clearTimeout(this.timer);
		this.due.clear();
	}

	private async runDue(): Promise<void> {
		for (;;) {
			const now = this.env.clock.now();
			const [next] = [...this.due].filter(([, at]) => at <= now).sort((a, b) => a[1] - b[1]);
			if (!next) break;
			await this.actOn(...next);
		}
		this.arm();
	}

	/** The active invitee of the document acts; the next one's turn starts at this one's due time. */
	private async actOn(documentId: string, dueAt: number): Promise<void> {
		const doc = this.env.slice<V3State>('v3').documents.get(documentId);
		const invitee = doc && activeInvitee(doc, this.env.clock.now());
		if (!invitee) {
			this.due.delete(documentId);
			return;
		}
		const position = doc.invitees.indexOf(invitee) + 1;
		const reviews = this.options.reviewerPositions?.includes(position) ?? false;
		try {
			await inviteeActs(this.env, documentId, reviews ? 'review-approve' : 'sign-next');
		} catch {
			// The document changed meanwhile (deleted, nobody can act): its schedule ends below.
		}
		if (this.due.get(documentId) !== dueAt) return; // deleted while its webhook was delivered
		if (activeInvitee(doc, this.env.clock.now())) this.due.set(documentId, dueAt + this.options.ms);
		else this.due.delete(documentId);
	}

	/** A timer for the earliest due action, on the emulator's clock. */
	private arm(): void {
		clearTimeout(this.timer);
		if (this.due.size === 0) return;
		const next = Math.min(...this.due.values());
		this.timer = setTimeout(() => void this.actDue(), Math.max(0, next - this.env.clock.now()));
		this.timer.unref();
	}
}
