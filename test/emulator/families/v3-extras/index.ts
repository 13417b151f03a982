import { v3Failure, v3Success } from '../../envelopes';
import type { Reply, RouteContext, Router } from '../../http';
import type { EmulatorEnv, EmulatorFamily } from '../../server';
import type { V3State } from '../v3';
import { notificationDetail, notificationList } from './handlers/ebg';
import { activateInvitation, deleteInvitation, markComplete } from './handlers/invitations';
import type { Account } from './handlers/shared';
import { seriesExpiry, seriesList } from './handlers/stamps';
import { purchaseList } from './handlers/wallet';
import { EXTRAS_SEED, seedState } from './seed';
import type { V3ExtrasState } from './state';
import { registerSwitches } from './switches';

/**
 * The v3 operations the spec leaves out and the service's knowledge base documents (one article each, cited in
 * test/emulator/choices/v3-extras.md): mark a document as complete, delete and activate one invitation, the
 * wallet balance and purchase list, the stamp series and groups and their expiry, and the eBG notification list
 * and detail. They act on the v3 family's documents, stamps and eBG notifications (`env.slice('v3')`); what the
 * v3 family does not hold (the wallet, its purchases, the series' details, the notifications' event types) is
 * this family's state.
 *
 * Seed (ids in `EXTRAS_SEED`): a wallet and the two purchases it holds; details and an expiry for each v3 stamp
 * series, one group holding two of them; two more eBG notifications next to the v3 family's, of other event
 * types and loans, one sent to another reviewer.
 *
 * Test-only switches change what these reads answer, in process (`setWallet`, `setSeries`, `addPurchase`,
 * `addEbgNotification`) or, for a process that is not the test, through the control routes that call them:
 * `PUT /__emulator/v3/wallet`, `PUT /__emulator/v3/series/:seriesNumber`, `POST /__emulator/v3/wallet/purchases`,
 * `POST /__emulator/v3/ebg-notifications`, each with the function's options as JSON body.
 */

export const family: EmulatorFamily<V3ExtrasState> = {
	name: 'v3Extras',
	createState: seedState,
	register(router: Router, env: EmulatorEnv) {
		const extras = () => env.slice<V3ExtrasState>('v3Extras');
		const v3 = () => env.slice<V3State>('v3');
		// The v3 family's notifications are seeded before any request: this family's extra ones join them here.
		for (const { notifTxnId, ...rest } of EXTRAS_SEED.ebgNotifications) {
			if ('requestId' in rest)
				v3().ebgNotifications.set(notifTxnId, {
					requestId: rest.requestId,
					loanNumber: rest.loanNumber,
				});
		}
		const route = (
			method: string,
			path: string,
			handler: (account: Account, ctx: RouteContext) => Reply,
		) =>
			router.add(method, path, (ctx) => {
				const account = env.accounts.byAuthToken(ctx.headers['x-auth-token']);
				return account
					? handler(account, ctx)
					: v3Failure('invalid.auth.token', 'Invalid or missing X-Auth-Token');
			});
		route('POST', '/api/v3.0/sign/request/complete', (account, ctx) =>
			markComplete(env, v3(), extras(), account, ctx.body),
		);
		route('DELETE', '/api/v3.0/sign/request/invitation', (account, ctx) =>
			deleteInvitation(env, v3(), extras(), account, ctx.query),
		);
		route('PUT', '/api/v3.1/invitation/activate', (account, ctx) =>
			activateInvitation(env, v3(), extras(), account, ctx.query),
		);
		route('GET', '/api/v3.0/wallet/balance/details', () => v3Success({ ...extras().wallet }));
		route('GET', '/api/v3.0/wallet/balance/list', (_account, ctx) =>
			purchaseList(extras(), ctx.query),
		);
		route('GET', '/api/v3.1/series/list', (_account, ctx) =>
			seriesList(env, v3(), extras(), ctx.query),
		);
		route('GET', '/api/v3.0/series/groups/list', () =>
			v3Success({
				seriesGroups: extras().groups.map((group) => ({ ...group, series: [...group.series] })),
			}),
		);
		route('GET', '/api/v3.1/series/expiry', (_account, ctx) =>
			seriesExpiry(env, v3(), extras(), ctx.query),
		);
		route('GET', '/api/v3.3/nesl/notification/list', (_account, ctx) =>
			notificationList(v3(), extras(), ctx.query),
		);
		route('GET', '/api/v3.3/nesl/notification/detail/:notifTxnId', (_account, ctx) =>
			notificationDetail(v3(), extras(), ctx.params.notifTxnId),
		);
		registerSwitches(router, env);
	},
};

// What tests and the other families import from this family.
export { EXTRAS_SEED } from './seed';
export { type PurchaseOptions, type V3ExtrasState, type Wallet } from './state';
export {
	addEbgNotification,
	addPurchase,
	type EbgNotificationOptions,
	type SeriesOptions,
	setSeries,
	setWallet,
} from './switches';
