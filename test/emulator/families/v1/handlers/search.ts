import { type ErrorItem, v1Read } from '../../../envelopes';
import type { Reply } from '../../../http';
import type { Item } from '../state';
import { bodyObject, invalid, isObject, plainCompare } from '../validation';

// Search requests (certificates and audit logs): filters, sorting and paging.

export const CERTIFICATE_FIELDS = [
	'id',
	'name',
	'certificateType',
	'expiry',
	'createdAt',
	'departmentId',
	'departmentName',
];
export const AUDIT_LOG_FIELDS = [
	'id',
	'details',
	'action',
	'userId',
	'username',
	'sourceIp',
	'userAgent',
	'logTime',
	'enabled',
	'createdAt',
	'updatedAt',
];

export const OPERATORS = [
	'EQ',
	'NEQ',
	'IN',
	'NOT_IN',
	'IS_NULL',
	'NOT_NULL',
	'AND',
	'OR',
	'GT',
	'LT',
	'GTE',
	'LTE',
	'BETWEEN',
	'LIKE',
] as const;
type Operator = (typeof OPERATORS)[number];

/** How many values each operator takes: [min, max]. */
const VALUE_COUNT: Record<Operator, [number, number]> = {
	EQ: [1, 1],
	NEQ: [1, 1],
	GT: [1, 1],
	LT: [1, 1],
	GTE: [1, 1],
	LTE: [1, 1],
	LIKE: [1, 1],
	BETWEEN: [2, 2],
	IN: [1, Infinity],
	NOT_IN: [1, Infinity],
	IS_NULL: [0, 0],
	NOT_NULL: [0, 0],
	AND: [0, 0],
	OR: [0, 0],
};

export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;
const MAX_FILTER_DEPTH = 5;

type Predicate = (item: Item) => boolean;

function compileFilter(
	filter: unknown,
	fields: string[],
	path: string,
	depth: number,
): Predicate | ErrorItem {
	if (!isObject(filter)) return { message: 'filter must be an object', path };
	if (depth > MAX_FILTER_DEPTH)
		return { message: `filters may be nested at most ${MAX_FILTER_DEPTH} levels deep`, path };
	const operator = filter.operator as Operator;
	if (typeof operator !== 'string' || !OPERATORS.includes(operator)) {
		return { message: `operator must be one of ${OPERATORS.join(', ')}`, path: `${path}.operator` };
	}
	if (operator === 'AND' || operator === 'OR') {
		const children = filter.filters;
		if (!Array.isArray(children) || children.length === 0) {
			return { message: `${operator} needs a non-empty filters array`, path: `${path}.filters` };
		}
		const compiled: Predicate[] = [];
		for (const [index, child] of children.entries()) {
			const result = compileFilter(child, fields, `${path}.filters[${index}]`, depth + 1);
			if (typeof result !== 'function') return result;
			compiled.push(result);
		}
		return operator === 'AND'
			? (item) => compiled.every((test) => test(item))
			: (item) => compiled.some((test) => test(item));
	}
	const field = filter.field;
	if (typeof field !== 'string' || !fields.includes(field)) {
		return { message: `field must be one of ${fields.join(', ')}`, path: `${path}.field` };
	}
	const values = filter.value ?? [];
	if (
		!Array.isArray(values) ||
		values.some((value) => value !== null && typeof value === 'object')
	) {
		return {
			message: 'value must be an array of strings, numbers or booleans',
			path: `${path}.value`,
		};
	}
	const [min, max] = VALUE_COUNT[operator];
	if (values.length < min || values.length > max) {
		const expected = min === max ? `exactly ${min}` : `at least ${min}`;
		return {
			message: `${operator} takes ${expected} value${min === 1 && max === 1 ? '' : 's'}`,
			path: `${path}.value`,
		};
	}
	const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
	const compare = (left: unknown, right: unknown) => {
		const a = Number(left);
		const b = Number(right);
		if (typeof left === 'number' && Number.isFinite(b)) return a - b;
		return plainCompare(text(left), text(right));
	};
	switch (operator) {
		case 'EQ':
			return (item) => text(item[field]) === text(values[0]) && item[field] !== null;
		case 'NEQ':
			return (item) => text(item[field]) !== text(values[0]) || item[field] === null;
		case 'IN':
			return (item) =>
				item[field] !== null && values.some((value) => text(value) === text(item[field]));
		case 'NOT_IN':
			return (item) =>
				item[field] === null || !values.some((value) => text(value) === text(item[field]));
		case 'IS_NULL':
			return (item) => item[field] === null || item[field] === undefined;
		case 'NOT_NULL':
			return (item) => item[field] !== null && item[field] !== undefined;
		case 'GT':
			return (item) => item[field] !== null && compare(item[field], values[0]) > 0;
		case 'LT':
			return (item) => item[field] !== null && compare(item[field], values[0]) < 0;
		case 'GTE':
			return (item) => item[field] !== null && compare(item[field], values[0]) >= 0;
		case 'LTE':
			return (item) => item[field] !== null && compare(item[field], values[0]) <= 0;
		case 'BETWEEN':
			return (item) =>
				item[field] !== null &&
				compare(item[field], values[0]) >= 0 &&
				compare(item[field], values[1]) <= 0;
		case 'LIKE': {
			const pattern = text(values[0]);
			const source = /[%_]/.test(pattern)
				? `^${pattern
						.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
						.replace(/%/g, '.*')
						.replace(/_/g, '.')}$`
				: pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
			const regex = new RegExp(source, 'i');
			return (item) => item[field] !== null && regex.test(text(item[field]));
		}
		default:
			return { message: `operator ${String(operator)} is not supported`, path: `${path}.operator` };
	}
}

export function search(items: Item[], raw: unknown, fields: string[]): Reply {
	const { body, reply } = bodyObject(raw ?? {});
	if (reply) return reply;
	const errors: ErrorItem[] = [];
	for (const key of Object.keys(body)) {
		if (!['filter', 'sort', 'limit', 'page'].includes(key))
			errors.push({ message: `Unknown field ${key}`, path: key });
	}
	const limit = body.limit ?? DEFAULT_SEARCH_LIMIT;
	const page = body.page ?? 0;
	if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_SEARCH_LIMIT) {
		errors.push({
			message: `limit must be an integer from 1 to ${MAX_SEARCH_LIMIT}`,
			path: 'limit',
		});
	}
	if (!Number.isInteger(page) || (page as number) < 0)
		errors.push({ message: 'page must be an integer of 0 or more', path: 'page' });
	let predicate: Predicate = () => true;
	if (body.filter !== undefined && body.filter !== null) {
		const compiled = compileFilter(body.filter, fields, 'filter', 1);
		if (typeof compiled === 'function') predicate = compiled;
		else errors.push(compiled);
	}
	const sort = body.sort ?? [];
	if (!Array.isArray(sort)) errors.push({ message: 'sort must be an array', path: 'sort' });
	else {
		sort.forEach((entry: unknown, index) => {
			if (!isObject(entry) || typeof entry.field !== 'string' || !fields.includes(entry.field)) {
				errors.push({
					message: `field is required and must be one of ${fields.join(', ')}`,
					path: `sort[${index}].field`,
				});
			} else if (
				entry.direction !== undefined &&
				entry.direction !== 'ASC' &&
				entry.direction !== 'DESC'
			) {
				errors.push({ message: 'direction must be ASC or DESC', path: `sort[${index}].direction` });
			}
		});
	}
	if (errors.length) return invalid(errors);

	const order = [
		...(sort as Array<{ field: string; direction?: 'ASC' | 'DESC' }>),
		{ field: 'createdAt', direction: 'DESC' as const },
		{ field: 'id', direction: 'ASC' as const },
	];
	const matched = items.filter(predicate).sort((a, b) => {
		for (const { field, direction } of order) {
			const left = a[field];
			const right = b[field];
			if (left === right) continue;
			// nulls last, whatever the direction
			if (left === null) return 1;
			if (right === null) return -1;
			const result =
				typeof left === 'number' && typeof right === 'number'
					? left - right
					: plainCompare(String(left), String(right));
			if (result !== 0) return direction === 'DESC' ? -result : result;
		}
		return 0;
	});
	const start = (page as number) * (limit as number);
	return v1Read(matched.slice(start, start + (limit as number)), {
		pagination: { limit, page, total: matched.length },
	});
}
