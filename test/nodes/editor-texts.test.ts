import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { nodeTypeName, nodeTypes } from '../harness/types';

/**
 * What n8n's editor shows of the three nodes, held to n8n's UX guidelines for verified community nodes
 * (docs.n8n.io, "UX guidelines" and "Node UI design"): hints short, notices short and each linked to the page
 * that says more, and lists in the order n8n's lint asks (eslint-plugin-n8n-nodes-base's `*-unsorted-items`
 * rules: alphabetical by name from five items on). The lint reads only lists written out in the source; this
 * walks every list as n8n receives it, nested collections and fixed collections included.
 */

const HINT_LIMIT = 120;
const NOTICE_LIMIT = 200;
/** eslint-plugin-n8n-nodes-base's MIN_ITEMS_TO_ALPHABETIZE. */
const SORTED_FROM = 5;
const DOCS =
	'https://github.com/n8n-nodes-document-execution/n8n-nodes-document-execution/blob/main/docs/';

const NODES = ['documentExecution', 'documentExecutionTrigger', 'documentExecutionPollTrigger'];

interface Shown {
	node: string;
	/** Where it shows and its names from the top-level property down: "pack get: options › output". */
	path: string;
	property: INodeProperties;
}

const isProperty = (entry: unknown): entry is INodeProperties =>
	typeof entry === 'object' && entry !== null && 'type' in entry && 'displayName' in entry;

/** Every property of a node, however deeply nested in collections and fixed collections. */
function propertiesOf(node: string): Shown[] {
	const walk = (properties: INodeProperties[], path: string[]): Shown[] =>
		properties.flatMap((property) => {
			const here = [...path, property.name];
			const nested = [
				...(property.options ?? []),
				...((property.options ?? []) as INodePropertyCollection[]).flatMap(
					(group) => group.values ?? [],
				),
			].filter(isProperty);
			return [{ node, path: here.join(' › '), property }, ...walk(nested, here)];
		});
	const topLevel = nodeTypes.getByNameAndVersion(nodeTypeName(node)).description.properties;
	return topLevel.flatMap((property) => {
		const { resource, operation } = property.displayOptions?.show ?? {};
		const where = [resource, operation].filter(Boolean).join(' ');
		return walk([property], []).map((entry) => ({
			...entry,
			path: where ? `${where}: ${entry.path}` : entry.path,
		}));
	});
}

const shown = NODES.flatMap(propertiesOf);
const notices = shown.filter(({ property }) => property.type === 'notice');

/** What a notice reads on screen: its text without markup. */
const visibleText = (html: string) => html.replace(/<[^>]*>/g, '');

/** The names of a list as n8n shows it: options by name, a collection's fields by display name. */
function listNames(property: INodeProperties): string[] {
	if (property.type === 'options' || property.type === 'multiOptions')
		return ((property.options ?? []) as INodePropertyOptions[]).map((option) => option.name);
	if (property.type === 'collection')
		return ((property.options ?? []) as INodeProperties[]).map((field) => field.displayName);
	return [];
}

/** As the lint's optionComparator sorts (localeCompare), for lists that must be sorted. */
const mustBeSorted = ({ property }: Shown) =>
	property.name === 'resource' ||
	property.name === 'operation' ||
	listNames(property).length >= SORTED_FROM;

describe("the editor's texts, as n8n's UX guidelines ask", () => {
	it('finds the properties of all three nodes, nested ones included', () => {
		for (const node of NODES) expect(shown.some((entry) => entry.node === node)).toBe(true);
		expect(shown.some(({ path }) => path.split(' › ').length > 3)).toBe(true);
		expect(notices.length).toBeGreaterThan(0);
	});

	it.each(
		shown.filter(({ property }) => property.hint).map((entry) => [entry.node, entry.path, entry]),
	)(`%s › %s: the hint has at most ${HINT_LIMIT} characters`, (_node, _path, { property }) => {
		expect(property.hint!.length).toBeLessThanOrEqual(HINT_LIMIT);
	});

	it.each(notices.map((entry) => [entry.node, entry.path, entry]))(
		`%s › %s: the notice reads at most ${NOTICE_LIMIT} characters and links to the page that says more`,
		(_node, _path, { property }) => {
			expect(visibleText(property.displayName).length).toBeLessThanOrEqual(NOTICE_LIMIT);
			const links = [...property.displayName.matchAll(/<a href="([^"]+)" target="_blank">/g)];
			expect(links.map(([, url]) => url.startsWith(DOCS))).toEqual([true]);
		},
	);

	it.each(shown.filter(mustBeSorted).map((entry) => [entry.node, entry.path, entry]))(
		'%s › %s: the list is in alphabetical order',
		(_node, _path, { property }) => {
			const names = listNames(property);
			expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		},
	);
});
