import { media } from './media';
import { pack } from './pack';
import { auditLogResource } from './auditLog';
import { certificateResource } from './certificate';
import { documentResource } from './document';
import { ebgNotificationResource } from './ebgNotification';
import { invitationResource } from './invitation';
import { licenceResource } from './licence';
import { notificationRuleResource } from './notificationRule';
import { oauth2ClientResource } from './oauth2Client';
import { organisationSettingsResource } from './organisationSettings';
import { passwordPolicyResource } from './passwordPolicy';
import { roleResource } from './role';
import { stampResource } from './stamp';
import { walletResource } from './wallet';
import type { ResourceModule } from './types';

/** The node's resources, in the order the Resource list shows them. */
export const resources: ResourceModule[] = [
	documentResource,
	invitationResource,
	ebgNotificationResource,
	stampResource,
	walletResource,
	pack,
	media,
	// Organisation administration (v1): the spec's eleven operations as eight resources.
	auditLogResource,
	certificateResource,
	licenceResource,
	notificationRuleResource,
	oauth2ClientResource,
	organisationSettingsResource,
	passwordPolicyResource,
	roleResource,
];
