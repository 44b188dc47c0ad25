import type { Redis } from 'ioredis';

/**
 * Counts failed sign-ins per key (an address, a customer number, a user name) in a fixed
 * window. In memory for one process; in Redis when REDIS_URL is set, so that several
 * processes behind a load balancer share the counts.
 */
export interface FailureStore {
  count(key: string): Promise<number>;
  /** Adds a failure and returns the new count. */
  hit(key: string): Promise<number>;
  reset(key: string): Promise<void>;
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
    async reset(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}

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
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}

export class LoginThrottle {
  constructor(
    private readonly store: FailureStore,
    private readonly limits: ThrottleLimits,
  ) {}

  /** True when this address or account has used up its failures for the window. */
  async isBlocked(address: string, account: string): Promise<boolean> {
    const [byAddress, byAccount] = await Promise.all([
      this.store.count(`ip:${address}`),
      this.store.count(account),
    ]);
    return byAddress >= this.limits.perAddress || byAccount >= this.limits.perAccount;
  }

  async recordFailure(address: string, account: string): Promise<void> {
    await Promise.all([this.store.hit(`ip:${address}`), this.store.hit(account)]);
  }

  /** A successful sign-in clears the account's count (not the address's: one good login must not reset a spray). */
  async recordSuccess(account: string): Promise<void> {
    await this.store.reset(account);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
