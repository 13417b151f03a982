import { media } from './media';
import { pack } from './pack';
import { adminResources } from './admin';
import { documentResource } from './document';
import { ebgNotificationResource } from './ebgNotification';
import { invitationResource } from './invitation';
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
	...adminResources,
];
