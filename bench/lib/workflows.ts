/**
 * The workflows the benchmark imports into n8n: each one starts with a production Webhook node (answering
 * when the last node has finished), so that one POST runs it in the already started server; then either our
 * node or what a user builds without the package (n8n's HTTP Request node, with the same header and query).
 */
import { randomUUID } from 'node:crypto';

import type { EmulatorProcess } from '../../scripts/lib/emulator';
import { V3_SEED } from '../../test/emulator/families/v3';
import { makePdf } from '../../test/fixtures/pdf';
import {
	FILE_SET_COUNTS,
	FILE_SET_DOCUMENT_ID,
	FILE_SET_SIGNER_UUID,
	fileSetDocumentId,
	type Batching,
} from './options';

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
const node = (
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

const ours = (name: string, parameters: Record<string, unknown>, credential = CREDENTIAL) =>
	node(
		name,
		OURS,
		1,
		{ authentication: 'authToken', ...parameters },
		{ credentials: { documentExecutionApi: credential } },
	);

/** n8n's HTTP Request node (its default version in n8n 2.41), sending the token as a header, as a user would. */
const http = (name: string, token: string, parameters: Record<string, unknown>) =>
	node(name, 'n8n-nodes-base.httpRequest', 4.2, {
		method: 'GET',
		sendHeaders: true,
		headerParameters: { parameters: [{ name: 'X-Auth-Token', value: token }] },
		options: {},
		...parameters,
	});

function chain(
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

const splitIds = () =>
	node('Split Out', 'n8n-nodes-base.splitOut', 1, {
		fieldToSplitOut: 'body.ids',
		include: 'noOtherFields',
		options: { destinationFieldName: 'documentId' },
	});
const readFile = () =>
	node('Read File', 'n8n-nodes-base.readWriteFile', 1, {
		operation: 'read',
		fileSelector: '={{ $json.body.path }}',
		options: {},
	});
/**
 * The file as base64 text in `json.data`, by Move Binary Data: the same conversion as Extract From File's Move
 * File to Base64 String (getBinaryDataBuffer, then base64), kept so the figures compare with earlier runs.
 */
const toBase64 = () =>
	node('To Base64', 'n8n-nodes-base.moveBinaryData', 1.1, {
		mode: 'binaryToJson',
		setAllData: false,
		sourceKey: 'data',
		destinationKey: 'data',
		options: { keepAsBase64: true },
	});

const INVITEES = [{ name: 'Asha Rao', email: 'asha@example.com' }];

/** Create's option If the IRN Already Exists, as the IRN benchmark (bench/benchmarks/irn.ts) measures it. */
export const IF_IRN_EXISTS_MEASURED = { off: 'createAnother', on: 'returnExisting' } as const;

/** Create over the IRNs the webhook is given (`{irns: [...]}`), one small PDF each, with `ifIrnExists`. */
const createFromIrns = (ifIrnExists: string) =>
	chain(
		`DexBenchIrn${ifIrnExists.slice(0, 5)}`,
		`bench: create for each IRN (ours, If the IRN Already Exists: ${ifIrnExists})`,
		`bench-create-irn-${ifIrnExists.toLowerCase()}`,
		[
			node('Split Out', 'n8n-nodes-base.splitOut', 1, {
				fieldToSplitOut: 'body.irns',
				include: 'noOtherFields',
				options: { destinationFieldName: 'irn' },
			}),
			ours('Create', {
				resource: 'document',
				operation: 'create',
				profileId: V3_SEED.pdfProfileId,
				documentSource: 'base64',
				fileBase64: makePdf('Small').toString('base64'),
				documentName: 'small.pdf',
				invitees: { invitee: INVITEES },
				additionalFields: { irn: '={{ $json.irn }}' },
				options: { ifIrnExists },
			}),
		],
		['Create'],
	);

/** Download All Files over the document with `count` files of FILE_SET_BYTES. */
const downloadAll = (count: number) =>
	chain(
		count === 4 ? 'DexBenchDlAllOur' : `DexBenchDlAll${String(count).padStart(3, '0')}`,
		`bench: Download All Files, ${count} files of 5 MB (ours)`,
		count === 4 ? 'bench-download-all-ours' : `bench-download-all-${count}`,
		[
			ours('Download All Files', {
				resource: 'document',
				operation: 'downloadAll',
				documentId: fileSetDocumentId(count),
			}),
		],
		['Download All Files'],
	);

/** The four files of FILE_SET_DOCUMENT_ID as Download File names them, one node each. */
const FILE_SET = [
	{ name: 'Signed Document', parameters: { downloadType: 'DOCUMENT' } },
	{ name: 'Audit Trail', parameters: { downloadType: 'AUDIT_TRAIL' } },
	{ name: 'Attachment 0', parameters: { downloadType: 'ATTACHMENT', index: 0 } },
	{
		name: 'Supporting Document 0',
		parameters: { downloadType: 'SUPPORTING_DOCUMENT', signUrl: FILE_SET_SIGNER_UUID, index: 0 },
	},
];

/** Files of FILE_SET, one Download File node each, in a chain. */
const byDownloadFile = (id: string, name: string, path: string, files: typeof FILE_SET) =>
	chain(
		id,
		name,
		path,
		files.map((file) =>
			ours(file.name, {
				resource: 'document',
				operation: 'download',
				documentId: FILE_SET_DOCUMENT_ID,
				...file.parameters,
				options: {},
			}),
		),
		files.map((file) => file.name),
	);
const PAGE = 40;

/** Get Status for every id posted, with our node; `options` adds node parameters (Request Options › Batching). */
const statusOurs = (
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

/** The same requests with n8n's HTTP Request node, the token in a Header Auth credential. */
const statusHttpHeaderAuth = (id: string, name: string, path: string, baseUrl: string) =>
	chain(
		id,
		name,
		path,
		[
			splitIds(),
			node(
				'HTTP Request',
				'n8n-nodes-base.httpRequest',
				4.2,
				{
					method: 'GET',
					url: `${baseUrl}/v3.2/sign/request`,
					authentication: 'genericCredentialType',
					genericAuthType: 'httpHeaderAuth',
					sendQuery: true,
					queryParameters: {
						parameters: [{ name: 'documentId', value: '={{ $json.documentId }}' }],
					},
					options: {},
				},
				{ credentials: { httpHeaderAuth: HEADER_CREDENTIAL } },
			),
		],
		['HTTP Request'],
	);

/** Pack → Search with Status COMPLETED, Return All, with our node. */
const packsOurs = (id: string, name: string, path: string, credential = CREDENTIAL) =>
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
const packsHttp = (id: string, name: string, path: string, baseUrl: string, token: string) =>
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
				options: {
					pagination: {
						pagination: {
							paginationMode: 'updateAParameterInEachRequest',
							parameters: {
								parameters: [{ type: 'qs', name: 'offset', value: `={{ $pageCount * ${PAGE} }}` }],
							},
							paginationCompleteWhen: 'other',
							completeExpression: `={{ $response.body.data.records.length < ${PAGE} }}`,
						},
					},
				},
			}),
		],
		['HTTP Request'],
	);

/** The IF node of the verified webhook, whose true output (0) takes a delivery whose MAC matches. */
export const MAC_CHECK = 'MAC Matches';

/** n8n's Webhook node answering each delivery as soon as it is received, then `nodes`. */
function acknowledgingWebhook(
	id: string,
	name: string,
	path: string,
	nodes: BenchNode[],
): BenchWorkflow {
	const workflow = chain(id, name, path, nodes, [], 'onReceived');
	workflow.nodes[0].parameters = {
		httpMethod: 'POST',
		path,
		responseMode: 'onReceived',
		options: {},
	};
	return workflow;
}

/**
 * What a user builds without this package to verify a delivery: n8n's Webhook node (answering at once, as the
 * plain one), its Crypto node computing the hex HMAC-SHA1 of the envelope's document ID with the Private Salt
 * (in n8n's Crypto credential, as its version 2 takes it), and an IF node comparing that with the `mac` sent.
 */
const verifiedWebhook = (id: string, name: string, path: string) =>
	acknowledgingWebhook(id, name, path, [
		node(
			'HMAC of Document ID',
			'n8n-nodes-base.crypto',
			2,
			{
				action: 'hmac',
				type: 'SHA1',
				value: '={{ $json.body.document.documentId }}',
				dataPropertyName: 'expectedMac',
				encoding: 'hex',
			},
			{ credentials: { crypto: CRYPTO_CREDENTIAL } },
		),
		node(MAC_CHECK, 'n8n-nodes-base.if', 2.3, {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 3 },
				conditions: [
					{
						id: randomUUID(),
						leftValue: '={{ $json.body.mac }}',
						rightValue: '={{ $json.expectedMac }}',
						operator: { type: 'string', operation: 'equals' },
					},
				],
				combinator: 'and',
			},
			options: {},
		}),
	]);

/** Every workflow of the benchmark, by key. `baseUrl` and `token`: the emulator's. */
export function benchWorkflows(baseUrl: string, token: string): Record<string, BenchWorkflow> {
	const webhookId = randomUUID();
	return {
		statusOurs: statusOurs(
			'DexBenchStatusOu',
			'bench: Get Status x1000 (ours)',
			'bench-status-ours',
		),
		statusHttp: chain(
			'DexBenchStatusHt',
			'bench: Get Status x1000 (HTTP Request)',
			'bench-status-http',
			[
				splitIds(),
				http('HTTP Request', token, {
					url: `${baseUrl}/v3.2/sign/request`,
					sendQuery: true,
					queryParameters: {
						parameters: [{ name: 'documentId', value: '={{ $json.documentId }}' }],
					},
				}),
			],
			['HTTP Request'],
		),
		// The same request with the token in a Header Auth credential (its generic authenticate: one more expression per item).
		statusHttpHeaderAuth: statusHttpHeaderAuth(
			'DexBenchStatusHa',
			'bench: Get Status x1000 (HTTP Request, Header Auth)',
			'bench-status-http-header',
			baseUrl,
		),

		createOurs: chain(
			'DexBenchCreateOu',
			'bench: create from a PDF file (ours, binary)',
			'bench-create-ours',
			[
				readFile(),
				ours('Create', {
					resource: 'document',
					operation: 'create',
					profileId: V3_SEED.pdfProfileId,
					documentSource: 'binary',
					binaryPropertyName: 'data',
					documentName: 'big.pdf',
					invitees: { invitee: INVITEES },
				}),
			],
			['Create'],
		),
		createOurs64: chain(
			'DexBenchCreate64',
			'bench: create from a PDF file (ours, base64)',
			'bench-create-ours64',
			[
				readFile(),
				toBase64(),
				ours('Create', {
					resource: 'document',
					operation: 'create',
					profileId: V3_SEED.pdfProfileId,
					documentSource: 'base64',
					fileBase64: '={{ $json.data }}',
					documentName: 'big.pdf',
					invitees: { invitee: INVITEES },
				}),
			],
			['Create'],
		),
		createHttp: chain(
			'DexBenchCreateHt',
			'bench: create from a PDF file (HTTP Request)',
			'bench-create-http',
			[
				readFile(),
				toBase64(),
				http('HTTP Request', token, {
					method: 'POST',
					url: `${baseUrl}/v3.0/sign/request`,
					sendBody: true,
					contentType: 'json',
					specifyBody: 'json',
					jsonBody: `={{ JSON.stringify({ profileId: '${V3_SEED.pdfProfileId}', file: { name: 'big.pdf', file: $json.data }, invitees: ${JSON.stringify(INVITEES)} }) }}`,
				}),
			],
			['HTTP Request'],
		),

		listOurs: chain(
			'DexBenchListOurs',
			'bench: v3 documents, Return All (ours)',
			'bench-list-ours',
			[
				ours('Get Many', {
					resource: 'document',
					operation: 'getMany',
					returnAll: true,
					filters: {},
					options: {},
				}),
			],
			['Get Many'],
		),
		listHttp: chain(
			'DexBenchListHttp',
			'bench: v3 documents, paged (HTTP Request)',
			'bench-list-http',
			[
				http('HTTP Request', token, {
					url: `${baseUrl}/v3.0/sign/request/list`,
					sendQuery: true,
					queryParameters: { parameters: [{ name: 'max', value: String(PAGE) }] },
					options: {
						pagination: {
							pagination: {
								paginationMode: 'updateAParameterInEachRequest',
								parameters: {
									parameters: [
										{ type: 'qs', name: 'offset', value: `={{ $pageCount * ${PAGE} }}` },
									],
								},
								paginationCompleteWhen: 'other',
								completeExpression: `={{ $response.body.data.documents.length < ${PAGE} }}`,
							},
						},
					},
				}),
			],
			['HTTP Request'],
		),
		packsOurs: packsOurs(
			'DexBenchPacksOur',
			'bench: COMPLETED packs, Return All (ours)',
			'bench-packs-ours',
		),
		packsHttp: packsHttp(
			'DexBenchPacksHtt',
			'bench: COMPLETED packs, paged (HTTP Request)',
			'bench-packs-http',
			baseUrl,
			token,
		),

		downloadOurs: chain(
			'DexBenchDownlOur',
			'bench: Download file, 15 MB (ours)',
			'bench-download-ours',
			[
				ours('Download File', {
					resource: 'document',
					operation: 'download',
					documentId: V3_SEED.completedDocumentId,
					downloadType: 'DOCUMENT',
					options: {},
				}),
			],
			['Download File'],
		),
		downloadHttp: chain(
			'DexBenchDownlHtt',
			'bench: Download file, 15 MB (HTTP Request x2)',
			'bench-download-http',
			[
				http('Fetch Link', token, {
					url: `${baseUrl}/v3.3/document/fetchDocument`,
					sendQuery: true,
					queryParameters: {
						parameters: [
							{ name: 'documentId', value: V3_SEED.completedDocumentId },
							{ name: 'documentDownloadType', value: 'DOCUMENT' },
						],
					},
				}),
				node('Fetch File', 'n8n-nodes-base.httpRequest', 4.2, {
					method: 'GET',
					url: '={{ $json.data.file }}',
					options: { response: { response: { responseFormat: 'file' } } },
				}),
			],
			['Fetch Link', 'Fetch File'],
		),

		...Object.fromEntries(
			Object.values(IF_IRN_EXISTS_MEASURED).map((ifIrnExists) => [
				`createIrn:${ifIrnExists}`,
				createFromIrns(ifIrnExists),
			]),
		),

		downloadAllOurs: downloadAll(4),
		...Object.fromEntries(
			FILE_SET_COUNTS.filter((count) => count !== 4).map((count) => [
				`downloadAllOurs${count}`,
				downloadAll(count),
			]),
		),
		downloadFileFour: byDownloadFile(
			'DexBenchDlFileX4',
			'bench: the same 4 files by Download File x4 (ours)',
			'bench-download-file-x4',
			FILE_SET,
		),
		downloadFileOne: byDownloadFile(
			'DexBenchDlFileX1',
			'bench: the first of the 4 files by Download File (ours)',
			'bench-download-file-x1',
			FILE_SET.slice(0, 1),
		),

		triggerOurs: {
			id: 'DexBenchTriggerO',
			name: 'bench: Document Execution Trigger',
			nodes: [
				{
					...node('Document Execution Trigger', OUR_TRIGGER, 2, {
						authentication: 'authToken',
						options: {},
					}),
					webhookId,
					credentials: { documentExecutionApi: CREDENTIAL },
				},
			],
			connections: {},
			path: `${webhookId}/success`,
			measured: [],
			active: false,
			settings: { executionOrder: 'v1' },
		},
		triggerVerified: verifiedWebhook(
			'DexBenchTriggerV',
			'bench: Webhook, Crypto and IF verifying the MAC',
			'bench-verified-webhook',
		),
		triggerPlain: acknowledgingWebhook(
			'DexBenchTriggerP',
			'bench: plain Webhook node',
			'bench-plain-webhook',
			[],
		),
	};
}

/**
 * The workflows of the latency benchmark: the same calls against the latency proxy at `distantBaseUrl` (our
 * node through DISTANT_CREDENTIAL), and Get Status with n8n's Batching set to each of `batchings`
 * (`statusBatched0`, `statusBatched1`…).
 */
export function distantWorkflows(
	distantBaseUrl: string,
	token: string,
	batchings: Batching[],
): Record<string, BenchWorkflow> {
	return {
		statusOurs: statusOurs(
			'DexBenchFarStaOu',
			'bench: Get Status x1000, 150 ms away (ours)',
			'bench-far-status-ours',
			DISTANT_CREDENTIAL,
		),
		statusHttp: statusHttpHeaderAuth(
			'DexBenchFarStaHt',
			'bench: Get Status x1000, 150 ms away (HTTP Request, Header Auth)',
			'bench-far-status-http',
			distantBaseUrl,
		),
		...Object.fromEntries(
			batchings.map((batch, index) => [
				`statusBatched${index}`,
				statusOurs(
					`DexBenchFarStaB${index}`,
					`bench: Get Status, 150 ms away, batches of ${batch.batchSize} every ${batch.batchInterval} ms (ours)`,
					`bench-far-status-batched-${index}`,
					DISTANT_CREDENTIAL,
					{ requestOptions: { batching: { batch } } },
				),
			]),
		),
		packsOurs: packsOurs(
			'DexBenchFarPacOu',
			'bench: COMPLETED packs, 150 ms away (ours)',
			'bench-far-packs-ours',
			DISTANT_CREDENTIAL,
		),
		packsHttp: packsHttp(
			'DexBenchFarPacHt',
			'bench: COMPLETED packs, 150 ms away (HTTP Request)',
			'bench-far-packs-http',
			distantBaseUrl,
			token,
		),
	};
}
