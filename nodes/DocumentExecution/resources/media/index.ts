import { operationSelector } from '../../shared/form/descriptions';
import type { ResourceModule } from '../types';
import { uploadFields, uploadOperation } from './upload';

const operation = operationSelector('media', 'upload', [uploadOperation]);

/** v4 media: files uploaded ahead of pack creation. OAuth2 or the Auth Token. */
export const mediaResource: ResourceModule = {
	option: { name: 'Media', value: 'media' },
	properties: [operation, ...uploadFields],
};
