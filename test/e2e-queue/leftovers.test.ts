import { killParentOf } from '../support/leftovers';

/** As test/e2e/leftovers.test.ts, for the services of queue mode. */
describe('nothing left behind', () => {
	it('a Redis and a PostgreSQL started by a parent that gets SIGKILL are gone within 15 s', async () => {
		const { groups, processes, goneAfterMs } = await killParentOf(['redis', 'postgres'], 15_000);
		expect(Object.keys(groups)).toEqual(['redis', 'postgres']);
		process.stdout.write(
			`${processes} processes gone ${goneAfterMs} ms after the parent's SIGKILL\n`,
		);
	});
});
