import type { ResourceModule } from '../types';
import { mediaFields, mediaOperations } from './MediaDescription';

/** v4 media: files uploaded ahead of pack creation. OAuth2 or the Auth Token. */
export const media: ResourceModule = {
	option: { name: 'Media', value: 'media' },
	family: 'v4',
	properties: [mediaOperations, ...mediaFields],
};
