import axios from 'axios';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { inviteeActs } from '../../emulator/families/v3-invitee-actions';
import { V3_SEED } from '../../emulator/families/v3';
import { DEFAULT_AUTH_TOKEN, type Emulator } from '../../emulator/server';
import { makePdf } from '../../fixtures/pdf';
import { startPollTrigger, type PollTrigger } from '../../harness/poll';
import { tokenCredential } from '../../support/credentials';

export const http = axios.create({ validateStatus: () => true, timeout: 5000 });

export const pollTrigger = (emulator: Emulator, parameters: INodeParameters): PollTrigger =>
	startPollTrigger({
		parameters,
		credentials: { documentExecutionApi: tokenCredential(emulator) },
	});

/** Creates a signing request through the service's API and answers its documentId. */
export async function createDocument(emulator: Emulator, name = 'Agreement'): Promise<string> {
	const response = await http.post(
		`${emulator.baseUrl}/v3.0/sign/request`,
		{
			profileId: V3_SEED.pdfProfileId,
			file: { name, file: makePdf(name).toString('base64') },
			invitees: [{ name: 'Asha Rao', email: 'asha@example.com' }],
		},
		{ headers: { 'X-Auth-Token': DEFAULT_AUTH_TOKEN } },
	);
	if (response.data.status !== 1)
		throw new Error(`create failed: ${JSON.stringify(response.data)}`);
	return response.data.data.documentId as string;
}

/** Every invitee signs: the document is COMPLETED now. */
export async function completeDocument(emulator: Emulator, documentId: string): Promise<void> {
	await inviteeActs(emulator.env, documentId, 'sign-all');
}

export async function deleteDocument(emulator: Emulator, documentId: string): Promise<void> {
	const response = await http.delete(`${emulator.baseUrl}/v3.0/sign/request`, {
		params: { documentId },
		headers: { 'X-Auth-Token': DEFAULT_AUTH_TOKEN },
	});
	if (response.data.status !== 1)
		throw new Error(`delete failed: ${JSON.stringify(response.data)}`);
}

export const idsOf = (items: INodeExecutionData[]) =>
	items.map((item) => item.json.documentId as string);

/** Runs a poll and answers its items with the number of requests it sent to `path`. */
export async function counted(
	emulator: Emulator,
	path: string,
	poll: () => Promise<INodeExecutionData[]>,
) {
	const before = emulator.requestsTo(path).length;
	const items = await poll();
	return { items, requests: emulator.requestsTo(path).length - before };
}
