import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { V3_SEED } from '../emulator/families/v3';
import { ROOT } from '../harness/types';

/**
 * What a user who imports examples/*.json relies on without running it: a webhook that starts work asks for
 * its credential, the sticky notes say what a listing node really fetches, name every value that fits only the
 * emulator, and name every credential the nodes refer to. The e2e suites run the files; this reads them.
 */

interface ExampleNode {
	id: string;
	name: string;
	type: string;
	parameters?: Record<string, unknown>;
	credentials?: Record<string, { id: string | null; name: string }>;
}

const EXAMPLES = join(ROOT, 'examples');
const examples = readdirSync(EXAMPLES)
	.filter((file) => file.endsWith('.json'))
	.sort()
	.map((file) => {
		const nodes = (
			JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as { nodes: ExampleNode[] }
		).nodes;
		const notes = nodes
			.filter((node) => node.type === 'n8n-nodes-base.stickyNote')
			.map((node) => String(node.parameters?.content ?? ''))
			.join('\n');
		return { file, nodes, notes };
	});

const OUR_NODE = 'n8n-nodes-document-execution.documentExecution';
/** n8n's Webhook node: its Authentication options and the credential type each one takes. */
const WEBHOOK = 'n8n-nodes-base.webhook';
const WEBHOOK_CREDENTIALS: Record<string, string> = {
	headerAuth: 'httpHeaderAuth',
	basicAuth: 'httpBasicAuth',
	jwtAuth: 'jwtAuth',
};
/** The one credential line every example whose nodes use the package's credential carries, word for word. */
const CREDENTIAL_LINE =
	'**Credential**: every Document Execution node names the credential *Document Execution account*. Create one with that name before importing and n8n picks it; otherwise pick yours on one node and n8n offers to use it on all.';
/** The dashboard page where a user finds the Workflow Profile ID to put in place of the emulator's. */
const PROFILE_ID_PAGE = 'Workflows';

const isExpression = (value: unknown) => typeof value === 'string' && value.startsWith('=');

/** Values of the file that only the emulator knows: its seed profile, sample phone numbers, a sample PDF. */
function placeholders(nodes: ExampleNode[]): Array<{ value: string; namedAs: string[] }> {
	const found: Array<{ value: string; namedAs: string[] }> = [];
	for (const node of nodes.filter((candidate) => candidate.type === OUR_NODE)) {
		const parameters = node.parameters ?? {};
		if (parameters.profileId === V3_SEED.pdfProfileId)
			found.push({ value: V3_SEED.pdfProfileId, namedAs: [V3_SEED.pdfProfileId, PROFILE_ID_PAGE] });
		if (typeof parameters.fileBase64 === 'string' && !isExpression(parameters.fileBase64))
			found.push({ value: `${node.name}'s embedded PDF`, namedAs: ['sample PDF'] });
		const invitees =
			(parameters.invitees as { invitee?: Array<Record<string, unknown>> } | undefined)?.invitee ??
			[];
		for (const { phone } of invitees)
			if (typeof phone === 'string' && phone && !isExpression(phone))
				found.push({ value: phone, namedAs: [phone] });
	}
	return found;
}

describe.each(examples)('examples/$file', ({ nodes, notes }) => {
	it("gives each node an ID and a name of its own (n8n's import refuses a file that repeats one)", () => {
		for (const key of ['id', 'name'] as const) {
			const values = nodes.map((node) => node[key]);
			expect(values.filter((value, index) => values.indexOf(value) !== index)).toEqual([]);
		}
	});

	it('asks for its credential on every n8n Webhook node that starts work, and its notes name it', () => {
		for (const webhook of nodes.filter((node) => node.type === WEBHOOK)) {
			const authentication = String(webhook.parameters?.authentication ?? 'none');
			expect({ node: webhook.name, authentication }).toEqual({
				node: webhook.name,
				authentication: expect.stringMatching(/^(headerAuth|basicAuth|jwtAuth)$/),
			});
			const reference = webhook.credentials?.[WEBHOOK_CREDENTIALS[authentication]];
			expect(reference).toEqual({ id: null, name: expect.any(String) });
			expect(notes).toContain(reference!.name);
			// How to call it: a curl line with the credential's header, user or token.
			expect(notes).toMatch(/curl /);
		}
	});

	it("says what each listing node fetches: every page only with Return All, else the Limit's count", () => {
		const listings = nodes.filter(
			(node) =>
				node.type === OUR_NODE &&
				('limit' in (node.parameters ?? {}) || node.parameters?.returnAll),
		);
		for (const listing of listings.filter((node) => node.parameters?.returnAll !== true))
			expect(notes).toMatch(new RegExp(`the ${String(listing.parameters?.limit)} most recent`));
		if (/every page|pages through/i.test(notes))
			expect(listings.some((node) => node.parameters?.returnAll === true)).toBe(true);
	});

	it('names every value in it that fits only the emulator, and where to find the real one', () => {
		for (const placeholder of placeholders(nodes))
			for (const words of placeholder.namedAs)
				expect({ placeholder: placeholder.value, named: notes.includes(words) }).toEqual({
					placeholder: placeholder.value,
					named: true,
				});
	});

	it('names every credential its nodes refer to, by name without an id', () => {
		const references = nodes.flatMap((node) =>
			Object.entries(node.credentials ?? {}).map(([type, reference]) => ({ type, ...reference })),
		);
		for (const reference of references) {
			expect(reference.id).toBeNull();
			expect(notes).toContain(reference.name);
		}
		if (references.some(({ type }) => type === 'documentExecutionApi'))
			expect(notes).toContain(CREDENTIAL_LINE);
	});
});
