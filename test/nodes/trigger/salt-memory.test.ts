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

	it('gives deliveries that ask together one read, and a fresh read its own', async () => {
		const id = credential();
		const { reads, read } = reader(['salt-1', 'salt-2']);
		const together = await Promise.all([1, 2, 3].map(() => saltOfCredential(id, read, 0)));
		expect(together.map((remembered) => remembered.salt)).toEqual(['salt-1', 'salt-1', 'salt-1']);
		expect(reads).toHaveLength(1);
		const [, fresh] = await Promise.all([
			saltOfCredential(id, read, SALT_MEMORY_MS),
			saltOfCredential(id, read, SALT_MEMORY_MS, { fresh: true }),
		]);
		expect(fresh.salt).toBe('salt-2');
		expect(reads).toHaveLength(3);
	});

	it('shares a failed read as a failure, and reads again at the next delivery', async () => {
		const id = credential();
		let calls = 0;
		const failingOnce = async () => {
			calls += 1;
			if (calls === 1) throw new Error('database unavailable');
			return 'salt-1';
		};
		const together = await Promise.allSettled(
			[1, 2].map(() => saltOfCredential(id, failingOnce, 0)),
		);
		expect(together.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
		expect((await saltOfCredential(id, failingOnce, 1)).salt).toBe('salt-1');
		expect(calls).toBe(2);
	});

	it('keeps each credential apart', async () => {
		const [first, second] = [credential(), credential()];
		await saltOfCredential(first, reader(['a']).read, 0);
		await saltOfCredential(second, reader(['b']).read, 0);
		expect((await saltOfCredential(first, reader(['x']).read, 1)).salt).toBe('a');
		expect((await saltOfCredential(second, reader(['x']).read, 1)).salt).toBe('b');
	});
});
