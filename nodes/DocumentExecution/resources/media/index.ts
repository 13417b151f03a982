import { operationSelector } from '../../shared/descriptions';
import { v4Routing } from '../../shared/routing';
import type { ResourceModule } from '../types';
import { postReceiveMediaUpload, preSendMediaUpload, uploadFields } from './upload';

const operation = operationSelector('media', 'upload', [
	{
		name: 'Upload',
		value: 'upload',
		action: 'Upload a file',
		description:
			'Upload a file for use in a pack (sub-document, stamp paper, reference attachment…) and get its media ID',
		// Not a create in the Retry On Fail sense: an unused media slot lapses (docs/choices/pack-media.md).
		routing: v4Routing('POST', '/v4/media/upload', {
			preSend: [preSendMediaUpload],
			postReceive: [postReceiveMediaUpload],
		}),
	},
]);

/** v4 media: files uploaded ahead of pack creation. OAuth2 or the Auth Token. */
export const media: ResourceModule = {
	option: { name: 'Media', value: 'media' },
	properties: [operation, ...uploadFields],
};
