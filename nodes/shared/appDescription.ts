/**
 * The description of the action node and of the Document Execution Trigger. The node panel shows the two as one
 * entry with the trigger's description (docs/choices/document.md, "What n8n does"), so both nodes carry this one
 * text, which says what each of them is for.
 */
export const APP_DESCRIPTION =
	'Create e-signing requests, track them, download signed files and audit trails, administer the Document Execution Service, and start workflows when invitees sign, approve or reject';
