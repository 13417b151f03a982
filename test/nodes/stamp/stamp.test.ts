import type { INodeParameters } from 'n8n-workflow';

import { EXTRAS_SEED } from '../../emulator/families/v3-extras';
import { V3_SEED } from '../../emulator/families/v3';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME, runNode } from '../../harness/engine';
import { tokenCredential } from '../../support/credentials';
import { requestsOn, startV3Emulator } from '../document/setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator();
});
afterEach(async () => await emulator.close());

const runStamp = async (parameters: INodeParameters) =>
	await runNode(
		{ authentication: 'authToken', resource: 'stamp', ...parameters },
		{ credentials: { documentExecutionApi: tokenCredential(emulator) } },
	);
const seriesNumbers = (data: unknown) =>
	(data as { series: Array<{ seriesNumber: string }> }).series.map((series) => series.seriesNumber);

describe('Stamp → Get Series', () => {
	it('asks for the unused and total counts by default and outputs the answer', async () => {
		const { items } = await runStamp({ operation: 'getSeries' });
		expect(requestsOn(emulator, '/api/v3.1/series/list', 'GET')[0].query).toEqual({
			unused: 'true',
			total: 'true',
		});
		expect(items).toHaveLength(1);
		expect((items[0].json.series as object[])[0]).toEqual({
			seriesNumber: V3_SEED.stampSeries,
			state: 'Karnataka',
			denomination: 100,
			unused: 100,
			total: 100,
		});
	});

	it('sends only the fields chosen in Include', async () => {
		await runStamp({ operation: 'getSeries', include: ['legend', 'firstPartyName'] });
		expect(requestsOn(emulator, '/api/v3.1/series/list')[0].query).toEqual({
			legend: 'true',
			firstPartyName: 'true',
		});
	});

	it('refuses an Include entry the service does not know, before any request', async () => {
		const result = await runStamp({ operation: 'getSeries', include: '={{ ["colour"] }}' });
		expect(result.nodeError(NODE_NAME)?.message).toMatch(
			/^Include \(1\): must hold only firstPartyName, /,
		);
		expect(requestsOn(emulator, '/api/v3.1/series/list')).toHaveLength(0);
	});
});

describe('Stamp → Get Groups', () => {
	it('outputs one item per group of data.seriesGroups', async () => {
		const { items } = await runStamp({ operation: 'getGroups' });
		expect(requestsOn(emulator, '/api/v3.0/series/groups/list', 'GET')).toHaveLength(1);
		expect(items.map((item) => item.json)).toEqual([
			{
				groupName: EXTRAS_SEED.stampGroup,
				state: 'Karnataka',
				series: [V3_SEED.stampSeries, V3_SEED.emptyStampSeries],
			},
		]);
	});
});

describe('Stamp → Get Expiring Series', () => {
	it('sends the look-up period and Include Expired and outputs the answer', async () => {
		const { items } = await runStamp({
			operation: 'getExpiring',
			lookUpPeriod: 5,
			includeExpired: true,
		});
		expect(requestsOn(emulator, '/api/v3.1/series/expiry', 'GET')[0].query).toEqual({
			lookUpPeriod: '5',
			includeExpired: 'true',
		});
		expect(seriesNumbers(items[0].json)).toEqual([V3_SEED.emptyStampSeries]);
	});

	it('looks 30 days ahead by default', async () => {
		const { items } = await runStamp({ operation: 'getExpiring' });
		expect(requestsOn(emulator, '/api/v3.1/series/expiry')[0].query).toEqual({
			lookUpPeriod: '30',
			includeExpired: 'false',
		});
		expect(seriesNumbers(items[0].json)).toEqual([V3_SEED.stampSeries]);
	});

	it.each([
		[
			-1,
			'Look-Up Period (Days): cannot be negative (the service answers nothing for a negative period)',
		],
		[2.5, 'Look-Up Period (Days): must be a whole number'],
	])('refuses a look-up period of %j before any request', async (lookUpPeriod, message) => {
		const result = await runStamp({
			operation: 'getExpiring',
			lookUpPeriod: `={{ ${lookUpPeriod} }}`,
		});
		expect(result.nodeError(NODE_NAME)?.message).toBe(message);
		expect(requestsOn(emulator, '/api/v3.1/series/expiry')).toHaveLength(0);
	});
});
