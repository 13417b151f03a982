import { media } from './media';
import { pack } from './pack';
import { adminResources } from './admin';
import { documentResource } from './document';
import type { ResourceModule } from './types';

/** The node's resources, in the order the Resource list shows them. */
export const resources: ResourceModule[] = [documentResource, pack, media, ...adminResources];
