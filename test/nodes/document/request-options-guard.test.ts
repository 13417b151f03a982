import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyCollection,
	INodeType,
} from 'n8n-workflow';
import { PackageDirectoryLoader } from 'n8n-core';

import {
	HANDLED_REQUEST_OPTIONS,
	requestOptionsOf,
} from '../../../nodes/DocumentExecution/shared/requests/inWorkflow';
import { isObject } from '../../../nodes/shared/isObject';
import { ROOT } from '../../harness/types';

/**
 * Get Status and Download File run as custom operations, which n8n hands no request: they read the Request
 * Options themselves (`inWorkflow`). The options are n8n's, added by its package loader to every declarative
 * node, so an n8n that adds or renames one would leave a user's setting unread on these operations. This reads
 * the options from the node as n8n's loader gives it, and fails until the custom operations read every one.
 */

/** n8n's package loader over this package, its `dist/` entries read from the sources they are built from. */
class SourcePackageLoader extends PackageDirectoryLoader {
	protected resolvePath(file: string): string {
		return super.resolvePath(file.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
	}
}

let node: INodeType;
let requestOptions: INodeProperties;
beforeAll(async () => {
	const loader = new SourcePackageLoader(ROOT);
	await loader.loadAll();
	node = loader.getNode('documentExecution').type as INodeType;
	const found = node.description.properties.find(({ name }) => name === 'requestOptions');
	if (!found) throw new Error("n8n's loader gave the node no Request Options");
	requestOptions = found;
});

/**
 * A value of the Request Options with every option set, as an item's parameters hold it (a fixed collection's
 * values under its group: `batching.batch.batchSize`), each option set to its own path.
 */
function everyOptionSet(options: INodeProperties[], prefix = ''): IDataObject {
	return Object.fromEntries(
		options.map((option) => {
			const path = `${prefix}${option.name}`;
			if (option.type === 'collection')
				return [option.name, everyOptionSet(option.options as INodeProperties[], `${path}.`)];
			if (option.type === 'fixedCollection')
				return [
					option.name,
					Object.fromEntries(
						(option.options as INodePropertyCollection[]).map((group) => [
							group.name,
							everyOptionSet(group.values, `${path}.${group.name}.`),
						]),
					),
				];
			return [option.name, path];
		}),
	);
}

/** The leaves of a value of the Request Options. */
const leaves = (value: object): unknown[] =>
	Object.values(value).flatMap((inner) => (isObject(inner) ? leaves(inner) : [inner]));

it('the Request Options are a setting of the node whose document reads run as custom operations', () => {
	expect(requestOptions).toMatchObject({ type: 'collection', isNodeSetting: true });
	expect(Object.keys(node.customOperations?.document ?? {})).toEqual(
		expect.arrayContaining(['getStatus', 'download']),
	);
});

it("the custom operations read every Request Option n8n offers, by n8n's names", () => {
	const offered = leaves(everyOptionSet(requestOptions.options as INodeProperties[]));
	const handled: readonly unknown[] = HANDLED_REQUEST_OPTIONS;
	expect({
		offeredButNotRead: offered.filter((path) => !handled.includes(path)),
		readButNotOffered: handled.filter((path) => !offered.includes(path)),
	}).toEqual({ offeredButNotRead: [], readButNotOffered: [] });
});

it('an item whose every Request Option is set is read with every one of them', () => {
	const everyOption = everyOptionSet(requestOptions.options as INodeProperties[]);
	const context = {
		getNodeParameter: (name: string, _itemIndex: number, fallback: unknown) =>
			name === 'requestOptions' ? everyOption : fallback,
	} as unknown as IExecuteFunctions;
	expect(requestOptionsOf(context, 0)).toEqual(everyOption);
});
