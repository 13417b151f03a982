import { auditLogResource } from './auditLog';
import { certificateResource } from './certificate';
import { documentResource } from './document';
import { ebgNotificationResource } from './ebgNotification';
import { invitationResource } from './invitation';
import { licenceResource } from './licence';
import { mediaResource } from './media';
import { notificationRuleResource } from './notificationRule';
import { oauth2ClientResource } from './oauth2Client';
import { organisationSettingsResource } from './organisationSettings';
import { packResource } from './pack';
import { passwordPolicyResource } from './passwordPolicy';
import { roleResource } from './role';
import { stampResource } from './stamp';
import type { ResourceModule } from './types';
import { walletResource } from './wallet';

/** The node's resources, in the order the Resource list shows them: by name, as n8n's lint orders options. */
export const resources: ResourceModule[] = [
	auditLogResource,
	certificateResource,
	documentResource,
	ebgNotificationResource,
	invitationResource,
	licenceResource,
	mediaResource,
	notificationRuleResource,
	oauth2ClientResource,
	organisationSettingsResource,
	packResource,
	passwordPolicyResource,
	roleResource,
	stampResource,
	walletResource,
];
