import { Redis } from 'ioredis';

/** The Redis the throttle tests use: REDIS_URL, else the local server. */
export const testRedisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether `testRedisUrl` answers (the tests that need it fail under CI when it does not). */
export async function redisReachable(): Promise<boolean> {
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
