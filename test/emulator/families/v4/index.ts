import type { Account } from '../../accounts';
import type { Reply, RouteContext, Router } from '../../http';
import type { EmulatorEnv, EmulatorFamily } from '../../server';
import { packDetails } from './handlers/details';
import { download } from './handlers/download';
import { mediaUpload } from './handlers/media';
import { searchPacks } from './handlers/search';
import { authenticate } from './handlers/shared';
import { parseMix, seedPacks } from './seed';
import type { V4State } from './state';

/**
 * The v4 family: pack details, pack search, pack downloads and media upload locations, with the v4 error
 * envelope `{code, traceId, errors[{message, path, code}]}`. Every choice where the spec says "not shown"
 * is listed in `test/emulator/choices/v4.md`.
 *
 * Seed keys:
 * - `packCount` (default 12): packs of the main account, created one minute apart, oldest first.
 * - `packStatusMix` (default `COMPLETED,SENT,DRAFT,EXPIRED,COMPLETED,SENT`): statuses given to the packs in
 *   turn (comma-separated), e.g. `COMPLETED` for packs that all match a status filter.
 * - `v4DownloadDelivery` (`link` or `stream`, default `link`): the main account's configuration for downloads
 *   without `mode=stream`: a JSON link or the file itself.
 * - `otherAccountPackCount` (default 2): packs of the other account (never visible to the main one).
 */

export const family: EmulatorFamily<V4State> = {
	name: 'v4',
	createState(env, seed) {
		const now = env.clock.now();
		const packs = [
			...seedPacks(
				'account-main',
				Number(seed.packCount ?? 12),
				parseMix(seed.packStatusMix),
				now,
				'',
			),
			...seedPacks(
				'account-other',
				Number(seed.otherAccountPackCount ?? 2),
				['COMPLETED'],
				now,
				'Other ',
			),
		];
		const state: V4State = {
			packs,
			media: new Map(),
			downloadDelivery: new Map([
				['account-main', seed.v4DownloadDelivery === 'stream' ? 'stream' : 'link'],
				['account-other', 'link'],
			]),
			served: [],
		};
		// A document deleted through the v3 family is gone everywhere.
		env.events.on('documentDeleted', (documentId: string) => {
			for (const pack of state.packs)
				pack.documents = pack.documents.filter((document) => document.documentId !== documentId);
		});
		return state;
	},
	register(router: Router, env: EmulatorEnv) {
		const state = () => env.slice<V4State>('v4');
		const authed =
			(handler: (ctx: RouteContext, account: Account) => Reply) => (ctx: RouteContext) => {
				const account = authenticate(env, ctx);
				return 'status' in account ? account : handler(ctx, account);
			};
		router.add(
			'GET',
			'/api/v4/packs',
			authed((ctx, account) => packDetails(state(), ctx, account)),
		);
		router.add(
			'GET',
			'/api/v4/packs/search',
			authed((ctx, account) => searchPacks(state(), ctx, account)),
		);
		router.add(
			'GET',
			'/api/v4/packs/download',
			authed((ctx, account) => download(env, state(), ctx, account)),
		);
		router.add(
			'POST',
			'/api/v4/media/upload',
			authed((ctx, account) => mediaUpload(env, state(), ctx, account)),
		);
	},
};

// What tests and the other families import from this family.
export {
	DOWNLOAD_LINK_TTL_MS,
	DOWNLOAD_TYPES,
	isUlid,
	type Media,
	MEDIA_RETENTION_MS,
	MEDIA_TYPES,
	type Pack,
	PACK_SECTIONS,
	PACK_STATUSES,
	type PackDocument,
	type PackInvitee,
	type PackStatus,
	ulid,
	UPLOAD_TTL_MS,
	type V4State,
	WORKFLOW_IDS,
} from './state';
export { ancestors } from './handlers/details';
