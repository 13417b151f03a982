import { randomBytes } from 'node:crypto';

import type { Clock } from './clock';

export interface Account {
	id: string;
	/** The X-Auth-Token that identifies this account. */
	authToken: string;
	/** Private salt for webhook MACs; undefined when the account has none configured. */
	salt?: string;
}

interface AccessToken {
	accountId: string;
	expiresAt: number;
}

/**
 * Who may call the emulator: accounts by X-Auth-Token, and OAuth2 access tokens issued by the OAuth family.
 */
export class Accounts {
	private readonly byToken = new Map<string, Account>();

	private readonly accessTokens = new Map<string, AccessToken>();

	constructor(private readonly clock: Clock) {}

	add(account: Account): Account {
		this.byToken.set(account.authToken, account);
		return account;
	}

	all(): Account[] {
		return [...this.byToken.values()];
	}

	byAuthToken(token: string | string[] | undefined): Account | undefined {
		return typeof token === 'string' ? this.byToken.get(token) : undefined;
	}

	byId(id: string): Account | undefined {
		return this.all().find((account) => account.id === id);
	}

	issueAccessToken(accountId: string, ttlMs: number): string {
		const token = `at_${randomBytes(16).toString('hex')}`;
		this.accessTokens.set(token, { accountId, expiresAt: this.clock.now() + ttlMs });
		return token;
	}

	revokeAccessToken(token: string): void {
		this.accessTokens.delete(token);
	}

	/** The account behind `Authorization: Bearer ...`, 'expired' for a known but expired token. */
	byBearer(header: string | string[] | undefined): Account | 'expired' | undefined {
		if (typeof header !== 'string') return undefined;
		const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
		const entry = match ? this.accessTokens.get(match[1]) : undefined;
		if (!entry) return undefined;
		if (entry.expiresAt <= this.clock.now()) return 'expired';
		return this.byId(entry.accountId);
	}
}
