/**
 * The service's dates as a flow can compare them. The service writes India Standard Time (UTC+05:30, no
 * daylight saving) as `dd-MM-yyyy HH:mm:ss` without an offset (Get Status, Get Details, the webhooks), an ISO
 * UTC date-time in the create answer (`2024-11-23T18:29:59Z`; public client code against the live service,
 * collected 2026-11-25) and epoch milliseconds in the 2022 description's details schema. n8n's `toDateTime()`
 * reads `01-09-2024` as 9 January, so every simplified output and normalised field gives each date one way:
 * ISO 8601 in India time with its offset, `2024-09-01T23:59:59+05:30` (docs/choices/document.md, "Dates").
 */

/** India Standard Time's offset from UTC; India keeps no daylight saving. */
export const INDIA_OFFSET_MS = 5.5 * 3600_000;

const SERVICE_DATE_TIME = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An instant (epoch ms) written as ISO 8601 in India time: `2024-09-01T23:59:59+05:30`, with its milliseconds
 * where it has some (`…T23:59:59.732+05:30`), so the instant is kept whole.
 */
export function indiaIsoOf(instant: number): string {
	const india = new Date(instant + INDIA_OFFSET_MS);
	const milliseconds = india.getUTCMilliseconds();
	const fraction = milliseconds ? `.${String(milliseconds).padStart(3, '0')}` : '';
	return `${india.getUTCFullYear()}-${pad(india.getUTCMonth() + 1)}-${pad(india.getUTCDate())}T${pad(india.getUTCHours())}:${pad(india.getUTCMinutes())}:${pad(india.getUTCSeconds())}${fraction}+05:30`;
}

/** The instant `dd-MM-yyyy HH:mm:ss` names in India time, or undefined for a day or time the calendar lacks. */
function serviceDateInstant(text: string): number | undefined {
	const match = SERVICE_DATE_TIME.exec(text);
	if (!match) return undefined;
	const [day, month, year, hours, minutes, seconds] = match.slice(1).map(Number);
	const local = new Date(0);
	local.setUTCFullYear(year, month - 1, day);
	local.setUTCHours(hours, minutes, seconds);
	const named =
		local.getUTCDate() === day &&
		local.getUTCMonth() === month - 1 &&
		local.getUTCHours() === hours &&
		local.getUTCMinutes() === minutes &&
		local.getUTCSeconds() === seconds;
	return named ? local.getTime() - INDIA_OFFSET_MS : undefined;
}

/**
 * A date of the service's answer as ISO 8601 in India time with its offset: from `dd-MM-yyyy HH:mm:ss` (India
 * time), from an ISO date-time with any offset (the same instant, written at +05:30) or from epoch milliseconds.
 * Anything else (null, a date the calendar lacks, text of another form) is passed through as the service sent
 * it, so nothing the service said is lost.
 */
export function indiaIsoDate<Value>(value: Value): Value | string {
	if (typeof value === 'number' && Number.isFinite(value)) return indiaIsoOf(value);
	if (typeof value !== 'string') return value;
	const instant = ISO_DATE_TIME.test(value) ? Date.parse(value) : serviceDateInstant(value);
	return instant === undefined || Number.isNaN(instant) ? value : indiaIsoOf(instant);
}
