import type { INodeParameters } from 'n8n-workflow';

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

const LIST = '/api/v3.3/nesl/notification/list';
const runEbg = async (parameters: INodeParameters) =>
	await runNode(
		{ authentication: 'authToken', resource: 'ebgNotification', ...parameters },
		{ credentials: { documentExecutionApi: tokenCredential(emulator) } },
	);
const idsOf = (data: unknown) =>
	(data as { notifications: Array<{ notifTxnId: string }> }).notifications.map(
		(notification) => notification.notifTxnId,
	);

describe('eBG Notification → Get Many', () => {
	it('sends no filter by default and outputs the answer', async () => {
		const { items } = await runEbg({ operation: 'getMany' });
		expect(requestsOn(emulator, LIST, 'GET')[0].query).toEqual({});
		expect(idsOf(items[0].json)).toEqual(['NTX-0001', 'NTX-0002', 'NTX-0003']);
	});

	it('sends the filters and paging options it is given', async () => {
		const { items } = await runEbg({
			operation: 'getMany',
			filters: { q: 'LN-0001', status: 'PENDING', requestType: 'CLOSURE', sentToMe: false },
			options: { max: 10, offset: 0 },
		});
		expect(requestsOn(emulator, LIST)[0].query).toEqual({
			q: 'LN-0001',
			status: 'PENDING',
			requestType: 'CLOSURE',
			sentToMe: 'false',
			max: '10',
			offset: '0',
		});
		expect(idsOf(items[0].json)).toEqual(['NTX-0003']);
	});

	it.each([
		[
			{ filters: { status: '={{ "DONE" }}' } },
			'Review Status: must be one of ACCEPTED, PENDING, REJECTED',
		],
		[{ options: { max: '={{ 0 }}' } }, 'Page Size: must be at least 1'],
		[{ options: { offset: '={{ -3 }}' } }, 'Offset: cannot be negative'],
	])('refuses %j before any request', async (parameters, message) => {
		const result = await runEbg({ operation: 'getMany', ...parameters });
		expect(result.nodeError(NODE_NAME)?.message).toBe(message);
		expect(requestsOn(emulator, LIST)).toHaveLength(0);
	});
});

describe('eBG Notification → Get', () => {
	it('reads the notification at its path and outputs the answer', async () => {
		const { notifTxnId, loanNumber } = V3_SEED.ebgNotification;
		const { items } = await runEbg({ operation: 'get', notifTxnId: ` ${notifTxnId} ` });
		expect(
			requestsOn(emulator, `/api/v3.3/nesl/notification/detail/${notifTxnId}`, 'GET'),
		).toHaveLength(1);
		expect(items[0].json.notification).toMatchObject({
			notifTxnId,
			loanNumber,
			status: 'PENDING',
			requestType: 'AMENDMENT',
		});
	});

	it('escapes the ID in the path', async () => {
		await runEbg({ operation: 'get', notifTxnId: 'NTX/1 2' });
		expect(requestsOn(emulator, '/api/v3.3/nesl/notification/detail/NTX%2F1%202')).toHaveLength(1);
	});

	it("turns the service's not-found into an error carrying its code", async () => {
		const result = await runEbg({ operation: 'get', notifTxnId: 'NTX-NONE' });
		expect(result.nodeError(NODE_NAME)?.message).toContain('[notification.not.found]');
	});

	it('refuses an empty ID before any request', async () => {
		const result = await runEbg({ operation: 'get', notifTxnId: '={{ "" }}' });
		expect(result.nodeError(NODE_NAME)?.message).toBe('Notification Transaction ID: is required');
		expect(emulator.requestsTo('/nesl/notification/detail')).toHaveLength(0);
	});
});
