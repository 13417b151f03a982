/**
 * The service's dates are India Standard Time (UTC+05:30, no daylight saving) in `dd-MM-yyyy HH:mm:ss`, as
 * Get Status, Get Details and the webhooks give them; only the create answer gives an invitee's expiry in ISO
 * UTC (`2024-11-23T18:29:59Z`; public client code against the live service, collected 2026-11-25).
 */
export const INDIA_OFFSET_MS = 5.5 * 3600_000;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO date-time as the service's other answers write it (India time); any other value as it is. */
export function inServiceDateForm(value: unknown): unknown {
	if (typeof value !== 'string' || !ISO_DATE_TIME.test(value)) return value;
	const time = Date.parse(value);
	if (Number.isNaN(time)) return value;
	const india = new Date(time + INDIA_OFFSET_MS);
	return `${pad(india.getUTCDate())}-${pad(india.getUTCMonth() + 1)}-${india.getUTCFullYear()} ${pad(india.getUTCHours())}:${pad(india.getUTCMinutes())}:${pad(india.getUTCSeconds())}`;
}

/**
 * An invitee of the simplified create output, for a document just created or found by its IRN: its expiry
 * written as the service's other answers write dates.
 */
export const simplifiedInvitee = (invitee: Record<string, unknown>) => ({
	name: invitee.name ?? null,
	email: invitee.email ?? null,
	phone: invitee.phone ?? null,
	signUrl: invitee.signUrl ?? null,
	expiryDate: inServiceDateForm(invitee.expiryDate ?? null),
	active: invitee.active ?? null,
});
