import { join } from 'node:path';

import { startEmulatorProcess, type EmulatorProcess } from '../../scripts/lib/emulator';
import { ROOT } from '../../scripts/lib/paths';
import { Accounts } from '../../test/emulator/accounts';
import { Clock } from '../../test/emulator/clock';
import type { EmulatorEnv } from '../../test/emulator/server';

/**
 * The emulator with a large signed PDF on its completed document and, given `fileSetBytes`, four files of that
 * size on the other one (bench/lib/emulator-child.ts).
 */
export async function startBenchEmulator(options: {
	seed: Record<string, string | number | boolean>;
	signedPdfBytes: number;
	fileSetBytes?: number;
}): Promise<EmulatorProcess> {
	return await startEmulatorProcess({
		name: 'bench',
		seed: options.seed,
		script: join(ROOT, 'bench', 'lib', 'emulator-child.ts'),
		extraArgs: [
			`--signed-pdf-bytes=${options.signedPdfBytes}`,
			...(options.fileSetBytes ? [`--file-set-bytes=${options.fileSetBytes}`] : []),
		],
	});
}

/** The `n`th (from 1) of the documents the seed's `v3ExtraDocuments` adds. */
export const extraDocumentId = (n: number) => `DOCEXTRA${String(n).padStart(6, '0')}`;

export async function clearRequests(emulator: EmulatorProcess): Promise<void> {
	await emulator.control('DELETE', '/__emulator/requests');
}

/** The requests the emulator logged since it was last cleared, in order. */
export async function loggedRequests(
	emulator: EmulatorProcess,
): Promise<Array<{ method: string; path: string }>> {
	return (
		await emulator.control<Array<{ method: string; path: string }>>('GET', '/__emulator/requests')
	).body;
}

/** How many requests the emulator logged since it was last cleared whose path holds `fragment`. */
export async function requestsTo(emulator: EmulatorProcess, fragment: string): Promise<number> {
	return (await loggedRequests(emulator)).filter((request) => request.path.includes(fragment))
		.length;
}

/**
 * Enough of an emulator's environment, in this process, for its webhook builders (buildEnvelope, buildV3Event)
 * to make deliveries as the running emulator would: its main account and salt (the MAC), no documents or packs
 * (fresh ids and values are used).
 */
export function deliveryEnv(emulator: EmulatorProcess): EmulatorEnv {
	const clock = new Clock();
	const accounts = new Accounts(clock);
	accounts.add({
		id: 'account-main',
		authToken: emulator.info.authToken,
		salt: emulator.info.salt ?? undefined,
	});
	const noState = { documents: new Map(), packs: [] };
	return {
		clock,
		accounts,
		slice: () => noState,
		origin: () => emulator.info.origin,
	} as unknown as EmulatorEnv;
}
