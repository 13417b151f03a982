import type {
	IDataObject,
	INodeExecutionData,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { credentialTypeFor } from '../shared/authentication';
import { DOCUMENT_STATUS_OPTIONS } from '../shared/documentStatuses';
import {
	CAPACITY_ALERTS,
	CAPACITY_EVENT_OPTIONS,
	capacityAlertFields,
	getStampSeries,
	newlyDue,
	type AlertEvent,
} from './capacityAlerts';
import { completedBaseline, completedSince, type CompletedCursor } from './completedCursor';
import { PAGE_SIZE, pageReader, v3Reader, type ReadPage } from './serviceReads';
import {
	DEFAULT_WATCHED,
	MAX_WATCHED,
	newestDocuments,
	remember,
	statusChanges,
	type RememberedStatuses,
} from './statusWatch';

/** Each is also the key of its state in the node's static data. */
type PollEvent = 'documentCompleted' | 'documentStatusChanged' | AlertEvent;

const EVENT_OPTIONS: Array<INodePropertyOptions & { value: PollEvent }> = [
	{
		name: 'Document Completed',
		value: 'documentCompleted',
		description: 'Every invitee has acted; one item per document, in order of completion',
	},
	{
		name: 'Document Status Changed',
		value: 'documentStatusChanged',
		description:
			'A recent document has a new status (or is new); one item per change, with previousStatus',
	},
	...(CAPACITY_EVENT_OPTIONS as Array<INodePropertyOptions & { value: AlertEvent }>),
];

const EVENTS = EVENT_OPTIONS.map((option) => option.value);

const SUBTITLE = `={{ ${JSON.stringify(Object.fromEntries(EVENT_OPTIONS.map(({ value, name }) => [value, name])))}[$parameter["event"]] }}`;
const eventName = (event: PollEvent) =>
	EVENT_OPTIONS.find((option) => option.value === event)!.name;

const item = (event: PollEvent, json: IDataObject): INodeExecutionData => ({
	json: { event, ...json },
});

function stateOf(context: IPollFunctions, event: PollEvent): IDataObject {
	const staticData = context.getWorkflowStaticData('node');
	for (const other of EVENTS) if (other !== event) delete staticData[other];
	return staticData;
}

function nothingYet(context: IPollFunctions, what: string): NodeOperationError {
	return new NodeOperationError(context.getNode(), `No ${what} yet`, {
		description: 'Fetch Test Event shows the most recent one; once there is one, fetch again.',
	});
}

/** Fetch Test Event: read without moving the cursor. */
async function latestCompleted(
	context: IPollFunctions,
	read: ReadPage,
): Promise<INodeExecutionData[][]> {
	const first = await read(0, 1);
	const latest =
		first.total > 1 ? (await read(first.total - 1, 1)).documents[0] : first.documents[0];
	if (!latest) throw nothingYet(context, 'completed document');
	return [[item('documentCompleted', latest)]];
}

async function pollCompleted(context: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const read = await pageReader(context, 'completed');
	if (context.getMode() === 'manual') return await latestCompleted(context, read);
	const staticData = stateOf(context, 'documentCompleted');
	const cursor = staticData.documentCompleted as CompletedCursor | undefined;
	if (!cursor) {
		staticData.documentCompleted = await completedBaseline(read);
		return null;
	}
	const { fresh, cursor: next } = await completedSince(read, cursor);
	staticData.documentCompleted = next;
	return fresh.length ? [fresh.map((document) => item('documentCompleted', document))] : null;
}

async function pollStatusChanged(context: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const read = await pageReader(context, 'all');
	const wanted = context.getNodeParameter('statuses', []) as string[];
	const passes = (document: IDataObject) =>
		wanted.length === 0 || wanted.includes(String(document.status));
	if (context.getMode() === 'manual') {
		const recent = (await newestDocuments(read, PAGE_SIZE)).find(passes);
		if (!recent)
			throw nothingYet(context, `document with the chosen statuses among the ${PAGE_SIZE} newest`);
		return [[item('documentStatusChanged', { ...recent, previousStatus: null })]];
	}
	const watched = Math.min(
		Math.max(
			1,
			Math.floor(context.getNodeParameter('documentsToWatch', DEFAULT_WATCHED) as number),
		),
		MAX_WATCHED,
	);
	const documents = await newestDocuments(read, watched);
	const staticData = stateOf(context, 'documentStatusChanged');
	const remembered = staticData.documentStatusChanged as RememberedStatuses | undefined;
	staticData.documentStatusChanged = remember(documents);
	if (!remembered) return null;
	const changes = statusChanges(documents, remembered).filter(({ document }) => passes(document));
	return changes.length
		? [
				changes.map(({ document, previousStatus }) =>
					item('documentStatusChanged', { ...document, previousStatus }),
				),
			]
		: null;
}

async function pollCapacity(
	context: IPollFunctions,
	event: AlertEvent,
): Promise<INodeExecutionData[][] | null> {
	const alert = CAPACITY_ALERTS[event];
	const due = await alert.due(context, await v3Reader(context, eventName(event)));
	if (context.getMode() === 'manual') {
		if (!due.size)
			throw new NodeOperationError(context.getNode(), alert.nothingDue(context), {
				description: 'Fetch Test Event shows what is due now; once something is, fetch again.',
			});
		return [[...due.values()].map((entry) => item(event, entry))];
	}
	const staticData = stateOf(context, event);
	const { fresh, remembered } = newlyDue(due, staticData[event] as string[] | undefined);
	staticData[event] = remembered;
	return fresh.length ? [fresh.map((entry) => item(event, entry))] : null;
}

export class DocumentExecutionPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Document Execution Poll Trigger',
		name: 'documentExecutionPollTrigger',
		icon: {
			light: 'file:../../icons/documentExecution.svg',
			dark: 'file:../../icons/documentExecution.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: SUBTITLE,
		description:
			'Starts the workflow when a document is completed or its status changes, or when stamps, eSign credits or eBG notifications need attention, by asking the service on a schedule (no public URL needed)',
		defaults: { name: 'Document Execution Poll Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: credentialTypeFor('authToken'), required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: EVENT_OPTIONS,
				default: 'documentCompleted',
			},
			{
				displayName: 'Statuses',
				name: 'statuses',
				type: 'multiOptions',
				options: DOCUMENT_STATUS_OPTIONS,
				default: [],
				description:
					'Only changes to these statuses start the workflow. Leave empty for every status.',
				displayOptions: { show: { event: ['documentStatusChanged'] } },
			},
			{
				displayName: 'Documents to Watch',
				name: 'documentsToWatch',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_WATCHED },
				default: DEFAULT_WATCHED,
				description:
					'How many of the most recently created documents each poll reads (40 per request). A change to an older document is not seen.',
				displayOptions: { show: { event: ['documentStatusChanged'] } },
			},
			...capacityAlertFields,
		],
	};

	methods = { loadOptions: { getStampSeries } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = this.getNodeParameter('event') as PollEvent;
		if (event === 'documentCompleted') return await pollCompleted(this);
		if (event === 'documentStatusChanged') return await pollStatusChanged(this);
		return await pollCapacity(this, event);
	}
}
