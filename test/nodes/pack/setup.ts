import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import type { V4State } from '../../emulator/families/v4';
import { startEmulator, type Emulator, type SeedOptions } from '../../emulator/server';
import { runNode, type SingleNodeOptions } from '../../harness/engine';
import { oauthCredential, REDIRECT_URI, tokenCredential } from '../../support/credentials';

/** The two ways to authenticate v4 operations; every operation is tested with both. */
export type AuthKind = 'token' | 'oAuth2';
export const AUTH_KINDS: AuthKind[] = ['token', 'oAuth2'];

export async function startV4Emulator(seed: SeedOptions = {}): Promise<Emulator> {
	return await startEmulator({ seed: { oauthRedirectUris: REDIRECT_URI, ...seed } });
}

export const v4State = (emulator: Emulator) => emulator.slice<V4State>('v4');
export const mainPacks = (emulator: Emulator) =>
	v4State(emulator).packs.filter((pack) => pack.accountId === 'account-main');

/** Runs the node with one of the two credentials (a freshly connected OAuth2 credential each time). */
/** The ID of the first document of the main account's first COMPLETED pack (fully signed, downloadable). */
export const completedPackDocument = (emulator: Emulator) =>
	mainPacks(emulator).find((pack) => pack.status === 'COMPLETED')!.documents[0].documentId;

export async function runV4(
	emulator: Emulator,
	auth: AuthKind,
	parameters: INodeParameters,
	options: SingleNodeOptions = {},
) {
	const credentials: Record<string, ICredentialDataDecryptedObject> =
		auth === 'token'
			? { documentExecutionApi: tokenCredential(emulator) }
			: { documentExecutionOAuth2Api: await oauthCredential(emulator) };
	return await runNode(
		{ authentication: auth === 'token' ? 'authToken' : 'oAuth2', ...parameters },
		{ credentials, ...options },
	);
}

/** The credential the emulator saw on a request. */
export function authOf(request: { headers: Record<string, unknown> }): AuthKind | 'none' {
	if (request.headers['x-auth-token'] === 'emulator-token') return 'token';
	if (/^Bearer at_/.test(String(request.headers.authorization ?? ''))) return 'oAuth2';
	return 'none';
}
