/**
 * Links from the editor to the package's documentation on GitHub, as n8n's UX guidelines ask of a notice: a
 * short text, then a link to the page that says more, opening in a new tab. test/foundation/doc-links.test.ts
 * checks that each page and heading exists.
 */

const DOCS_URL =
	'https://github.com/n8n-nodes-document-execution/n8n-nodes-document-execution/blob/main/docs/';

/** A page of docs/ and a heading on it. */
type DocsPage = `${string}.md#${string}`;

/** The pages the editor links to, by what they say more about. */
export const DOCS_PAGES = {
	failures: 'document-execution.md#when-something-goes-wrong',
	account: 'document-execution.md#the-account-v1',
	packs: 'document-execution.md#packs-and-media-v4',
	adminCreates: 'choices/admin.md#operations-that-create',
	triggerSetup: 'document-execution-trigger.md#set-it-up',
	triggerAnswers: 'document-execution-trigger.md#what-the-service-sees',
} as const satisfies Record<string, DocsPage>;

export type DocsTopic = keyof typeof DOCS_PAGES;

/** An HTML link to the page of `topic`, opening in a new tab. */
export const docsLink = (topic: DocsTopic, text: string): string =>
	`<a href="${DOCS_URL}${DOCS_PAGES[topic]}" target="_blank">${text}</a>`;

/** A notice's text: a sentence or two, then a link to the page that says more. */
export const withDocsLink = (text: string, topic: DocsTopic): string =>
	`${text} ${docsLink(topic, 'More')}`;
