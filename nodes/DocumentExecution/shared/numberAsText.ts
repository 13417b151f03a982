/**
 * A value for a field the spec types as a string: a finite number becomes its decimal text (2 → "2",
 * 1e21 → "1000000000000000000000"); anything else is handed back for the schema to accept or refuse.
 */
export function numberAsText(value: unknown): unknown {
	if (typeof value !== 'number' || !Number.isFinite(value)) return value;
	if (Number.isInteger(value)) return BigInt(value).toString();
	const text = String(value);
	// Only fractions below 1e-6 have an exponent here; 20 digits is as far as a double carries.
	return text.includes('e') ? value.toFixed(20).replace(/0+$/, '') : text;
}
