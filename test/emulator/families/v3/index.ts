import { json, type Reply, type Router } from '../../http';
import type { EmulatorEnv, EmulatorFamily } from '../../server';
import { addedFile } from './files';
import { docSigner, ebgReview, reactivate, remove, resend } from './handlers/changes';
import { create } from './handlers/create';
import { details } from './handlers/details';
import { fetchDocument } from './handlers/downloads';
import { completedList, list, status } from './handlers/reads';
import { type Account, authenticate, type Ctx } from './handlers/shared';
import { configureInviteeWebhooks, parseInviteeWebhooks } from './inviteeWebhooks';
import { seedState } from './seed';
import { documentStatus, hasActed, type V3Document, type V3State } from './state';
import { isObject, isReply } from './validation';

/**
 * The v3 family: signing requests (create, status, details, list, download, reactivate, resend, delete), the
 * knowledge base's list of completed documents, document-signer signing and eBG notification review, under
 * /api/v3.0, /api/v3.2 and /api/v3.3. Invitees act (sign, approve, reject, fail certificate verification)
 * through the transitions exported here (transitions.ts); the family in v3-invitee-actions/ drives them and
 * sends the webhooks configured per invitee on the workflow.
 *
 * The folder: state.ts (types, time, derived state), seed.ts (seed keys and `V3_SEED`), transitions.ts (what
 * invitees do), inviteeWebhooks.ts (the workflows' webhook URLs), validation.ts (the create request's checks),
 * files.ts (a document's files as served) and handlers/ (one file per group of endpoints). Choices where the
 * spec is silent: test/emulator/choices/v3.md.
 */
export const family: EmulatorFamily<V3State> = {
	name: 'v3',
	createState: seedState,
	register(router: Router, env: EmulatorEnv) {
		const state = () => env.slice<V3State>('v3');
		const route = (method: string, path: string, handler: (account: Account, ctx: Ctx) => Reply) =>
			router.add(method, path, (ctx) => {
				const account = authenticate(env, ctx);
				return isReply(account) ? account : handler(account, ctx);
			});
		route('POST', '/api/v3.0/sign/request', (account, ctx) =>
			create(env, state(), account, ctx.body),
		);
		route('DELETE', '/api/v3.0/sign/request', (account, ctx) =>
			remove(env, state(), account, ctx.query),
		);
		route('GET', '/api/v3.2/sign/request', (account, ctx) =>
			status(env, state(), account, ctx.query),
		);
		route('POST', '/api/v3.0/sign/request/reactivate', (account, ctx) =>
			reactivate(env, state(), account, ctx.body),
		);
		route('GET', '/api/v3.0/sign/request/list', (account, ctx) =>
			list(env, state(), account, ctx.query),
		);
		route('GET', '/api/v3.0/document/completed', (account, ctx) =>
			completedList(env, state(), account, ctx.query),
		);
		route('POST', '/api/v3.0/sign/request/resend', (account, ctx) =>
			resend(env, state(), account, ctx.body),
		);
		route('GET', '/api/v3.3/document/details', (account, ctx) =>
			details(env, state(), account, ctx.query),
		);
		route('GET', '/api/v3.3/document/fetchDocument', (account, ctx) =>
			fetchDocument(env, state(), account, ctx.query),
		);
		route('POST', '/api/v3.0/sign/docSigner/invitation', (account, ctx) =>
			docSigner(env, state(), account, ctx.body),
		);
		route('POST', '/api/v3.3/nesl/notification/review', (_account, ctx) =>
			ebgReview(state(), ctx.body),
		);

		// Test-only control routes: let a process other than the test (n8n, the demo) move documents along.
		const control = (path: string, act: (doc: V3Document, ctx: Ctx) => void) =>
			router.add('POST', `/__emulator/v3/documents/:id/${path}`, (ctx) => {
				const doc = state().documents.get(ctx.params.id);
				if (!doc) return json(404, { message: `No document ${ctx.params.id}` });
				act(doc, ctx);
				return json(200, {
					documentId: doc.documentId,
					status: documentStatus(doc, env.clock.now()),
				});
			});
		control('expire', (doc) => {
			for (const invitee of doc.invitees) if (!hasActed(invitee)) invitee.forcedExpired = true;
		});
		control('supporting-document', (doc, ctx) => {
			const input = isObject(ctx.body) ? ctx.body : {};
			const invitee = doc.invitees[Number(input.inviteeIndex ?? 0)];
			invitee?.supportingDocuments.push(
				addedFile(input, `Supporting document of ${invitee.name}`, 'supporting.pdf'),
			);
		});
		control('attachment', (doc, ctx) => {
			const input = isObject(ctx.body) ? ctx.body : {};
			doc.attachments.push(
				addedFile(input, 'Attachment', `attachment-${doc.attachments.length + 1}.pdf`),
			);
		});
		router.add('PUT', '/__emulator/v3/profiles/:id/webhooks', (ctx) => {
			if (!state().profiles.has(ctx.params.id))
				return json(404, { message: `No workflow ${ctx.params.id}` });
			const config = parseInviteeWebhooks(ctx.body);
			if (typeof config === 'string') return json(400, { message: config });
			configureInviteeWebhooks(env, ctx.params.id, config);
			return json(200, { profileId: ctx.params.id, ...config });
		});
	},
};

// What tests and the other families import from this family.
export {
	activeInvitee,
	CERTIFICATE_CRITERIA,
	type CertificateCriterion,
	DOC_SIGNER_CONSENT,
	documentStatus,
	DOWNLOAD_LINK_TTL_MS,
	expiryFromDays,
	formatIsoUtc,
	formatServiceDate,
	hasActed,
	type InviteeWebhookConfig,
	type InviteeWebhookUrls,
	isExpired,
	IST_OFFSET_MS,
	MAX_ADDITIONAL_BYTES,
	MAX_PDF_BYTES,
	MB,
	type SignerCertificate,
	type SignType,
	STATUS_LINK_TTL_MS,
	type V3Document,
	type V3Invitee,
	type V3Profile,
	type V3State,
} from './state';
export { V3_SEED } from './seed';
export {
	approveInvitation,
	certificateChecks,
	certificateMismatchOf,
	certificateMismatchText,
	complete,
	defaultCertificate,
	failCertificateVerification,
	rejectInvitation,
	signInvitation,
	signTypeOf,
} from './transitions';
export {
	configureInviteeWebhooks,
	inviteeWebhookUrls,
	parseInviteeWebhooks,
} from './inviteeWebhooks';
export { requestedDocument, signUrlOf } from './handlers/shared';
export { invalid, present } from './validation';
export { PLACEHOLDER_ANSWER, STAMP_NOT_APPLIED } from './handlers/create';
export { DETAIL_SWITCHES, type DetailSwitch } from './handlers/details';
