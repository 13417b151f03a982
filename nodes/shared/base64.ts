/** The service decodes standard base64 unwrapped; `base64`, `openssl` and MIME wrap their output. */
export const unwrapBase64 = (text: string): string =>
	/\s/.test(text) ? text.replace(/\s+/g, '') : text;

const BASE64_ALPHABET = 'A-Z, a-z, 0-9, + and /, with = padding at the end';

/** Why `text` (unwrapped) is not standard base64, or undefined when it is. */
export function base64Problem(text: string): string | undefined {
	const outside = /[^A-Za-z0-9+/=]/.exec(text);
	if (outside) {
		return `is not base64: ${JSON.stringify(outside[0])} at character ${outside.index + 1} is outside the base64 alphabet (${BASE64_ALPHABET})`;
	}
	if (!/^[^=]*={0,2}$/.test(text))
		return `is not base64: "=" is padding, at most two of them ending the text (${BASE64_ALPHABET})`;
	// Four characters carry three bytes; a last group of one character carries none, and padding completes a group.
	if (text.length % 4 === 1 || (text.endsWith('=') && text.length % 4 !== 0)) {
		return "is not base64: it is cut short (its length does not fit base64's groups of four characters)";
	}
	return undefined;
}
