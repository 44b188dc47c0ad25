import type { Redis } from 'ioredis';
import { memorySignInStats, type SignInStats } from './sign-in-stats.js';

/**
 * Counts failed sign-ins per key (an address, a customer number, a user name) in a fixed
 * window. In memory for one process; in Redis when REDIS_URL is set, so that several
 * processes behind a load balancer share the counts.
 */
export interface FailureStore {
  count(key: string): Promise<number>;
  /** Adds one and returns the new count, atomically: concurrent hits each see a different count. */
  hit(key: string): Promise<number>;
  /** Takes one back (never below zero, never reviving an expired window). */
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface ThrottleLimits {
  /** Failures allowed per address within the window. */
  perAddress: number;
  /** Failures allowed per customer number or user name within the window. */
  perAccount: number;
  windowMs: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  perAddress: 30,
  perAccount: 5,
  windowMs: 15 * 60 * 1000,
};

export function memoryFailureStore(windowMs: number, now: () => number = Date.now): FailureStore {
  const entries = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.until <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    async count(key) {
      return live(key)?.n ?? 0;
    },
    async hit(key) {
      const e = live(key) ?? { n: 0, until: now() + windowMs };
      e.n += 1;
      entries.set(key, e);
      // Keep the map bounded under a flood of distinct keys: drop what has expired.
      if (entries.size > 50_000) for (const k of entries.keys()) live(k);
      return e.n;
    },
    async release(key) {
      const e = live(key);
      if (e && e.n > 0) e.n -= 1;
    },
    async close() {
      entries.clear();
    },
  };
}

const releaseScript = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export function redisFailureStore(redis: Redis, windowMs: number, prefix = 'bev:login-fail:'): FailureStore {
  return {
    async count(key) {
      const v = await redis.get(prefix + key);
      return v ? Number.parseInt(v, 10) : 0;
    },
    async hit(key) {
      const k = prefix + key;
      // INCR then set the expiry only when the key is new (NX): a fixed window from the first failure.
      const [[, n]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[null, number]];
      return n;
    },
    async release(key) {
      // A plain DECR on a key whose window has just expired would create it at -1 with no expiry.
      await redis.eval(releaseScript, 1, prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * The attempt is counted before the credential is checked (decision 021): each attempt takes
 * a slot with one atomic increment, and only an attempt whose slot is within the limit is
 * checked. Checking a count first and recording the failure afterwards let a burst of
 * concurrent guesses all pass the check before any was recorded.
 */
export class LoginThrottle {
  constructor(
    private readonly store: FailureStore,
    private readonly limits: ThrottleLimits,
    readonly stats: SignInStats = memorySignInStats(),
  ) {}

  /**
   * Takes one attempt for this address and account. False when either is over its limit: the
   * caller answers 429 without checking the credential, and the slots are given back, so a
   * count is the number of attempts that were checked.
   */
  async reserve(address: string, account: string): Promise<boolean> {
    const [byAddress, byAccount] = await Promise.all([
      this.store.hit(`ip:${address}`),
      this.store.hit(account),
    ]);
    if (byAddress <= this.limits.perAddress && byAccount <= this.limits.perAccount) return true;
    await this.release(address, account);
    return false;
  }

  /**
   * Checks a credential within the limits: `blocked` when over a limit (the credential was not
   * checked); otherwise what `check` found, null for a wrong credential, which stays counted.
   * `device` is the key of a valid device cookie for this account (decision 021): that browser
   * is counted under its own key instead of the account's, so guessers elsewhere cannot lock it
   * out, and its success does not clear the count they built up.
   */
  async attempt<T>(
    address: string,
    account: string,
    check: () => Promise<T | null>,
    opts: { at: Date; device?: string },
  ): Promise<{ blocked: true } | { blocked: false; found: T | null }> {
    const counted = opts.device ?? account;
    if (!(await this.reserve(address, counted))) {
      await this.stats.blocked(account, opts.at);
      return { blocked: true };
    }
    let found: T | null;
    try {
      found = await check();
    } catch (err) {
      await this.release(address, counted);
      throw err;
    }
    if (found) await this.recordSuccess(address, counted);
    else await this.stats.failed(account, opts.at);
    return { blocked: false, found };
  }

  /** The check did not happen (the database failed): the attempt does not count. */
  async release(address: string, account: string): Promise<void> {
    await Promise.all([this.store.release(`ip:${address}`), this.store.release(account)]);
  }

  /**
   * A successful sign-in gives back its own slots (only failures count), and only its own:
   * clearing the account's count let the attempts of a burst that had not yet taken their
   * slot be checked after it. The address keeps its failures, so one good sign-in cannot reset a spray across
   * many customer numbers from one address; the account's expire with their window.
   */
  async recordSuccess(address: string, account: string): Promise<void> {
    await this.release(address, account);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
