/**
 * Both nodes' description: the node panel shows them as one entry with the trigger's description, so it says
 * what each is for (see docs/choices/document.md, What n8n does).
 */
export const APP_DESCRIPTION =
	'Create e-signing requests, track them, download signed files and audit trails, administer the Document Execution Service, and start workflows when invitees sign, approve or reject';
