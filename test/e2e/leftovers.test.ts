import { killParentOf } from '../support/leftovers';

/**
 * A run killed outright (SIGKILL, a CI time-out) runs no handler of its own; its guardian (scripts/lib/proc.ts)
 * sees the pipe from it close and ends the groups of the emulator and the n8n it started.
 */
describe('nothing left behind', () => {
	it('an emulator and an n8n started by a parent that gets SIGKILL are gone within 15 s', async () => {
		const { groups, processes, goneAfterMs } = await killParentOf(['emulator', 'n8n'], 15_000);
		expect(Object.keys(groups)).toEqual(['emulator', 'n8n']);
		process.stdout.write(
			`${processes} processes gone ${goneAfterMs} ms after the parent's SIGKILL\n`,
		);
	});
});
