import {
	normalisedEvent,
	shapeOf,
	type Route,
} from '../../../nodes/DocumentExecutionTrigger/delivery';

/** A v3 flat body as the knowledge base's articles open it, with the invitee's `request`. */
const flat = (request: Record<string, unknown>, top: Record<string, unknown> = {}) => ({
	webhookType: 'Success',
	documentId: '01KMFEE9T8WPY0WPWXQHQ7DTJ2',
	documentStatus: 'Sent',
	irn: 'IRN-7',
	mac: 'f'.repeat(40),
	messages: [],
	verification: null,
	request: {
		name: 'Asha Rao',
		email: 'asha@example.com',
		phone: '9876543210',
		signUrl: 'https://sandbox.example/sign/u-1',
		...request,
	},
	...top,
});

const kindOf = (body: Record<string, unknown>, route: Route) =>
	normalisedEvent(body, shapeOf(body)!, route).kind;

describe('shapeOf: which of the two documented bodies a delivery is', () => {
	it('a top-level documentId is a v3 body; eventType with a document object is a Webhook 4.0 envelope', () => {
		expect(shapeOf(flat({}))).toEqual({ shape: 'v3', documentId: '01KMFEE9T8WPY0WPWXQHQ7DTJ2' });
		expect(shapeOf({ eventType: 'REVIEWER_APPROVAL', document: { documentId: 'D-4' } })).toEqual({
			shape: 'webhook4',
			documentId: 'D-4',
		});
		// The envelope without its document id is still an envelope: the MAC check then refuses it (401).
		expect(shapeOf({ eventType: 'REVIEWER_APPROVAL', document: {} })).toEqual({
			shape: 'webhook4',
			documentId: undefined,
		});
	});

	it('neither shape, or both at once, is no delivery', () => {
		for (const body of [
			{},
			{ mac: 'x' },
			{ eventType: 'X' },
			{ document: { documentId: 'D' } },
			{ eventType: 'X', document: null },
			{ eventType: 'X', document: ['D'] },
		]) {
			expect(shapeOf(body)).toBeUndefined();
		}
		expect(
			shapeOf({ documentId: 'A', eventType: 'X', document: { documentId: 'B' } }),
		).toBeUndefined();
		// Own keys only.
		expect(shapeOf(Object.create({ documentId: 'A' }) as Record<string, unknown>)).toBeUndefined();
	});
});

describe('normalisedEvent: one field to branch on, whatever the shape', () => {
	it('a v3 "signed" body: kind, route, id, upper-case status, irn and the invitee', () => {
		const body = flat(
			{ inviteeType: 'Signer', action: 'Signed', signed: true, signType: 'AADHAAR' },
			{ documentStatus: 'Completed' },
		);
		expect(normalisedEvent(body, shapeOf(body)!, 'success')).toEqual({
			kind: 'INVITEE_SIGNED',
			eventType: null,
			shape: 'v3',
			route: 'success',
			documentId: '01KMFEE9T8WPY0WPWXQHQ7DTJ2',
			documentStatus: 'COMPLETED',
			irn: 'IRN-7',
			invitee: {
				name: 'Asha Rao',
				email: 'asha@example.com',
				phone: '9876543210',
				signUrl: 'https://sandbox.example/sign/u-1',
			},
		});
	});

	it('a Webhook 4.0 REVIEWER_APPROVAL envelope reads the same way', () => {
		const envelope = {
			webhookType: 'SUCCESS',
			eventType: 'REVIEWER_APPROVAL',
			document: { documentId: 'D-4', documentStatus: 'PACK_PENDING_COMPLETION', irn: null },
			invitee: {
				inviteeName: 'Riya',
				inviteeEmail: 'riya@example.com',
				inviteeMobile: '9876543210',
				invitationStatus: 'REVIEWER_APPROVED',
			},
		};
		expect(normalisedEvent(envelope, shapeOf(envelope)!, 'success')).toEqual({
			kind: 'REVIEWER_APPROVAL',
			eventType: 'REVIEWER_APPROVAL',
			shape: 'webhook4',
			route: 'success',
			documentId: 'D-4',
			documentStatus: 'PACK_PENDING_COMPLETION',
			irn: null,
			invitee: { name: 'Riya', email: 'riya@example.com', phone: '9876543210', signUrl: null },
		});
		// Kinds the spec does not list pass through as their eventType.
		expect(kindOf({ ...envelope, eventType: 'SOMETHING_NEW' }, 'success')).toBe('SOMETHING_NEW');
		// A name of Object.prototype is an event type like any other, not a lookup.
		expect(kindOf({ ...envelope, eventType: 'constructor' }, 'success')).toBe('constructor');
	});

	it.each([
		['SIGNED', 'INVITEE_SIGNED'],
		['SIGNER_REJECTED', 'INVITEE_REJECTED'],
		['REVIEWER_REJECTED', 'INVITEE_REJECTED'],
	])(
		'a Webhook 4.0 %s envelope is of kind %s, its own eventType kept beside it',
		(eventType, kind) => {
			const envelope = { eventType, document: { documentId: 'D-5' } };
			expect(normalisedEvent(envelope, shapeOf(envelope)!, 'success')).toMatchObject({
				kind,
				eventType,
			});
		},
	);

	it('tells the v3 invitee actions apart from any of their signs', () => {
		expect(kindOf(flat({ action: 'Signed' }), 'success')).toBe('INVITEE_SIGNED');
		expect(kindOf(flat({ inviteeType: 'Reviewer', action: 'Approved' }), 'success')).toBe(
			'REVIEWER_APPROVAL',
		);
		expect(kindOf(flat({ inviteeType: 'Reviewer' }), 'success')).toBe('REVIEWER_APPROVAL');
		const rejectedTop = { webhookType: 'Error' };
		expect(
			kindOf(
				flat({ action: 'Rejected', error: 'Invitation rejected by the signer.' }, rejectedTop),
				'error',
			),
		).toBe('INVITEE_REJECTED');
		expect(kindOf(flat({ rejected: true }, rejectedTop), 'error')).toBe('INVITEE_REJECTED');
		expect(
			kindOf(
				flat(
					{ action: 'Failed', expired: true },
					{ ...rejectedTop, verification: { name: false, pincode: true } },
				),
				'error',
			),
		).toBe('CERTIFICATE_VERIFICATION_FAILED');
		expect(
			kindOf(
				flat(
					{ error: "Pincode doesn't match with the Digital Signature Certificate." },
					rejectedTop,
				),
				'error',
			),
		).toBe('CERTIFICATE_VERIFICATION_FAILED');
		// The spec: an invitation whose certificate failed reads expired; the KB sends nothing else unlabelled there.
		expect(kindOf(flat({ expired: true }, rejectedTop), 'error')).toBe(
			'CERTIFICATE_VERIFICATION_FAILED',
		);
		expect(
			kindOf(flat({ expired: true, error: 'Transaction timed out.' }, rejectedTop), 'error'),
		).toBe('INVITATION_EXPIRED');
		expect(kindOf(flat({}, rejectedTop), 'error')).toBe('SIGNING_FAILED');
	});

	it("reads public client code's variants: no webhookType, invitationUrl for the sign URL, lower-case values", () => {
		const live = {
			documentId: 'D-1',
			mac: 'a'.repeat(40),
			request: { action: 'Signed', invitationUrl: 'https://app.example/sign/u-2', name: 'Studio' },
		};
		const event = normalisedEvent(live, shapeOf(live)!, 'success');
		expect(event).toMatchObject({
			kind: 'INVITEE_SIGNED',
			documentStatus: null,
			irn: null,
			invitee: { name: 'Studio', signUrl: 'https://app.example/sign/u-2', email: null },
		});
		expect(kindOf(flat({ action: 'rejected' }), 'error')).toBe('INVITEE_REJECTED');
		// The route the delivery came on decides when the body says nothing: a bare body on the error URL is a failure.
		expect(kindOf({ documentId: 'D-1' }, 'error')).toBe('SIGNING_FAILED');
		expect(kindOf({ documentId: 'D-1' }, 'success')).toBe('INVITEE_SIGNED');
		expect(kindOf({ documentId: 'D-1', webhookType: 'Error' }, 'success')).toBe('SIGNING_FAILED');
	});

	it('never takes a value of the wrong type: null for what is not a non-empty string', () => {
		const odd = {
			documentId: 7,
			documentStatus: ['Sent'],
			irn: '',
			request: { name: { first: 'A' }, email: 3 },
		};
		expect(normalisedEvent(odd, shapeOf(odd)!, 'success')).toMatchObject({
			documentId: null,
			documentStatus: null,
			irn: null,
			invitee: { name: null, email: null, phone: null, signUrl: null },
		});
	});
});
