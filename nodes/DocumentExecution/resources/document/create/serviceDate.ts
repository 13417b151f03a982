import { indiaIsoDate } from '../../../../shared/serviceDates';

/**
 * An invitee of the simplified create output, for a document just created or found by its IRN: its expiry as
 * every simplified output gives dates, ISO 8601 in India time (`indiaIsoDate`, nodes/shared/serviceDates.ts),
 * whether the service sent it in ISO UTC (the create answer) or as `dd-MM-yyyy HH:mm:ss` (the status read).
 */
export const simplifiedInvitee = (invitee: Record<string, unknown>) => ({
	name: invitee.name ?? null,
	email: invitee.email ?? null,
	phone: invitee.phone ?? null,
	signUrl: invitee.signUrl ?? null,
	expiryDate: indiaIsoDate(invitee.expiryDate ?? null),
	active: invitee.active ?? null,
});
