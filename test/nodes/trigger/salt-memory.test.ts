import {
	SALT_MEMORY_MS,
	saltOfCredential,
} from '../../../nodes/DocumentExecutionTrigger/saltMemory';

/** The webhook process holds a credential's salt for a short while; what it reads and when. */

let key = 0;
/** Each test its own credential, as the memory is the module's. */
const credential = () => `documentExecutionApi:${++key}`;

function reader(salts: Array<string | undefined>) {
	const reads: number[] = [];
	return {
		reads,
		read: async () => {
			reads.push(reads.length);
			return salts[Math.min(reads.length - 1, salts.length - 1)];
		},
	};
}

describe('the salt memory', () => {
	it('reads a credential once within the window, again after it', async () => {
		const id = credential();
		const { reads, read } = reader(['salt-1']);
		expect(await saltOfCredential(id, read, 0)).toEqual({ salt: 'salt-1', fromMemory: false });
		expect(await saltOfCredential(id, read, SALT_MEMORY_MS - 1)).toEqual({
			salt: 'salt-1',
			fromMemory: true,
		});
		expect(await saltOfCredential(id, read, SALT_MEMORY_MS)).toEqual({
			salt: 'salt-1',
			fromMemory: false,
		});
		expect(reads).toHaveLength(2);
	});

	it('reads anew when asked (a MAC that did not match), and keeps the new salt', async () => {
		const id = credential();
		const { reads, read } = reader(['old', 'rotated']);
		await saltOfCredential(id, read, 0);
		expect(await saltOfCredential(id, read, 1, { fresh: true })).toEqual({
			salt: 'rotated',
			fromMemory: false,
		});
		expect(await saltOfCredential(id, read, 2)).toEqual({ salt: 'rotated', fromMemory: true });
		expect(reads).toHaveLength(2);
	});

	it('never holds "no salt": a salt set later is used at the next delivery', async () => {
		const id = credential();
		const { reads, read } = reader([undefined, 'now-set']);
		expect((await saltOfCredential(id, read, 0)).salt).toBeUndefined();
		expect(await saltOfCredential(id, read, 1)).toEqual({ salt: 'now-set', fromMemory: false });
		expect(reads).toHaveLength(2);
	});

	it('keeps each credential apart', async () => {
		const [first, second] = [credential(), credential()];
		await saltOfCredential(first, reader(['a']).read, 0);
		await saltOfCredential(second, reader(['b']).read, 0);
		expect((await saltOfCredential(first, reader(['x']).read, 1)).salt).toBe('a');
		expect((await saltOfCredential(second, reader(['x']).read, 1)).salt).toBe('b');
	});
});
