/**
 * n8n's UX guidelines ask a notice for a short text, then a link to the page that says more, in a new tab.
 * test/foundation/doc-links.test.ts checks that each page and heading exists.
 */

const DOCS_URL =
	'https://github.com/n8n-nodes-document-execution/n8n-nodes-document-execution/blob/main/docs/';

type DocsPage = `${string}.md#${string}`;

export const DOCS_PAGES = {
	failures: 'document-execution.md#when-something-goes-wrong',
	account: 'document-execution.md#the-account-v1',
	packs: 'document-execution.md#packs-and-media-v4',
	bulkSend: 'document-execution.md#bulk-send-at-scale',
	adminCreates: 'choices/admin.md#operations-that-create',
	triggerSetup: 'document-execution-trigger.md#set-it-up',
	triggerAnswers: 'document-execution-trigger.md#what-the-service-sees',
} as const satisfies Record<string, DocsPage>;

export type DocsTopic = keyof typeof DOCS_PAGES;

export const docsLink = (topic: DocsTopic, text: string): string =>
	`<a href="${DOCS_URL}${DOCS_PAGES[topic]}" target="_blank">${text}</a>`;

export const withDocsLink = (text: string, topic: DocsTopic): string =>
	`${text} ${docsLink(topic, 'More')}`;
