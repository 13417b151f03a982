import type { Account } from '../../../accounts';
import { v4Error } from '../../../envelopes';
import { json, type Reply, type RouteContext } from '../../../http';
import type { EmulatorEnv } from '../../../server';
import {
	type Media,
	MEDIA_RETENTION_MS,
	MEDIA_TYPES,
	ulid,
	UPLOAD_TTL_MS,
	type V4State,
} from '../state';
import { iso } from './shared';

// Media upload locations.

export function mediaUpload(
	env: EmulatorEnv,
	state: V4State,
	ctx: RouteContext,
	account: Account,
): Reply {
	const body = (ctx.body ?? {}) as Record<string, unknown>;
	if (typeof ctx.body !== 'object' || ctx.body === null) {
		return v4Error(
			400,
			'LE_ERR_AP_061',
			'The body must be a JSON object with fileName and mediaType',
			null,
		);
	}
	const fileName = body.fileName;
	if (typeof fileName !== 'string' || !fileName.trim())
		return v4Error(400, 'LE_ERR_AP_061', 'fileName is required', 'fileName');
	if (!/\.[A-Za-z0-9]+$/.test(fileName) || /^\.[^.]*$/.test(fileName)) {
		return v4Error(400, 'LE_ERR_AP_061', 'fileName must have an extension', 'fileName');
	}
	if (
		typeof body.mediaType !== 'string' ||
		!(MEDIA_TYPES as readonly string[]).includes(body.mediaType)
	) {
		return v4Error(
			400,
			'LE_ERR_AP_061',
			`mediaType must be one of ${MEDIA_TYPES.join(', ')}`,
			'mediaType',
		);
	}
	const now = env.clock.now();
	const mediaId = ulid(now);
	const upload = env.links.createUpload(mediaId, account.id, UPLOAD_TTL_MS);
	const media: Media = {
		mediaId,
		accountId: account.id,
		fileName,
		mediaType: body.mediaType,
		expiresAt: upload.expiresAt,
		retentionExpiresAt: now + MEDIA_RETENTION_MS,
	};
	state.media.set(mediaId, media);
	return json(200, {
		code: 'SUCCESS',
		message: 'Pre-signed upload URL generated successfully',
		data: {
			mediaId,
			presignedUrl: upload.url,
			expiresAt: iso(upload.expiresAt),
			mediaRetentionExpiresAt: iso(media.retentionExpiresAt),
		},
	});
}
