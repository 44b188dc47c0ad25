import type { Redis } from 'ioredis';

/**
 * What the sign-in throttle saw, for staff (GET /api/v1/SignInAttacks, decision 021): failed
 * and blocked sign-ins per hour and failures per account, kept 24 hours. In Redis when
 * REDIS_URL is set, so every process adds to and reads the same figures; otherwise in the
 * process's memory, like the failure counts themselves (one process, or each its own).
 */
export interface SignInStats {
  failed(account: string, at: Date): Promise<void>;
  blocked(account: string, at: Date): Promise<void>;
  report(now: Date, top: number): Promise<SignInReport>;
}

export interface SignInReport {
  /** The last 24 hours, oldest first: the hour's start and its counts. */
  hours: { hour: Date; failed: number; blocked: number }[];
  /** The accounts with the most failures in those hours, most first. */
  accounts: { account: string; failed: number }[];
  /** How many accounts had any failure in those hours. */
  accountsWithFailures: number;
}

const HOUR = 60 * 60 * 1000;
const KEEP_HOURS = 24;
const hourOf = (at: Date) => Math.floor(at.getTime() / HOUR);
const lastHours = (now: Date) =>
  Array.from({ length: KEEP_HOURS }, (_, i) => hourOf(now) - KEEP_HOURS + 1 + i);

export function memorySignInStats(): SignInStats {
  const hours = new Map<number, { failed: number; blocked: number; accounts: Map<string, number> }>();
  const bucket = (at: Date) => {
    const h = hourOf(at);
    let b = hours.get(h);
    if (!b) {
      b = { failed: 0, blocked: 0, accounts: new Map() };
      hours.set(h, b);
      for (const old of hours.keys()) if (old <= h - KEEP_HOURS) hours.delete(old);
    }
    return b;
  };
  return {
    async failed(account, at) {
      const b = bucket(at);
      b.failed += 1;
      // A spray over every customer number stays bounded: past 20,000 accounts an hour, only the known ones grow.
      if (b.accounts.has(account) || b.accounts.size < 20_000)
        b.accounts.set(account, (b.accounts.get(account) ?? 0) + 1);
    },
    async blocked(_account, at) {
      bucket(at).blocked += 1;
    },
    async report(now, top) {
      const totals = new Map<string, number>();
      const rows = lastHours(now).map((h) => {
        const b = hours.get(h);
        for (const [a, n] of b?.accounts ?? []) totals.set(a, (totals.get(a) ?? 0) + n);
        return { hour: new Date(h * HOUR), failed: b?.failed ?? 0, blocked: b?.blocked ?? 0 };
      });
      const accounts = [...totals]
        .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
        .slice(0, top)
        .map(([account, failed]) => ({ account, failed }));
      return { hours: rows, accounts, accountsWithFailures: totals.size };
    },
  };
}

export function redisSignInStats(redis: Redis, prefix = 'bev:signin-stats:'): SignInStats {
  const keep = KEEP_HOURS * 60 * 60 + 60 * 60;
  const countsKey = (h: number) => `${prefix}counts:${h}`;
  const accountsKey = (h: number) => `${prefix}accounts:${h}`;
  return {
    async failed(account, at) {
      const h = hourOf(at);
      await redis
        .multi()
        .hincrby(countsKey(h), 'failed', 1)
        .expire(countsKey(h), keep)
        .zincrby(accountsKey(h), 1, account)
        .expire(accountsKey(h), keep)
        .exec();
    },
    async blocked(_account, at) {
      const h = hourOf(at);
      await redis.multi().hincrby(countsKey(h), 'blocked', 1).expire(countsKey(h), keep).exec();
    },
    async report(now, top) {
      const hs = lastHours(now);
      const counts = await Promise.all(hs.map((h) => redis.hgetall(countsKey(h))));
      // The 24 hourly sets summed into a short-lived key of this call, then its top read back.
      const sum = `${prefix}sum:${now.getTime()}:${Math.random().toString(36).slice(2)}`;
      const [, , ranked, card] = (await redis
        .multi()
        .zunionstore(sum, hs.length, ...hs.map(accountsKey))
        .expire(sum, 60)
        .zrevrange(sum, 0, top - 1, 'WITHSCORES')
        .zcard(sum)
        .del(sum)
        .exec()) as [unknown, unknown, [null, string[]], [null, number]];
      const flat = ranked[1];
      const accounts: SignInReport['accounts'] = [];
      for (let i = 0; i < flat.length; i += 2)
        accounts.push({ account: flat[i]!, failed: Number(flat[i + 1]) });
      return {
        hours: hs.map((h, i) => ({
          hour: new Date(h * HOUR),
          failed: Number(counts[i]?.failed ?? 0),
          blocked: Number(counts[i]?.blocked ?? 0),
        })),
        accounts,
        accountsWithFailures: card[1],
      };
    },
  };
}
