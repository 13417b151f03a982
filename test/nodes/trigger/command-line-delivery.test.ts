import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { computeMac } from '../../../nodes/DocumentExecutionTrigger/verifyMac';
import { DEFAULT_SALT } from '../../emulator/server';
import { postRaw, triggerTestbed } from './helpers';

/**
 * The trigger's docs page shows how to send a delivery with a valid MAC from the command line (openssl and curl),
 * so that a user can try a flow before the service sends anything. The body it sends, with the MAC it computes
 * (the HMAC-SHA1 of the document ID keyed by the Private Salt), starts the flow.
 */
const bed = triggerTestbed();

/** The curl body of the page's shell example, as the shell builds it for this document ID and MAC. */
function documentedBody(documentId: string, mac: string): string {
	const page = readFileSync(join(__dirname, '../../../docs/document-execution-trigger.md'), 'utf8');
	const quoted = /-d '(\{.*\})'\n/.exec(page)?.[1];
	if (!quoted) throw new Error('The docs page has no curl -d example');
	return quoted.replace(`'"$DOC_ID"'`, documentId).replace(`'"$MAC"'`, mac);
}

describe('a test delivery sent from the command line, as the docs page shows it', () => {
	it('starts the flow: an Invitee Signed event of a completed document, verified', async () => {
		const hook = await bed.serve({ options: { completedOnly: true } });
		const documentId = 'TEST-1767225600';
		const answer = await postRaw(
			hook.url(),
			documentedBody(documentId, computeMac(documentId, DEFAULT_SALT)),
		);
		await hook.settled();

		expect([answer.status, JSON.parse(answer.body)]).toEqual([
			200,
			{ message: 'Delivery received' },
		]);
		expect(hook.executions).toHaveLength(1);
		expect(hook.executions[0].items[0].json).toMatchObject({
			event: { kind: 'INVITEE_SIGNED', documentId, documentStatus: 'COMPLETED' },
			macVerification: { verified: true },
		});
	});

	it('with a MAC made with another salt, is refused 401', async () => {
		const hook = await bed.serve();
		const answer = await postRaw(
			hook.url(),
			documentedBody('TEST-2', computeMac('TEST-2', 'not the salt')),
		);
		expect(answer.status).toBe(401);
	});
});
