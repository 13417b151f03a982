import { randomUUID } from 'node:crypto';

import { v3Failure } from '../../../envelopes';
import { json, type Reply } from '../../../http';
import type { EmulatorEnv } from '../../../server';
import type { V3ExtrasState } from '../../v3-extras';
import {
	activeInvitee,
	expiryFromDays,
	formatIsoUtc,
	formatServiceDate,
	newDocumentId,
	type V3Document,
	type V3Invitee,
	type V3Profile,
	type V3State,
} from '../state';
import {
	checkInvitees,
	checkName,
	checkNesl,
	checkStamps,
	DOCUMENT_NAME_PATTERN,
	invalid,
	IRN_PATTERN,
	isObject,
	isPlaceholderInvitee,
	isReply,
	present,
	readAdditionalFiles,
	readOriginal,
	SPEC_CHARACTERS,
} from '../validation';
import { type Account, signUrlOf } from './shared';

// Create (POST /api/v3.0/sign/request).

/** The answer's entry for a placeholder invitee, as a sandbox answered one (choices/v3.md). */
export const PLACEHOLDER_ANSWER = {
	name: null,
	email: null,
	phone: null,
	signUrl: null,
	active: false,
	expiryDate: null,
};

/** The warning of a create the service accepted without applying its stamps (choices/v3.md). */
export const STAMP_NOT_APPLIED = {
	code: 'workflow.stamp.warning',
	message:
		'The document was sent without stamps: the stamp group could not provide the stamp value.',
};

/**
 * Whether a stamp group's unused, unexpired stamps make up the stamp value exactly (the service chooses the
 * denominations; largest first here). A group the account does not have is not judged: it stamps as before.
 * Without a stamp value, one stamp of any denomination is enough.
 */
function groupCanStamp(
	env: EmulatorEnv,
	groupName: string,
	stampValue: unknown,
	state: V3State,
): boolean {
	const extras = env.slice<V3ExtrasState>('v3Extras');
	const group = extras.groups.find((candidate) => candidate.groupName === groupName);
	if (!group) return true;
	const now = env.clock.now();
	const usable = group.series
		.map((series) => ({ details: extras.series.get(series), stock: state.stamps.get(series) ?? 0 }))
		.filter(({ details, stock }) => details && details.expiresAt > now && stock > 0)
		.map(({ details, stock }) => ({ denomination: details!.denomination, stock }))
		.sort((a, b) => b.denomination - a.denomination);
	if (!present(stampValue)) return usable.length > 0;
	let left = Number(stampValue);
	for (const { denomination, stock } of usable)
		left -= Math.min(stock, Math.floor(left / denomination)) * denomination;
	return left === 0;
}

/**
 * Create: the request is checked in the spec's order (workflow, names, the document, additional files,
 * invitees, stamps, NeSL data), the document stored, then the invitations answered.
 */
export function create(env: EmulatorEnv, state: V3State, account: Account, body: unknown): Reply {
	if (!isObject(body)) return invalid('The request body must be a JSON object');
	if (!present(body.profileId)) return invalid('profileId is required');
	const profile = state.profiles.get(String(body.profileId));
	if (!profile || profile.accountId !== account.id || !profile.published) {
		return v3Failure('workflow.not.found', 'No published workflow with this profileId');
	}
	if (!isObject(body.file)) return invalid('file is required');
	const file = body.file;
	const irnError = checkName(body.irn, 'irn', 'invalid.irn', IRN_PATTERN, SPEC_CHARACTERS);
	if (irnError) return irnError;
	const nameError = checkName(
		file.name,
		'file.name',
		'invalid.document.name',
		DOCUMENT_NAME_PATTERN,
		`${SPEC_CHARACTERS} and spaces`,
	);
	if (nameError) return nameError;

	const original = readOriginal(profile, file);
	if (isReply(original)) return original;
	const additionalFiles = readAdditionalFiles(file);
	if (isReply(additionalFiles)) return additionalFiles;
	const refused = checkInvitees(body) ?? checkStamps(state, body) ?? checkNesl(body);
	if (refused) return refused;

	const now = env.clock.now();
	const doc = newDocument(env, state, account, profile, body, { now, original, additionalFiles });
	state.documents.set(doc.documentId, doc);
	// Lets an in-process test act on a new document before the next request (e.g. complete it).
	env.events.emit('v3DocumentCreated', doc.documentId);
	return json(200, {
		status: 1,
		messages: [
			{ code: 'simpleWorkFlow.success', message: 'Invitations sent successfully.' },
			...(doc.stampNotApplied ? [STAMP_NOT_APPLIED] : []),
		],
		data: createdData(env, doc, body.invitees as unknown[], now),
	});
}

/** The stored document of a create request that passed every check. */
function newDocument(
	env: EmulatorEnv,
	state: V3State,
	account: Account,
	profile: V3Profile,
	body: Record<string, unknown>,
	{ now, original, additionalFiles }: { now: number; original: Buffer; additionalFiles: Buffer[] },
): V3Document {
	const file = body.file as Record<string, unknown>;
	const expiresAt = expiryFromDays(now, profile.defaultExpiryDays);
	return {
		documentId: newDocumentId(now),
		accountId: account.id,
		profileId: profile.id,
		name: String(file.name ?? `Document ${formatServiceDate(now)}`),
		irn: present(body.irn) ? String(body.irn) : null,
		baseStatus: 'SENT',
		createdAt: now,
		folderId: 'FOLDER-1',
		folderName: 'Default',
		original,
		additionalFiles,
		attachments: [],
		invitees: (body.invitees as Array<Record<string, unknown>>)
			.filter((entry) => !isPlaceholderInvitee(entry))
			.map((entry) => {
				const { name: inviteeName, email: inviteeEmail, phone: inviteePhone, ...extra } = entry;
				return {
					uuid: randomUUID(),
					name: String(inviteeName),
					email: present(inviteeEmail) ? String(inviteeEmail) : undefined,
					phone: present(inviteePhone) ? String(inviteePhone) : undefined,
					signed: false,
					approved: false,
					rejected: false,
					forcedExpired: false,
					expiresAt,
					signType: null,
					allowedSignType: profile.signType,
					resends: 0,
					supportingDocuments: [],
					extra,
				};
			}),
		cc: (body.cc as V3Document['cc']) ?? [],
		stampNotApplied: present(body.seriesGroup)
			? !groupCanStamp(env, String(body.seriesGroup), body.stampValue, state)
			: undefined,
		request: {
			...body,
			file: { ...file, file: file.file ? '<base64>' : undefined, additionalFiles: undefined },
		},
	};
}

/** The create answer's `data`: an entry per invitee sent, a placeholder's in its place. */
function createdData(env: EmulatorEnv, doc: V3Document, sentInvitees: unknown[], now: number) {
	const stored = [...doc.invitees];
	return {
		documentId: doc.documentId,
		irn: doc.irn,
		invitees: sentInvitees.map((entry) => {
			if (isPlaceholderInvitee(entry)) return { ...PLACEHOLDER_ANSWER };
			const invitee = stored.shift() as V3Invitee;
			return {
				name: invitee.name,
				email: invitee.email ?? null,
				phone: invitee.phone ?? null,
				signUrl: signUrlOf(env, invitee),
				active: activeInvitee(doc, now) === invitee,
				expiryDate: formatIsoUtc(invitee.expiresAt),
			};
		}),
	};
}
