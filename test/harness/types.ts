import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type {
	ICredentialType,
	INodeType,
	INodeTypeData,
	INodeTypes,
	INodeProperties,
	ITriggerFunctions,
	IVersionedNodeType,
} from 'n8n-workflow';
import { DirectoryLoader } from 'n8n-core';
import { injectDomainRestrictionFields, NodeHelpers } from 'n8n-workflow';

export const ROOT = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
	name: string;
	n8n: { nodes: string[]; credentials: string[] };
};
export const PACKAGE_NAME = manifest.name;

/** The source module behind a `dist/...js` entry of package.json's `n8n` field. */
const sourceOf = (distPath: string) =>
	join(ROOT, distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts'));

function loadClasses<T>(distPaths: string[]): T[] {
	return distPaths.map((distPath) => {
		const module = require(sourceOf(distPath)) as Record<string, new () => T>;
		const [Class] = Object.values(module);
		return new Class();
	});
}

/**
 * n8n-nodes-base's `oAuth2Api`, reduced to the fields n8n-core's OAuth2 request code reads. The package
 * extends it; n8n-nodes-base itself is too large a dependency for in-process tests.
 */
const oAuth2Api: ICredentialType = {
	name: 'oAuth2Api',
	displayName: 'OAuth2 API',
	properties: [
		{ displayName: 'Grant Type', name: 'grantType', type: 'hidden', default: 'authorizationCode' },
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'string',
			default: '',
			required: true,
		},
		{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '', required: true },
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{ displayName: 'Scope', name: 'scope', type: 'string', default: '' },
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'string',
			default: '',
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{ name: 'Body', value: 'body' },
				{ name: 'Header', value: 'header' },
			],
			default: 'header',
		},
	],
};

export const credentialTypes: Map<string, ICredentialType> = new Map(
	[oAuth2Api, ...loadClasses<ICredentialType>(manifest.n8n.credentials)].map((type) => [
		type.name,
		type,
	]),
);

/** The credential's own properties merged over its parents', as n8n's credentials helper does. */
export function credentialProperties(typeName: string): INodeProperties[] {
	const type = credentialTypes.get(typeName);
	if (!type) throw new Error(`Unknown credential type ${typeName}`);
	const merged: INodeProperties[] = [];
	for (const parent of type.extends ?? [])
		NodeHelpers.mergeNodeProperties(merged, credentialProperties(parent));
	// n8n's loader (load-nodes-and-credentials.ts) adds the "Allowed HTTP Request Domains" fields to each type.
	NodeHelpers.mergeNodeProperties(merged, injectDomainRestrictionFields(type));
	return merged;
}

export function parentTypes(typeName: string): string[] {
	const parents = credentialTypes.get(typeName)?.extends ?? [];
	return parents.flatMap((parent) => [parent, ...parentTypes(parent)]);
}

/** A stand-in for n8n-nodes-base's Manual Trigger, so that example workflows run as they are. */
class ManualTrigger implements INodeType {
	description = {
		displayName: 'Manual Trigger',
		name: 'manualTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Runs the flow on clicking a button in n8n',
		defaults: { name: 'Manual Trigger' },
		inputs: [],
		outputs: ['main'],
		properties: [],
	} as unknown as INodeType['description'];

	async trigger(this: ITriggerFunctions) {
		return { manualTriggerFunction: async () => this.emit([[{ json: {} }]]) };
	}
}

/** A stand-in for n8n-nodes-base's Sticky Note: the examples' guidance on the canvas, never run. */
class StickyNote implements INodeType {
	description = {
		displayName: 'Sticky Note',
		name: 'stickyNote',
		group: ['input'],
		version: 1,
		description: 'Make your workflow easier to understand',
		defaults: { name: 'Sticky Note' },
		inputs: [],
		outputs: [],
		properties: [{ displayName: 'Content', name: 'content', type: 'string', default: '' }],
	} as unknown as INodeType['description'];
}

// n8n's loader gives every declarative node the Request Options setting (batching, proxy, time-out).
const packageNodes = loadClasses<INodeType>(manifest.n8n.nodes).map((type) => {
	DirectoryLoader.applyDeclarativeNodeOptionParameters(type);
	return type;
});

/** Node types by the names n8n gives them: `<package>.<node>` when installed, `CUSTOM.<node>` as a custom extension. */
export const nodeTypes: INodeTypes & { data: INodeTypeData } = (() => {
	const data: INodeTypeData = {};
	for (const type of packageNodes) {
		for (const prefix of [PACKAGE_NAME, 'CUSTOM']) {
			data[`${prefix}.${type.description.name}`] = { type, sourcePath: '' };
		}
	}
	data['n8n-nodes-base.manualTrigger'] = { type: new ManualTrigger(), sourcePath: '' };
	data['n8n-nodes-base.stickyNote'] = { type: new StickyNote(), sourcePath: '' };
	const byName = (name: string): INodeType | IVersionedNodeType => {
		const entry = data[name];
		if (!entry) throw new Error(`Unknown node type ${name}`);
		return entry.type;
	};
	return {
		data,
		getByName: byName,
		getByNameAndVersion: (name: string, version?: number) =>
			NodeHelpers.getVersionedNodeType(byName(name), version),
		getKnownTypes: () => ({}),
	};
})();

export const nodeTypeName = (name: string) => `${PACKAGE_NAME}.${name}`;
