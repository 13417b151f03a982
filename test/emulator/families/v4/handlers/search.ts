import type { Account } from '../../../accounts';
import { v4Error } from '../../../envelopes';
import { json, type Reply, type RouteContext } from '../../../http';
import { type Pack, PACK_STATUSES, type V4State, WINDOW } from '../state';
import { iso, numberParam, present } from './shared';

// Pack search.

export function searchPacks(state: V4State, ctx: RouteContext, account: Account): Reply {
	const { query } = ctx;
	// Validation order: status, max, offset, sortBy, sortOrder, then the window (which needs max, offset, status).
	if (present(query.status) && !(PACK_STATUSES as readonly string[]).includes(query.status)) {
		return v4Error(
			400,
			'LE_ERR_AP_013',
			'status must be one of DRAFT, SENT, EXPIRED, COMPLETED',
			'status',
		);
	}
	const maxValue = numberParam(query.max);
	if (maxValue === 'invalid' || (maxValue !== undefined && !Number.isInteger(maxValue))) {
		return v4Error(400, 'LE_ERR_AP_061', 'max must be an integer', 'max');
	}
	const max = maxValue ?? 20;
	if (max < 1) return v4Error(400, 'LE_ERR_AP_007', 'max must be at least 1', 'max');
	if (max > 40) return v4Error(400, 'LE_ERR_AP_066', 'max must not be more than 40', 'max');
	const offsetValue = numberParam(query.offset);
	if (offsetValue === 'invalid')
		return v4Error(400, 'LE_ERR_AP_061', 'offset must be an integer', 'offset');
	if (offsetValue !== undefined && (!Number.isInteger(offsetValue) || offsetValue < 0)) {
		return v4Error(400, 'LE_ERR_AP_067', 'offset must be a non-negative integer', 'offset');
	}
	const offset = offsetValue ?? 0;
	const sortBy = present(query.sortBy) ? query.sortBy : 'createdAt';
	if (sortBy !== 'createdAt' && sortBy !== 'updatedAt') {
		return v4Error(400, 'LE_ERR_AP_009', 'sortBy must be createdAt or updatedAt', 'sortBy');
	}
	const sortOrder = present(query.sortOrder) ? query.sortOrder : 'desc';
	if (sortOrder !== 'asc' && sortOrder !== 'desc') {
		return v4Error(400, 'LE_ERR_AP_010', 'sortOrder must be asc or desc', 'sortOrder');
	}
	if (!present(query.status) && offset + max > WINDOW) {
		return v4Error(
			400,
			'LE_ERR_AP_011',
			`offset plus max must not exceed ${WINDOW} without a status filter`,
			'offset',
		);
	}

	const text = present(query.q) ? query.q.toLowerCase() : undefined;
	const matching = state.packs
		.filter((pack) => pack.accountId === account.id)
		.filter((pack) => !present(query.status) || pack.status === query.status)
		.filter((pack) => !present(query.workflowId) || pack.workflowId === query.workflowId)
		.filter((pack) => !present(query.irn) || pack.irn === query.irn)
		.filter(
			(pack) =>
				!text ||
				[pack.packName, pack.packId, pack.irn ?? '', pack.packUrn].some((field) =>
					field.toLowerCase().includes(text),
				),
		)
		.sort((a, b) => {
			const difference = a[sortBy] - b[sortBy] || a.packId.localeCompare(b.packId);
			return sortOrder === 'asc' ? difference : -difference;
		});
	const records = matching.slice(offset, offset + max).map(searchRecord);
	return json(200, {
		data: { records },
		pagination: {
			pageNumber: Math.floor(offset / max) + 1,
			pageSize: max,
			totalRecords: matching.length,
			totalPages: Math.ceil(matching.length / max),
		},
	});
}

const searchRecord = (pack: Pack) => ({
	packId: pack.packId,
	packName: pack.packName,
	irn: pack.irn,
	workflowId: pack.workflowId,
	workflowRunContextId: pack.workflowRunContextId,
	status: pack.status,
	documentCount: pack.documents.length,
	createdAt: iso(pack.createdAt),
	updatedAt: iso(pack.updatedAt),
});
