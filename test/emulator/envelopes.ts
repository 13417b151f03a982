import { randomUUID } from 'node:crypto';

import { json, type Reply } from './http';

/** v3 family: always HTTP 200 with `status` 1/0, `messages[{code, message}]` and `data` (`{}` on failure). */
export const v3Success = (data: unknown, code?: string, message?: string): Reply =>
	json(200, { status: 1, messages: code ? [{ code, message: message ?? code }] : [], data });

export const v3Failure = (code: string, message: string): Reply =>
	json(200, { status: 0, messages: [{ code, message }], data: {} });

export interface ErrorItem {
	message: string;
	path: string | null;
	code?: string | null;
}

/** v4 family: `{code, traceId, errors[]}` where `code` equals the first entry's code. */
export const v4Error = (
	status: number,
	code: string,
	message: string,
	path: string | null = null,
): Reply =>
	json(status, {
		code,
		traceId: randomUUID().replace(/-/g, ''),
		errors: [{ message, path, code }],
	});

/** v1 family: `{code, errors[{message, path, code?}]}` with a top-level code per HTTP status. */
export const v1Error = (status: number, errors: ErrorItem[]): Reply =>
	json(status, { code: `LE_ERR_SS_${status}`, errors });

/** v1 success: writes carry code, message and data; reads carry data only. */
export const v1Written = (
	status: 200 | 201,
	code: 'LE_SS_001' | 'LE_SS_004',
	message: string,
	data: unknown,
): Reply => json(status, { code, message, data });

export const v1Read = (data: unknown, extra: Record<string, unknown> = {}): Reply =>
	json(200, { data, ...extra });
