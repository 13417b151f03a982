/**
 * What the benchmarks' workflows are made of, and the workflows two benchmarks share a builder for; each
 * benchmark's own workflows are in its file (bench/benchmarks/<name>.ts, its `workflows`). Each workflow starts
 * with a production Webhook node (answering when the last node has finished), so that one POST runs it in the
 * already started server; then either our node or what a user builds without the package (n8n's HTTP Request
 * node, with the same header and query).
 */
import { randomUUID } from 'node:crypto';

import type { EmulatorProcess } from '../../scripts/lib/emulator';
import { V3_SEED } from '../../test/emulator/families/v3';

export const PACKAGE = 'n8n-nodes-document-execution';
export const OURS = `${PACKAGE}.documentExecution`;
export const OUR_TRIGGER = `${PACKAGE}.documentExecutionTrigger`;
export const CREDENTIAL = { id: 'DexBenchToken001', name: 'Document Execution (bench emulator)' };
/** n8n's Header Auth credential holding the same token: how a user keeps it out of the workflow. */
export const HEADER_CREDENTIAL = {
	id: 'DexBenchHeadr001',
	name: 'X-Auth-Token header (bench emulator)',
};
/** n8n's Crypto credential holding the account's Private Salt as its HMAC secret (the verified webhook). */
export const CRYPTO_CREDENTIAL = { id: 'DexBenchCrypto01', name: 'Private Salt (bench emulator)' };
/** The same account reached through the latency proxy (bench/lib/latency-proxy.ts). */
export const DISTANT_CREDENTIAL = {
	id: 'DexBenchDistant1',
	name: 'Document Execution (bench emulator, 150 ms away)',
};

/**
 * The bench's credentials as n8n's CLI imports them: ours for the emulator (and, given `distantBaseUrl`, for it
 * behind the latency proxy), and n8n's Header Auth holding the same token.
 */
export function benchCredentials(emulator: EmulatorProcess, distantBaseUrl?: string) {
	const ours = (reference: { id: string; name: string }, baseUrl: string) => ({
		...reference,
		type: 'documentExecutionApi',
		data: {
			environment: 'custom',
			baseUrl,
			authToken: emulator.info.authToken,
			privateSalt: emulator.info.salt ?? '',
		},
	});
	return [
		ours(CREDENTIAL, emulator.info.baseUrl),
		...(distantBaseUrl ? [ours(DISTANT_CREDENTIAL, distantBaseUrl)] : []),
		{
			...HEADER_CREDENTIAL,
			type: 'httpHeaderAuth',
			data: { name: 'X-Auth-Token', value: emulator.info.authToken },
		},
		{
			...CRYPTO_CREDENTIAL,
			type: 'crypto',
			data: { hmacSecret: emulator.info.salt ?? '' },
		},
	];
}

export interface BenchNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	webhookId?: string;
	credentials?: Record<string, { id: string; name: string }>;
}

export interface BenchWorkflow extends Record<string, unknown> {
	id: string;
	name: string;
	nodes: BenchNode[];
	connections: Record<string, unknown>;
	/** The POST path under /webhook/ that runs it. */
	path: string;
	/** The node(s) whose run time is the figure. */
	measured: string[];
}

let x = 0;
/** A node of a workflow, placed right of the one made before it. */
export const node = (
	name: string,
	type: string,
	typeVersion: number,
	parameters: Record<string, unknown>,
	extra: Partial<BenchNode> = {},
): BenchNode => ({
	id: randomUUID(),
	name,
	type,
	typeVersion,
	position: [(x += 220), 0],
	parameters,
	...extra,
});

/** Our action node with the Auth Token credential (the emulator's, unless `credential` says another). */
export const ours = (name: string, parameters: Record<string, unknown>, credential = CREDENTIAL) =>
	node(
		name,
		OURS,
		1,
		{ authentication: 'authToken', ...parameters },
		{ credentials: { documentExecutionApi: credential } },
	);

/** n8n's HTTP Request node (its default version in n8n 2.41), sending the token as a header, as a user would. */
export const http = (name: string, token: string, parameters: Record<string, unknown>) =>
	node(name, 'n8n-nodes-base.httpRequest', 4.2, {
		method: 'GET',
		sendHeaders: true,
		headerParameters: { parameters: [{ name: 'X-Auth-Token', value: token }] },
		options: {},
		...parameters,
	});

/** The workflow `id`: a Webhook node at POST /webhook/`path`, then `nodes` one after another. */
export function chain(
	id: string,
	name: string,
	path: string,
	nodes: BenchNode[],
	measured: string[],
	responseMode = 'lastNode',
): BenchWorkflow {
	x = 0;
	const webhook = node(
		'Webhook',
		'n8n-nodes-base.webhook',
		2,
		{ httpMethod: 'POST', path, responseMode, responseData: 'noData', options: {} },
		{ webhookId: randomUUID() },
	);
	const all = [webhook, ...nodes];
	const connections: Record<string, unknown> = {};
	for (let index = 0; index < all.length - 1; index++) {
		connections[all[index].name] = {
			main: [[{ node: all[index + 1].name, type: 'main', index: 0 }]],
		};
	}
	return {
		id,
		name,
		nodes: all,
		connections,
		path,
		measured,
		active: false,
		settings: { executionOrder: 'v1' },
	};
}

/** One item per ID of the posted `{ids: [...]}`, as `documentId`. */
export const splitIds = () =>
	node('Split Out', 'n8n-nodes-base.splitOut', 1, {
		fieldToSplitOut: 'body.ids',
		include: 'noOtherFields',
		options: { destinationFieldName: 'documentId' },
	});

/** The invitee of every signing request the benchmarks create. */
export const INVITEES = [{ name: 'Asha Rao', email: 'asha@example.com' }];

/** Create's parameters for a signing request from the PDF in the binary field `data`. */
export const CREATE_FROM_BINARY = {
	resource: 'document',
	operation: 'create',
	profileId: V3_SEED.pdfProfileId,
	documentSource: 'binary',
	binaryPropertyName: 'data',
	documentName: 'big.pdf',
	invitees: { invitee: INVITEES },
};

/** The page size both nodes ask for when they list. */
export const PAGE = 40;

/** The HTTP Request node's pagination by hand: `offset` = page × PAGE, until the list at `list` comes back short. */
export const offsetPagination = (list: string) => ({
	pagination: {
		pagination: {
			paginationMode: 'updateAParameterInEachRequest',
			parameters: {
				parameters: [{ type: 'qs', name: 'offset', value: `={{ $pageCount * ${PAGE} }}` }],
			},
			paginationCompleteWhen: 'other',
			completeExpression: `={{ $response.body.${list}.length < ${PAGE} }}`,
		},
	},
});

/** Get Status for every id posted, with our node; `options` adds node parameters (Request Options › Batching). */
export const statusOurs = (
	id: string,
	name: string,
	path: string,
	credential = CREDENTIAL,
	options: Record<string, unknown> = {},
) =>
	chain(
		id,
		name,
		path,
		[
			splitIds(),
			ours(
				'Get Status',
				{
					resource: 'document',
					operation: 'getStatus',
					documentId: '={{ $json.documentId }}',
					...options,
				},
				credential,
			),
		],
		['Get Status'],
	);

/** n8n's HTTP Request node sending `parameters` with the token in a Header Auth credential. */
export const httpHeaderAuth = (name: string, parameters: Record<string, unknown>) =>
	node(
		name,
		'n8n-nodes-base.httpRequest',
		4.2,
		{
			method: 'GET',
			authentication: 'genericCredentialType',
			genericAuthType: 'httpHeaderAuth',
			options: {},
			...parameters,
		},
		{ credentials: { httpHeaderAuth: HEADER_CREDENTIAL } },
	);

/** The query of one parameter, `documentId` or the list's `q`, given by `value`. */
const queryOf = (name: string, value: string) => ({
	sendQuery: true,
	queryParameters: { parameters: [{ name, value }] },
});

/**
 * The same requests with n8n's HTTP Request node, the token in a Header Auth credential; `withListRead`: then a
 * second HTTP Request node reads the v3 document list searched for the document, as Get Status's Simplify does
 * (the document's status, which the status answer lacks).
 */
export function statusHttpHeaderAuth(
	id: string,
	name: string,
	path: string,
	baseUrl: string,
	withListRead = false,
): BenchWorkflow {
	const status = httpHeaderAuth('HTTP Request', {
		url: `${baseUrl}/v3.2/sign/request`,
		...queryOf('documentId', '={{ $json.documentId }}'),
	});
	const list = httpHeaderAuth('HTTP Request (list)', {
		url: `${baseUrl}/v3.0/sign/request/list`,
		...queryOf('q', '={{ $json.data.documentId }}'),
	});
	const nodes = withListRead ? [status, list] : [status];
	return chain(
		id,
		name,
		path,
		[splitIds(), ...nodes],
		nodes.map((measured) => measured.name),
	);
}

/** Pack → Search with Status COMPLETED, Return All, with our node. */
export const packsOurs = (id: string, name: string, path: string, credential = CREDENTIAL) =>
	chain(
		id,
		name,
		path,
		[
			ours(
				'Search',
				{
					resource: 'pack',
					operation: 'search',
					returnAll: true,
					filters: { status: 'COMPLETED' },
					options: {},
				},
				credential,
			),
		],
		['Search'],
	);

/** The same listing with the HTTP Request node, paged by hand (offset = page × 40). */
export const packsHttp = (id: string, name: string, path: string, baseUrl: string, token: string) =>
	chain(
		id,
		name,
		path,
		[
			http('HTTP Request', token, {
				url: `${baseUrl}/v4/packs/search`,
				sendQuery: true,
				queryParameters: {
					parameters: [
						{ name: 'status', value: 'COMPLETED' },
						{ name: 'max', value: String(PAGE) },
					],
				},
				options: offsetPagination('data.records'),
			}),
		],
		['HTTP Request'],
	);
