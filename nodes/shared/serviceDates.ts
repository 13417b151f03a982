/** The service writes India time without an offset; see docs/choices/document.md, Dates. */

/** India keeps no daylight saving. */
export const INDIA_OFFSET_MS = 5.5 * 3600_000;

const SERVICE_DATE_TIME = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** `2024-09-01T23:59:59+05:30`, with milliseconds where the instant has some. */
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
 * A service date (`dd-MM-yyyy HH:mm:ss` in India time, ISO at any offset, epoch ms) at +05:30; anything else is
 * passed through as sent, so nothing the service said is lost.
 */
export function indiaIsoDate<Value>(value: Value): Value | string {
	if (typeof value === 'number' && Number.isFinite(value)) return indiaIsoOf(value);
	if (typeof value !== 'string') return value;
	const instant = ISO_DATE_TIME.test(value) ? Date.parse(value) : serviceDateInstant(value);
	return instant === undefined || Number.isNaN(instant) ? value : indiaIsoOf(instant);
}
