import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { DocumentExecution } from '../../../nodes/DocumentExecution/DocumentExecution.node';
import { resources } from '../../../nodes/DocumentExecution/resources';
import { RULE_TYPES } from '../../../nodes/DocumentExecution/resources/notificationRule/update';
import { V1_PREFIX } from '../../../nodes/DocumentExecution/shared/requests/routing';

const NODE_DIR = join(__dirname, '../../../nodes/DocumentExecution');

/** The administration (v1) resources: one folder each under resources/, named by its Resource value. */
const ADMIN = [
	'auditLog',
	'certificate',
	'licence',
	'notificationRule',
	'oauth2Client',
	'organisationSettings',
	'passwordPolicy',
	'role',
];
const adminResources = resources.filter((resource) => ADMIN.includes(resource.option.value));

function sourceFiles(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return name.endsWith('.ts') ? [path] : [];
	});
}

const operationOptions = () =>
	adminResources.flatMap((resource) =>
		resource.properties
			.filter((property) => property.name === 'operation')
			.flatMap((property) =>
				(property.options as INodePropertyOptions[]).map((option) => ({
					resource: resource.option.value,
					option,
				})),
			),
	);

describe('admin resources in the node description', () => {
	it('offers the eleven operations of the spec, all in the v1 family and registered in the node', () => {
		const operations = operationOptions().map(
			({ resource, option }) => `${resource}:${String(option.value)}`,
		);
		expect(operations.sort()).toEqual(
			[
				'auditLog:search',
				'certificate:search',
				'licence:install',
				'notificationRule:getTypes',
				'notificationRule:update',
				'oauth2Client:create',
				'organisationSettings:get',
				'organisationSettings:update',
				'passwordPolicy:create',
				'passwordPolicy:get',
				'role:update',
			].sort(),
		);
		expect(adminResources.map((resource) => resource.option.value).sort()).toEqual(
			[...ADMIN].sort(),
		);
		const resourceList = new DocumentExecution().description.properties.find(
			(property) => property.name === 'resource',
		);
		const listed = (resourceList?.options as INodePropertyOptions[]).map((option) => option.value);
		for (const resource of adminResources) expect(listed).toContain(resource.option.value);
	});

	it('builds every URL from the one v1 prefix constant, written nowhere else', () => {
		// The spec's path followed literally, or the documented one-line change (docs/choices/admin.md).
		expect(['/api/v1', '/v1']).toContain(V1_PREFIX);
		for (const { option } of operationOptions()) {
			const url = String(option.routing?.request?.url);
			expect(url.replace(/^=/, '').startsWith(`${V1_PREFIX}/`)).toBe(true);
		}
		// The prefix as a string literal of its own, or starting a literal path: only where v1Routing adds it.
		const literal = new RegExp(`['"\`]${V1_PREFIX.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`/]`);
		const writtenIn = sourceFiles(NODE_DIR)
			.filter((file) => literal.test(readFileSync(file, 'utf8')))
			.map((file) => relative(NODE_DIR, file));
		expect(writtenIn).toEqual(['shared/requests/routing.ts']);
	});

	it('gives every operation an action and a description, and every enumeration as options', () => {
		for (const { option } of operationOptions()) {
			expect(option.action).toBeTruthy();
			expect(option.description).toBeTruthy();
		}
		const all = adminResources.flatMap((resource) => resource.properties);
		const ruleType = all.find((property) => property.name === 'ruleType') as INodeProperties;
		expect(ruleType.type).toBe('options');
		expect(
			(ruleType.options as INodePropertyOptions[]).map((option) => option.value).sort(),
		).toEqual(
			[
				'USER_CREATED',
				'USER_DELETED',
				'DOCUMENT_SIGNED',
				'LICENSE_EXPIRY_REMINDER',
				'LICENSE_EXPIRED',
				'CERTIFICATE_EXPIRED',
			].sort(),
		);
		expect(RULE_TYPES).toHaveLength(6);
		const conditions = all.find((property) => property.name === 'conditions') as INodeProperties;
		const values = (conditions.options as Array<{ values: INodeProperties[] }>)[0].values;
		expect(values.find((property) => property.name === 'operator')?.type).toBe('options');
		expect(values.find((property) => property.name === 'field')?.type).toBe('options');
	});

	it('warns in the editor that the client secret is shown once', () => {
		const notice = adminResources
			.flatMap((resource) => resource.properties)
			.find((property) => property.name === 'clientSecretNotice');
		expect(notice?.type).toBe('notice');
		expect(notice?.displayName).toMatch(/shows the new client secret once/);
	});
});
