import { join } from 'node:path';

import { startEmulatorProcess, type EmulatorProcess } from '../../scripts/lib/emulator';
import { ROOT } from '../../scripts/lib/paths';

/** The emulator with a large signed PDF on its completed document (bench/lib/emulator-child.ts). */
export async function startBenchEmulator(options: { seed: Record<string, string | number | boolean>; signedPdfBytes: number }): Promise<EmulatorProcess> {
	return await startEmulatorProcess({
		name: 'bench',
		seed: options.seed,
		script: join(ROOT, 'bench', 'lib', 'emulator-child.ts'),
		extraArgs: [`--signed-pdf-bytes=${options.signedPdfBytes}`],
	});
}
