import type { INodeProperties } from 'n8n-workflow';

import { DocumentExecution } from '../../../nodes/DocumentExecution/DocumentExecution.node';
import { V3_SEED } from '../../emulator/families/v3';
import { EXTRAS_SEED } from '../../emulator/families/v3-extras';
import type { Emulator } from '../../emulator/server';
import { NODE_NAME } from '../../harness/engine';
import { loadOptions } from '../../harness/methods';
import { oauthCredential, REDIRECT_URI, tokenCredential } from '../../support/credentials';
import {
	expectNoToken,
	pdfItem,
	requestsOn,
	runDocument,
	servicePaths,
	startV3Emulator,
} from '../document/setup';

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startV3Emulator({ oauthRedirectUris: REDIRECT_URI });
});
afterEach(async () => await emulator.close());

const GROUPS_PATH = '/api/v3.0/series/groups/list';
const createParameters = { authentication: 'authToken', resource: 'document', operation: 'create' };
const stampGroups = (credential = tokenCredential(emulator)) =>
	loadOptions(
		'getStampGroups',
		{ parameters: createParameters, path: 'parameters.additionalFields.seriesGroup' },
		{ credentials: { documentExecutionApi: credential } },
	);

describe("Series Group on Create: a dropdown of the account's stamp groups (loadOptions getStampGroups)", () => {
	it('is an options field filled by getStampGroups, under the same parameter name as before', () => {
		const additionalFields = new DocumentExecution().description.properties.find(
			(property) =>
				property.name === 'additionalFields' &&
				property.displayOptions?.show?.operation?.includes('create'),
		)!;
		const seriesGroup = (additionalFields.options as INodeProperties[]).find(
			(option) => option.name === 'seriesGroup',
		)!;
		expect(seriesGroup).toMatchObject({
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getStampGroups' },
		});
	});

	it('offers each group of data.seriesGroups by its name, with its state', async () => {
		expect(await stampGroups()).toEqual([
			{ name: `${EXTRAS_SEED.stampGroup} (Karnataka)`, value: EXTRAS_SEED.stampGroup },
		]);
		expect(requestsOn(emulator, GROUPS_PATH, 'GET')).toHaveLength(1);
	});

	it('turns a refused token into the v3 error, without the token in it', async () => {
		const error = await stampGroups(tokenCredential(emulator, 'wrong-token')).catch(
			(caught: unknown) => caught,
		);
		expect(error).toMatchObject({
			message: 'The service refused the Auth Token [invalid.auth.token]',
		});
		expectNoToken(error, 'wrong-token');
	});

	it('says the list needs the Auth Token when OAuth2 is chosen, and sends nothing', async () => {
		const request = loadOptions(
			'getStampGroups',
			{
				parameters: { ...createParameters, authentication: 'oAuth2' },
				path: 'parameters.additionalFields.seriesGroup',
			},
			{ credentials: { documentExecutionOAuth2Api: await oauthCredential(emulator) } },
		);
		await expect(request).rejects.toThrow('Series Group: this needs the Auth Token credential');
		expect(requestsOn(emulator, GROUPS_PATH)).toHaveLength(0);
	});

	it.each([
		['chosen from the list', EXTRAS_SEED.stampGroup, EXTRAS_SEED.stampGroup],
		['saved as free text by an older workflow', 'GROUP-1', 'GROUP-1'],
		['given by an expression', '={{ $json.group }}', 'GROUP-FROM-ITEM'],
	])('sends the group %s', async (_way, seriesGroup, sent) => {
		const input = [await pdfItem(undefined, {}, 'default', { group: 'GROUP-FROM-ITEM' })];
		const result = await runDocument(
			emulator,
			{
				operation: 'create',
				profileId: V3_SEED.pdfProfileId,
				documentSource: 'binary',
				invitees: { invitee: [{ name: 'Asha Rao', phone: '9876543210' }] },
				additionalFields: { seriesGroup },
			},
			{ input },
		);
		expect(result.nodeError(NODE_NAME)).toBeUndefined();
		expect(requestsOn(emulator, servicePaths.create, 'POST')[0].body).toMatchObject({
			seriesGroup: sent,
		});
	});
});
