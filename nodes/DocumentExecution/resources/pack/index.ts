import type { ResourceModule } from '../types';
import { packFields, packOperations } from './PackDescription';

/** v4 packs: search, details and file downloads. OAuth2 or the Auth Token. */
export const pack: ResourceModule = {
	option: { name: 'Pack', value: 'pack' },
	family: 'v4',
	properties: [packOperations, ...packFields],
};
