import { EventEmitter } from 'node:events';

import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
} from 'n8n-workflow';

import { answer, ANSWERS } from '../../../nodes/DocumentExecutionTrigger/answers';
import * as steps from '../../../nodes/DocumentExecutionTrigger/steps';
import type {
	ReceivedDelivery,
	TriggerCredential,
} from '../../../nodes/DocumentExecutionTrigger/steps';
import { computeMac } from '../../../nodes/DocumentExecutionTrigger/verifyMac';
import { makePdf } from '../../fixtures/pdf';

const SALT = 'unit-salt';
const BASE_URL = 'https://service.test/api';

/** The part of express's Response the trigger uses, recording what was written. */
class FakeResponse extends EventEmitter {
	statusCode = 200;
	writableEnded = false;
	written: unknown = undefined;
	status(code: number) {
		this.statusCode = code;
		return this;
	}
	json(body: unknown) {
		this.written = body;
		return this.end();
	}
	end() {
		this.writableEnded = true;
		this.emit('finish');
		return this;
	}
}

interface Fake {
	body?: string | Buffer;
	/** The raw body only once n8n's readRawBody is called (a Content-Type n8n does not parse). */
	unparsedType?: boolean;
	webhookName?: string;
	parameters?: IDataObject;
	mode?: 'manual' | 'webhook';
	credentials?: ICredentialDataDecryptedObject | Error;
	credentialId?: string;
	/** The service's answer body to any request. */
	service?: IDataObject;
}

/** A webhook context for one delivery, with the calls it received. */
function fakeContext(fake: Fake = {}) {
	const response = new FakeResponse();
	const raw = Buffer.isBuffer(fake.body) ? fake.body : Buffer.from(fake.body ?? '{}', 'utf8');
	const request: { rawBody?: Buffer; readRawBody: () => Promise<void> } = {
		rawBody: fake.unparsedType ? undefined : raw,
		readRawBody: async () => {
			request.rawBody = raw;
		},
	};
	const parameters: IDataObject = {
		authentication: 'authToken',
		events: ['*'],
		...fake.parameters,
	};
	const calls = { credentialReads: 0, requests: [] as IDataObject[] };
	const credentials = fake.credentials ?? {
		environment: 'custom',
		baseUrl: BASE_URL,
		authToken: 'token',
		privateSalt: SALT,
	};
	const context = {
		getRequestObject: () => request,
		getResponseObject: () => response,
		getWebhookName: () => fake.webhookName ?? 'default',
		getNodeParameter: (name: string, fallback: unknown) => parameters[name] ?? fallback,
		getNode: () => ({
			name: 'Document Execution Trigger',
			credentials: {
				documentExecutionApi: { id: fake.credentialId ?? null, name: 'Account' },
			},
		}),
		getCredentials: async () => {
			calls.credentialReads += 1;
			if (credentials instanceof Error) throw credentials;
			return credentials;
		},
		getMode: () => fake.mode ?? 'webhook',
		getWorkflow: () => ({ id: 'workflow-1' }),
		getHeaderData: () => ({ 'content-type': 'application/json' }),
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: IDataObject) => {
				calls.requests.push(options);
				return { statusCode: 200, headers: {}, body: fake.service };
			},
			prepareBinaryData: async (content: Buffer, fileName: string, mimeType: string) => ({
				data: content.toString('base64'),
				fileName,
				mimeType,
			}),
		},
	};
	return { context: context as unknown as IWebhookFunctions, response, calls };
}

const v3Body = (overrides: IDataObject = {}): IDataObject => ({
	webhookType: 'Success',
	documentId: 'DOC-1',
	documentStatus: 'Completed',
	mac: computeMac('DOC-1', SALT),
	request: { name: 'Asha', email: 'asha@example.com', action: 'Signed' },
	...overrides,
});

/** A delivery as readDelivery hands it on, with the credential of its context. */
async function received(
	fake: Fake,
): Promise<
	ReturnType<typeof fakeContext> & { delivery: ReceivedDelivery; credential: TriggerCredential }
> {
	const faked = fakeContext(fake);
	const delivery = await steps.readDelivery(faked.context);
	if (!delivery) throw new Error('the test body is not a delivery');
	return { ...faked, delivery, credential: steps.triggerCredential(faked.context) };
}

describe('ANSWERS: what the service sees at each way out of webhook()', () => {
	it('has the seven answers with their status codes and whether a workflow starts', () => {
		const table = Object.fromEntries(
			Object.entries(ANSWERS).map(([name, { status, execution }]) => [name, [status, execution]]),
		);
		expect(table).toEqual({
			notADelivery: [400, 'none'],
			refused: [401, 'none'],
			ignored: [200, 'none'],
			unconfirmed: [503, 'failed'],
			taken: [200, 'none'],
			undecided: [503, 'none'],
			received: [200, 'one'],
		});
	});

	it.each(['notADelivery', 'refused', 'undecided'] as const)(
		'%s: the trigger writes the status and body itself and n8n writes nothing',
		(name) => {
			const { context, response } = fakeContext();
			expect(answer(context, name)).toEqual({ noWebhookResponse: true });
			expect(response.statusCode).toBe(ANSWERS[name].status);
			expect(response.written).toEqual('body' in ANSWERS[name] ? ANSWERS[name].body : undefined);
			expect(response.writableEnded).toBe(true);
		},
	);

	it('the 401 has no body: a forger learns nothing', () => {
		const { context, response } = fakeContext();
		answer(context, 'refused');
		expect(response.written).toBeUndefined();
	});

	it.each(['ignored', 'taken'] as const)(
		'%s: n8n writes the 2xx with the message and no workflow starts',
		(name) => {
			const { context, response } = fakeContext();
			expect(answer(context, name)).toEqual({ webhookResponse: ANSWERS[name].body });
			expect(response.writableEnded).toBe(false);
		},
	);

	it('received: the item starts one workflow and n8n writes "Delivery received"', () => {
		const { context, response } = fakeContext();
		const item: INodeExecutionData = { json: { a: 1 } };
		expect(answer(context, 'received', item)).toEqual({
			workflowData: [[item]],
			webhookResponse: { message: 'Delivery received' },
		});
		expect(response.writableEnded).toBe(false);
	});
});

describe('readDelivery', () => {
	it.each([
		['not JSON', 'not json'],
		['a JSON array', '[{"documentId":"DOC-1"}]'],
		['an object of neither shape', '{"hello":"world"}'],
		[
			'an object of both shapes',
			'{"documentId":"DOC-1","eventType":"SIGNED","document":{"documentId":"DOC-2"}}',
		],
	])('is undefined for %s (answered 400)', async (_case, body) => {
		expect(await steps.readDelivery(fakeContext({ body }).context)).toBeUndefined();
	});

	it('reads a v3 body on the error webhook as a delivery on the error route', async () => {
		const body = v3Body({ webhookType: 'Error', request: { rejected: true } });
		const delivery = await steps.readDelivery(
			fakeContext({ body: JSON.stringify(body), webhookName: 'error' }).context,
		);
		expect(delivery).toMatchObject({
			body,
			shaped: { shape: 'v3', documentId: 'DOC-1' },
			event: { kind: 'INVITEE_REJECTED', route: 'error', documentStatus: 'COMPLETED' },
			statusFromService: false,
		});
	});

	it('reads the bytes itself when n8n did not parse the Content-Type, a byte order mark included', async () => {
		const body = { eventType: 'SIGNED', document: { documentId: 'DOC-4' } };
		const delivery = await steps.readDelivery(
			fakeContext({ body: `\uFEFF${JSON.stringify(body)}`, unparsedType: true }).context,
		);
		expect(delivery?.shaped).toEqual({ shape: 'webhook4', documentId: 'DOC-4' });
		expect(delivery?.event.kind).toBe('INVITEE_SIGNED');
	});
});

describe('triggerCredential', () => {
	it('reads the credential only when asked, and at most once per delivery', async () => {
		const { context, calls } = fakeContext();
		const credential = steps.triggerCredential(context);
		expect(calls.credentialReads).toBe(0);
		await credential.read();
		await credential.read();
		expect(calls.credentialReads).toBe(1);
		expect(credential).toMatchObject({ authentication: 'authToken', type: 'documentExecutionApi' });
	});

	it('names the OAuth2 credential type for OAuth2', () => {
		const { context } = fakeContext({ parameters: { authentication: 'oAuth2' } });
		expect(steps.triggerCredential(context).type).toBe('documentExecutionOAuth2Api');
	});
});

describe('verifyDelivery', () => {
	it('accepts the MAC of the document id under the Private Salt, as verified', async () => {
		const { context, delivery, credential } = await received({ body: JSON.stringify(v3Body()) });
		expect(await steps.verifyDelivery(context, delivery, credential)).toEqual({
			accepted: true,
			verified: true,
		});
	});

	it('refuses a MAC made with another salt', async () => {
		const body = JSON.stringify(v3Body({ mac: computeMac('DOC-1', 'other-salt') }));
		const { context, delivery, credential } = await received({ body });
		expect(await steps.verifyDelivery(context, delivery, credential)).toEqual({
			accepted: false,
			reason: 'mismatch',
		});
	});

	it('accepts unverified when the credential has no Private Salt', async () => {
		const { context, delivery, credential } = await received({
			body: JSON.stringify(v3Body({ mac: 'anything' })),
			credentials: {
				environment: 'custom',
				baseUrl: BASE_URL,
				authToken: 'token',
				privateSalt: '',
			},
		});
		expect(await steps.verifyDelivery(context, delivery, credential)).toEqual({
			accepted: true,
			verified: false,
		});
	});
});

describe('isPicked', () => {
	const pick = async (parameters: IDataObject) => {
		const { context, delivery } = await received({ body: JSON.stringify(v3Body()), parameters });
		return steps.isPicked(context, delivery);
	};

	it('takes every kind with Any Event', async () => {
		expect(await pick({ events: ['*'] })).toBe(true);
	});

	it("takes the delivery's kind, picked or typed, and not another", async () => {
		expect(await pick({ events: ['INVITEE_SIGNED'] })).toBe(true);
		expect(await pick({ events: [], otherEventTypes: ' X, INVITEE_SIGNED ' })).toBe(true);
		expect(await pick({ events: ['REVIEWER_APPROVAL'] })).toBe(false);
		expect(await pick({ events: [] })).toBe(false);
	});
});

describe('confirmCompletion', () => {
	const withoutStatus = JSON.stringify(
		v3Body({ webhookType: undefined, documentStatus: undefined }),
	);
	const completedOnly = { options: { completedOnly: true } };

	it('lets every delivery through when Only Completed Documents is off, reading nothing', async () => {
		const { context, delivery, credential, calls } = await received({
			body: JSON.stringify(v3Body({ documentStatus: 'Sent' })),
		});
		expect(await steps.confirmCompletion(context, delivery, credential)).toBe(true);
		expect(calls.credentialReads).toBe(0);
	});

	it.each([
		['Completed', true],
		['PACK_PENDING_COMPLETION', true],
		['Sent', false],
	])('with the option on, a delivery whose status is %s passes: %s', async (status, passes) => {
		const { context, delivery, credential, calls } = await received({
			body: JSON.stringify(v3Body({ documentStatus: status })),
			parameters: completedOnly,
		});
		expect(await steps.confirmCompletion(context, delivery, credential)).toBe(passes);
		expect(calls.requests).toHaveLength(0);
	});

	it('reads a missing status from the v3 document list into the event, and keys the claim by document', async () => {
		const { context, delivery, credential, calls } = await received({
			body: withoutStatus,
			parameters: completedOnly,
			service: {
				status: 1,
				messages: [],
				data: { documents: [{ documentId: 'DOC-1', status: 'completed' }] },
			},
		});
		expect(await steps.confirmCompletion(context, delivery, credential)).toBe(true);
		expect(delivery.event.documentStatus).toBe('COMPLETED');
		expect(delivery.statusFromService).toBe(true);
		expect(calls.requests).toEqual([
			expect.objectContaining({
				url: `${BASE_URL}/v3.0/sign/request/list`,
				qs: { q: 'DOC-1' },
			}),
		]);
	});

	it('answers 503 and throws when the status cannot be read', async () => {
		const { context, delivery, credential, response } = await received({
			body: withoutStatus,
			parameters: { ...completedOnly, authentication: 'oAuth2' },
		});
		await expect(steps.confirmCompletion(context, delivery, credential)).rejects.toThrow(
			/^Only Completed Documents: .*Auth Token credential/,
		);
		expect([response.statusCode, response.written]).toEqual([503, ANSWERS.unconfirmed.body]);
	});
});

describe('claimDelivery', () => {
	/** A copy of `body` claimed for the trigger in workflow-1, its answer then written with `status`. */
	const claimCopy = async (body: IDataObject, fake: Fake = {}, status = 200) => {
		const { context, delivery, response } = await received({ ...fake, body: JSON.stringify(body) });
		const claimed = await steps.claimDelivery(context, delivery);
		response.status(status).end();
		return claimed;
	};

	it('claims an event once: its repeat, after a 2xx, is taken', async () => {
		const body = v3Body({ documentId: 'DOC-CLAIM-1', irn: 'once' });
		expect(await claimCopy(body)).toBe('claimed');
		expect(await claimCopy(body)).toBe('taken');
	});

	it('lets an event go when n8n answered it with anything but a 2xx', async () => {
		const body = v3Body({ documentId: 'DOC-CLAIM-2' });
		expect(await claimCopy(body, {}, 500)).toBe('claimed');
		expect(await claimCopy(body)).toBe('claimed');
	});

	it('keeps the Test URL apart from the Production URL', async () => {
		const body = v3Body({ documentId: 'DOC-CLAIM-3' });
		expect(await claimCopy(body, { mode: 'manual' })).toBe('claimed');
		expect(await claimCopy(body, { mode: 'webhook' })).toBe('claimed');
	});

	it('keys a delivery whose status came from the service by its document: another invitee is taken', async () => {
		const claimAs = async (email: string) => {
			const { context, delivery, response } = await received({
				body: JSON.stringify(v3Body({ documentId: 'DOC-CLAIM-4', request: { email } })),
			});
			delivery.statusFromService = true;
			const claimed = await steps.claimDelivery(context, delivery);
			response.end();
			return claimed;
		};
		expect(await claimAs('first@example.com')).toBe('claimed');
		expect(await claimAs('second@example.com')).toBe('taken');
	});
});

describe('refetchWhenAsked', () => {
	it('reads nothing when Re-Fetch Current Status is off', async () => {
		const { context, delivery, credential, calls } = await received({
			body: JSON.stringify(v3Body()),
		});
		expect(await steps.refetchWhenAsked(context, delivery, credential)).toBeUndefined();
		expect(calls.credentialReads).toBe(0);
	});

	it("answers the service's v3.2 check status of the delivery's document", async () => {
		const { context, delivery, credential, calls } = await received({
			body: JSON.stringify(v3Body()),
			parameters: { options: { refetchStatus: true } },
			service: { status: 1, messages: [], data: { invitations: [] } },
		});
		expect(await steps.refetchWhenAsked(context, delivery, credential)).toEqual({
			source: 'v3.2 check status',
			documentId: 'DOC-1',
			data: { invitations: [] },
		});
		expect(calls.requests[0]).toMatchObject({
			url: `${BASE_URL}/v3.2/sign/request`,
			qs: { documentId: 'DOC-1' },
		});
	});

	it('answers 503 and throws when the credential cannot be read', async () => {
		const { context, delivery, credential, response } = await received({
			body: JSON.stringify(v3Body()),
			parameters: { options: { refetchStatus: true } },
			credentials: new Error('credential gone'),
		});
		await expect(steps.refetchWhenAsked(context, delivery, credential)).rejects.toThrow(
			'credential gone',
		);
		expect([response.statusCode, response.written]).toEqual([503, ANSWERS.unconfirmed.body]);
	});
});

describe('outputItem', () => {
	it('is the body with event and macVerification set after its own keys', async () => {
		const body = v3Body({ event: 'forged', macVerification: 'forged' });
		const { context, delivery } = await received({ body: JSON.stringify(body) });
		const item = await steps.outputItem(
			context,
			delivery,
			{ accepted: true, verified: true },
			undefined,
		);
		expect(item).toEqual({
			json: {
				...body,
				event: delivery.event,
				macVerification: {
					verified: true,
					detail: 'The MAC matches the document ID and the Private Salt',
				},
			},
		});
	});

	it('adds headers and currentStatus when asked, and says when verification is off', async () => {
		const { context, delivery } = await received({
			body: JSON.stringify(v3Body()),
			parameters: { options: { includeHeaders: true } },
		});
		const { json } = await steps.outputItem(
			context,
			delivery,
			{ accepted: true, verified: false },
			{ source: 'v3.2 check status' },
		);
		expect(json).toMatchObject({
			macVerification: {
				verified: false,
				detail: 'Verification is off: the credential has no Private Salt',
			},
			headers: { 'content-type': 'application/json' },
			currentStatus: { source: 'v3.2 check status' },
		});
	});

	it('moves base64 PDFs to binaries named after the document', async () => {
		const pdf = makePdf();
		const { context, delivery } = await received({
			body: JSON.stringify(v3Body({ files: [pdf.toString('base64')] })),
		});
		const item = await steps.outputItem(
			context,
			delivery,
			{ accepted: true, verified: true },
			undefined,
		);
		expect(item.json.files).toBeUndefined();
		expect(item.json.movedToBinary).toEqual({ files: ['data'] });
		expect(item.binary?.data).toEqual({
			data: pdf.toString('base64'),
			fileName: 'DOC-1.pdf',
			mimeType: 'application/pdf',
		});
	});
});
