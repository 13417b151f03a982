/**
 * The Private Salt of each credential, held in this process's memory for a short while, so that a burst of
 * deliveries reads the credential once instead of once each: n8n builds an expression isolate for every
 * credential read outside an execution (docs/choices/trigger.md, "Reading the salt"). Only a salt that is set
 * is held (a credential without one is read every time, so that setting a salt turns verification on at the
 * next delivery); it is never written anywhere, and a MAC that does not match with a held salt is checked
 * again with the salt read anew, so a rotated salt is honoured at its first delivery.
 */

/** How long a salt read from a credential is used without reading the credential again. */
export const SALT_MEMORY_MS = 60_000;

const held = new Map<string, { salt: string; readAt: number }>();
/**
 * Reads under way, per credential: deliveries that arrive together (a burst, or the first ones after the window)
 * share one read instead of each reading the credential. A fresh read (after a mismatch) shares none, so that
 * it cannot be given a read that began before a rotation.
 */
const reading = new Map<string, Promise<string | undefined>>();

/** Reads the salt of the credential `key` and remembers it when it is set. */
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

/** The salt of the credential `key` from the read under way, or from a new one that others then share. */
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
	/** Whether it came from memory (a mismatch is then checked again with a fresh read). */
	fromMemory: boolean;
}

/**
 * The salt of the credential `key` (its type and id): from memory when read less than SALT_MEMORY_MS ago,
 * otherwise from `read` (one read for all who ask while it runs), which is then remembered when it gives a salt.
 */
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

/**
 * `check` with the salt of the credential `key` (undefined when n8n gives the credential no id: then read
 * every time): with the remembered salt first, and when that is refused, once more with the salt read anew.
 */
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
