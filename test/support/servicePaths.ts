/** The v3 paths of the service's emulator that tests watch requests on, in-process and in real n8n alike. */
export const servicePaths = {
	create: '/api/v3.0/sign/request',
	status: '/api/v3.2/sign/request',
	details: '/api/v3.3/document/details',
	list: '/api/v3.0/sign/request/list',
	fetch: '/api/v3.3/document/fetchDocument',
	reactivate: '/api/v3.0/sign/request/reactivate',
	resend: '/api/v3.0/sign/request/resend',
	docSigner: '/api/v3.0/sign/docSigner/invitation',
	ebg: '/api/v3.3/nesl/notification/review',
} as const;
