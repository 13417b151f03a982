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

/** n8n's webhook names, and the route each stands for on the service's side. */
export const ROUTES: Record<string, Route> = { default: 'success', error: 'error' };
type WebhookName = 'default' | 'error';

/**
 * n8n-workflow types webhook names as 'default' | 'setup', but n8n looks webhook methods up by whatever
 * name a description carries, so a second, separately managed webhook gets its own name.
 */
const ERROR_WEBHOOK = 'error' as WebhookType;

/**
 * The trigger's two webhooks. responseData '' makes n8n answer a started execution with the node's own
 * webhookResponse (without it, n8n answers the literal text "firstEntryJson").
 */
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

/** What the user does once in the service's dashboard, as n8n's trigger panel says it. */
const SETUP = `<b>Set up once, in the service's dashboard</b>: on each invitee whose actions should start this flow, paste this node's URL ending in /success as its Webhook URL (signed, approved) and the one ending in /error as its Error Webhook URL (rejected, certificate verification failed), and pick the current webhook version. ${docsLink('triggerSetup', 'Step by step')}`;

const TEST_EVENT =
	"<b>While building your workflow</b>, click 'Listen for test event', put the Test URLs on an invitee in the Sandbox dashboard, and have that invitee act: the delivery shows up here, and the flow runs once with it.";

const EXECUTIONS_LIST =
	'shown in the <a data-key="executions">executions list</a>, not in the editor';

/**
 * The trigger's setup in n8n's trigger panel, as n8n's own manual-setup triggers give it (a header, the help
 * on executions before and after the workflow is published, the activation hint): which URL goes where in
 * the dashboard, which webhook version to pick, what a test event does.
 */
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

/** Where the node keeps, per webhook, the URL it showed the user to paste (see the lifecycle below). */
const REGISTRY_KEY = 'pastedWebhookUrls';

/**
 * The lifecycle of a manually registered webhook. The service has no API to register webhook URLs: the
 * user pastes them into the workflow settings of the service's dashboard. So "registered" here means
 * "recorded as the URL to paste" in the node's static data: checkExists says whether the recorded URL is
 * still the current one (a renamed node or a moved instance changes it, and the user must paste again),
 * create records it, delete forgets it. No network call, and nothing is caught.
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

/** The node's `webhookMethods`: each webhook's manual registration. */
export const WEBHOOK_METHODS = {
	default: manualRegistration('default'),
	error: manualRegistration('error'),
};
