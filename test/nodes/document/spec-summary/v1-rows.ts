import * as licence from '../../../../nodes/DocumentExecution/resources/licence/install';
import * as notificationRule from '../../../../nodes/DocumentExecution/resources/notificationRule/update';
import * as oauth2Client from '../../../../nodes/DocumentExecution/resources/oauth2Client/create';
import * as settings from '../../../../nodes/DocumentExecution/resources/organisationSettings/update';
import * as passwordPolicy from '../../../../nodes/DocumentExecution/resources/passwordPolicy/create';
import * as role from '../../../../nodes/DocumentExecution/resources/role/update';
import * as v1Search from '../../../../nodes/DocumentExecution/shared/v1Search/request';
import { broken, rule, type Rule } from './rule';

const search = v1Search.searchRequest(['name']);
broken.add(v1Search.searchRequest);
const condition = (change: Record<string, unknown>) => ({
	limit: 50,
	conditions: [{ field: 'name', operator: 'EQ', value: ['a'], ...change }],
});

/** The rows of the v1 (administration) operations. */
export function v1Rows(): Rule[] {
	const SEARCH = 'Audit Log, Certificate → Search';
	return [
		rule(SEARCH, search, condition({ operator: 'ABOUT' }), v1Search.SEARCH_LABELS),
		rule(SEARCH, search, condition({ operator: 'BETWEEN', value: ['1'] }), v1Search.SEARCH_LABELS),
		rule(SEARCH, search, condition({ operator: 'IS_NULL', value: ['1'] }), v1Search.SEARCH_LABELS),
		rule(SEARCH, search, condition({ operator: 'IN', value: [] }), v1Search.SEARCH_LABELS),
		rule(
			SEARCH,
			search,
			{ limit: 50, filterJson: { operator: 'AND', filters: [] } },
			v1Search.SEARCH_LABELS,
		),
		rule(
			SEARCH,
			search,
			{ limit: 50, filterJson: { operator: 'EQ', value: ['a'] } },
			v1Search.SEARCH_LABELS,
		),
		rule(
			SEARCH,
			search,
			{ limit: 50, sort: [{ field: 'name', direction: 'UP' }] },
			v1Search.SEARCH_LABELS,
		),
		rule(SEARCH, search, { limit: 0 }, v1Search.SEARCH_LABELS),
		rule(SEARCH, search, { limit: 50, page: -1 }, v1Search.SEARCH_LABELS),
		rule('Licence → Install', licence.installSchema, { file: ' ' }, licence.INSTALL_LABELS),
		rule(
			'Notification Rule → Update',
			notificationRule.updateSchema,
			{ id: ' ', ruleType: 'USER_CREATED' },
			notificationRule.UPDATE_LABELS,
		),
		rule(
			'Notification Rule → Update',
			notificationRule.updateSchema,
			{ id: 'R1', ruleType: 'USER_UPDATED' },
			notificationRule.UPDATE_LABELS,
		),
		rule(
			'Notification Rule → Update',
			notificationRule.updateSchema,
			{ id: 'R1', ruleType: 'USER_CREATED', additionalEmailRecipients: ['ravi'] },
			notificationRule.UPDATE_LABELS,
		),
		rule(
			'Notification Rule → Update',
			notificationRule.updateSchema,
			{ id: 'R1', ruleType: 'USER_CREATED', userIds: [' '] },
			notificationRule.UPDATE_LABELS,
		),
		rule(
			'OAuth2 Client → Create',
			oauth2Client.createSchema,
			{ clientId: ' ' },
			oauth2Client.CREATE_LABELS,
		),
		rule(
			'OAuth2 Client → Create',
			oauth2Client.createSchema,
			{ clientId: 'n8n' },
			oauth2Client.CREATE_LABELS,
		),
		rule('Organisation Settings → Update', settings.updateSchema, {}, settings.UPDATE_LABELS),
		rule(
			'Organisation Settings → Update',
			settings.updateSchema,
			{ documentRetentionPeriod: 0 },
			settings.UPDATE_LABELS,
		),
		rule(
			'Password Policy → Create',
			passwordPolicy.createSchema,
			{
				minimumPasswordLength: 0,
				numbersRequired: true,
				specialCharactersRequired: true,
				uppercaseRequired: true,
			},
			passwordPolicy.CREATE_LABELS,
		),
		rule(
			'Password Policy → Create',
			passwordPolicy.createSchema,
			{
				minimumPasswordLength: 8,
				numbersRequired: '',
				specialCharactersRequired: true,
				uppercaseRequired: true,
			},
			passwordPolicy.CREATE_LABELS,
		),
		rule('Role → Update', role.updateSchema, { id: 'R1', name: ' ' }, role.UPDATE_LABELS),
	];
}
