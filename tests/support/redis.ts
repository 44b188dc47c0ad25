import { Redis } from 'ioredis';
import { expect } from 'vitest';

/** The Redis the throttle tests use: REDIS_URL, else the local server. */
export const testRedisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether `testRedisUrl` answers. */
async function redisReachable(): Promise<boolean> {
  const probe = new Redis(testRedisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Why the tests that need Redis are skipped here (for `describe.skipIf`), or undefined when they
 * run. A developer may have no Redis: they are skipped then, and the reason is printed. CI has
 * one: under CI (CI set) they always run, and `expectRedis` in their setup fails them.
 */
export async function redisSkipReason(): Promise<string | undefined> {
  if (process.env.CI || (await redisReachable())) return undefined;
  const reason = `Redis is not reachable at ${testRedisUrl}: the tests that need it are skipped (CI runs them)`;
  console.warn(reason);
  return reason;
}

/** The setup of the tests that need Redis: a missing one fails them at once, with the reason. */
export async function expectRedis(): Promise<void> {
  expect(await redisReachable(), `Redis is not reachable at ${testRedisUrl}`).toBe(true);
}
