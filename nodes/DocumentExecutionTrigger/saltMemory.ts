/**
 * How long this process holds a credential's Private Salt, so that a burst of deliveries reads the credential
 * once (docs/choices/trigger.md, Reading the salt).
 */
export const SALT_MEMORY_MS = 60_000;

const held = new Map<string, { salt: string; readAt: number }>();
/** Reads under way, shared by deliveries that arrive together; never by a fresh read after a mismatch. */
const reading = new Map<string, Promise<string | undefined>>();

/** A credential without a salt is not held: setting one turns verification on at the next delivery. */
async function readAndHold(
	key: string,
	read: () => Promise<string | undefined>,
	now: number,
): Promise<string | undefined> {
	const salt = await read();
	if (salt === undefined) held.delete(key);
	else held.set(key, { salt, readAt: now });
	return salt;
}

async function sharedRead(
	key: string,
	read: () => Promise<string | undefined>,
	now: number,
): Promise<string | undefined> {
	const underWay = reading.get(key);
	if (underWay) return await underWay;
	const salt = readAndHold(key, read, now).finally(() => reading.delete(key));
	reading.set(key, salt);
	return await salt;
}

export interface RememberedSalt {
	salt: string | undefined;
	/** A mismatch with a salt from memory is checked again with a fresh read. */
	fromMemory: boolean;
}

export async function saltOfCredential(
	key: string,
	read: () => Promise<string | undefined>,
	now: number,
	options: { fresh?: boolean } = {},
): Promise<RememberedSalt> {
	// Salts of credentials no longer used are forgotten, not only read anew.
	for (const [heldKey, { readAt }] of held)
		if (now - readAt >= SALT_MEMORY_MS && heldKey !== key) held.delete(heldKey);
	const entry = held.get(key);
	if (!options.fresh && entry && now - entry.readAt < SALT_MEMORY_MS)
		return { salt: entry.salt, fromMemory: true };
	const salt = options.fresh ? await readAndHold(key, read, now) : await sharedRead(key, read, now);
	return { salt, fromMemory: false };
}

/** `check` with the held salt, and once more with it read anew when refused (a rotated salt). */
export async function checkedWithSalt<Verdict extends { accepted: boolean }>(
	key: string | undefined,
	read: () => Promise<string | undefined>,
	check: (salt: string | undefined) => Verdict,
	now: number,
): Promise<Verdict> {
	if (key === undefined) return check(await read());
	const remembered = await saltOfCredential(key, read, now);
	const verdict = check(remembered.salt);
	if (verdict.accepted || !remembered.fromMemory) return verdict;
	return check((await saltOfCredential(key, read, now, { fresh: true })).salt);
}
