/**
 * The emulator's notion of now. Tests move it forward to expire links, invitations and tokens without
 * waiting; left alone it follows the wall clock.
 */
export class Clock {
	private offsetMs = 0;

	now(): number {
		return Date.now() + this.offsetMs;
	}

	advance(ms: number): void {
		this.offsetMs += ms;
	}

	reset(): void {
		this.offsetMs = 0;
	}
}
