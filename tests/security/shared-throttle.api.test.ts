import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#support/helpers.js';
import { expectRedis, redisSkipReason, testRedisUrl } from '#support/redis.js';

/**
 * Several processes share the sign-in failure counts through Redis (REDIS_URL): failures
 * counted by one app block the same customer number on another. Runs against the Redis at
 * REDIS_URL or 127.0.0.1:6379; skipped where there is none, except under CI, which has one and
 * where a missing one fails.
 */
const redisUrl = testRedisUrl;
const noRedis = await redisSkipReason();

describe.skipIf(noRedis)('sign-in failure counts shared through Redis', () => {
  let one: TestApp;
  let two: TestApp;
  // A customer number no demo customer has, and addresses of this run only: no clash with earlier runs.
  const companyId = randomInt(8000, 9000);
  const address = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

  beforeAll(async () => {
    await expectRedis();
    const config = { redisUrl };
    one = await createTestApp({ config, throttle: { perAccount: 3, perAddress: 100, windowMs: 60_000 } });
    two = await createTestApp({ config, throttle: { perAccount: 3, perAddress: 100, windowMs: 60_000 } });
  });
  afterAll(async () => {
    if (!two) return; // no Redis to set up with (under CI): the setup failed, and says why
    const redis = new Redis(redisUrl);
    await redis.del(`bev:login-fail:customer:${companyId}`);
    redis.disconnect();
    await Promise.all([one.close(), two.close()]);
  });

  it('blocks a customer number on the second process after failures on the first', async () => {
    const attempt = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/Authenticate',
        payload: { CompanyId: companyId, Zipcode: 11111 },
        remoteAddress: address(),
      });
    for (let i = 0; i < 3; i++) expect((await attempt(one)).statusCode).toBe(401);
    const blocked = await attempt(two);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().ErrorMessage).toMatch(/Too many failed sign-in attempts/);
  });
});
