import { z } from 'zod';

import { requiredText } from '../../shared/rules';

/**
 * The rules of the invitation requests (Activate, Delete), from the service's knowledge base: both take the
 * invitation's sign URL, whole or just its UUID (docs/choices/extras.md).
 */

const SIGN_URL = /^(?:https?:\/\/\S+\/sign\/)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?$/i;

export const signUrlQuerySchema = z.object({
	signUrl: requiredText().refine((value) => SIGN_URL.test(value), 'must be a sign URL (…/sign/<UUID>) or just its UUID'),
});

export const INVITATION_LABELS = { signUrl: 'Sign URL' };
