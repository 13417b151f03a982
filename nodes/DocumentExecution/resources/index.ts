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

/** The node's resources, in the order the Resource list shows them. */
export const resources: ResourceModule[] = [
	documentResource,
	invitationResource,
	ebgNotificationResource,
	stampResource,
	walletResource,
	packResource,
	mediaResource,
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
