import type {
	IDataObject,
	IHookFunctions,
	IWebhookDescription,
	TriggerPanelDefinition,
	WebhookType,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { docsLink } from '../shared/docsLinks';
import { isObject } from '../shared/isObject';
import type { Route } from './delivery';

export const ROUTES: Record<string, Route> = { default: 'success', error: 'error' };
type WebhookName = 'default' | 'error';

/** A webhook name outside n8n-workflow's type (docs/choices/trigger.md, Routes). */
const ERROR_WEBHOOK = 'error' as WebhookType;

/** responseData '': n8n answers with webhookResponse (docs/choices/trigger.md, Answers). */
export const TRIGGER_WEBHOOKS: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: 'POST',
		responseMode: 'onReceived',
		responseData: '',
		path: 'success',
	},
	{
		name: ERROR_WEBHOOK,
		httpMethod: 'POST',
		responseMode: 'onReceived',
		responseData: '',
		path: 'error',
	},
];

const SETUP = `<b>Set up once, in the service's dashboard</b>: on each invitee whose actions should start this flow, paste this node's URL ending in /success as its Webhook URL (signed, approved) and the one ending in /error as its Error Webhook URL (rejected, certificate verification failed), and pick the current webhook version. ${docsLink('triggerSetup', 'Step by step')}`;

const TEST_EVENT =
	"<b>While building your workflow</b>, click 'Listen for test event', put the Test URLs on an invitee in the Sandbox dashboard, and have that invitee act: the delivery shows up here, and the flow runs once with it.";

const EXECUTIONS_LIST =
	'shown in the <a data-key="executions">executions list</a>, not in the editor';

/** The setup as n8n's own manual-setup triggers give it in the trigger panel. */
export const TRIGGER_PANEL: TriggerPanelDefinition = {
	header: 'Pull in a test delivery from the service',
	executionsHelp: {
		inactive: `${SETUP}<br /><br />${TEST_EVENT}<br /><br /><b>Once you're happy with your workflow</b>, put the Production URLs on the invitees and publish it. Then each delivery starts an execution, ${EXECUTIONS_LIST}.`,
		active: `${SETUP}<br /><br />${TEST_EVENT}<br /><br /><b>Your workflow also runs by itself</b>, since it is published: each delivery to the Production URLs starts an execution, ${EXECUTIONS_LIST}.`,
	},
	activationHint: {
		inactive:
			"Once you've finished building your workflow, put the Production URLs on the invitees and publish it: each delivery then starts an execution (you won't see those here).",
		active:
			"This node also starts an execution for each delivery to its Production URLs (those executions won't show up here).",
	},
};

const REGISTRY_KEY = 'pastedWebhookUrls';

/**
 * The service has no API to register webhook URLs: "registered" means recorded in the node's static data as
 * the URL the user pasted (docs/choices/trigger.md, Lifecycle of a manually registered webhook).
 */
function manualRegistration(name: WebhookName) {
	const currentUrl = (context: IHookFunctions): string => {
		const url = context.getNodeWebhookUrl(name === 'error' ? ERROR_WEBHOOK : name);
		if (!url)
			throw new NodeOperationError(
				context.getNode(),
				`n8n gave no URL for the ${ROUTES[name]} webhook`,
			);
		return url;
	};
	const registry = (context: IHookFunctions): IDataObject => {
		const staticData = context.getWorkflowStaticData('node');
		if (!isObject(staticData[REGISTRY_KEY])) staticData[REGISTRY_KEY] = {};
		return staticData[REGISTRY_KEY] as IDataObject;
	};
	return {
		async checkExists(this: IHookFunctions): Promise<boolean> {
			return registry(this)[name] === currentUrl(this);
		},
		async create(this: IHookFunctions): Promise<boolean> {
			registry(this)[name] = currentUrl(this);
			return true;
		},
		async delete(this: IHookFunctions): Promise<boolean> {
			delete registry(this)[name];
			return true;
		},
	};
}

export const WEBHOOK_METHODS = {
	default: manualRegistration('default'),
	error: manualRegistration('error'),
};
