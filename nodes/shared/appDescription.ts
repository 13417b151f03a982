/**
 * The description of the action node and of the Document Execution Trigger. n8n's node panel makes one entry of
 * the two and shows the trigger's description on it (n8n's editor, nodeCreator useActionsGeneration.ts,
 * generateMergedNodesAndActions), so both nodes carry this one text, which says what each of them is for.
 */
export const APP_DESCRIPTION =
	'Create e-signing requests, track them, download signed files and audit trails, administer the Document Execution Service, and start workflows when invitees sign, approve or reject';
