import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#support/helpers.js';
import { loopbackAddress, request, statusCounts } from '#support/socket-client.js';
import { TEST_SECRET } from '#support/test-config.js';
import { loadConfig } from '../../src/server/config.js';
import { customers } from '../../src/server/db/schema.js';
import { defaultThrottleLimits } from '../../src/server/plugins/login-throttle.js';

/**
 * Issue 15, item 2: behind a proxy, a client writes its own X-Forwarded-For and the proxy
 * appends the address it saw. Trusting every hop took the left-most (forged) entry as the
 * client, so a header that changed on every request escaped the per-address limit. Here the
 * "proxy" is one loopback address of this test, every request says `X-Forwarded-For: <forged>,
 * <client>`, and each guess is for another customer number, so only the per-address limit
 * (30 failures) can stop them. TRUST_PROXY is read the way the server reads it.
 */
const trustFrom = (value: string) =>
  loadConfig({ DATA_DIR: '/nonexistent', SESSION_SECRET: TEST_SECRET, TRUST_PROXY: value }).trustProxy;

const proxy = loopbackAddress();

describe.each([
  ['TRUST_PROXY=true (the one proxy in front)', () => trustFrom('true')],
  ['TRUST_PROXY=<the proxy address>', () => trustFrom(proxy)],
])('forged X-Forwarded-For behind %s', (_, trust) => {
  let t: TestApp;
  let base = '';
  let unknownNumbers: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: trust() } });
    const taken = new Set((await t.db.select({ id: customers.companyId }).from(customers)).map((r) => r.id));
    unknownNumbers = Array.from({ length: 9999 }, (_, i) => i + 1).filter((n) => n >= 1000 && !taken.has(n));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const guess = (companyId: number, forwardedFor: string) =>
    request(`${base}/api/v1/Authenticate`, {
      body: { CompanyId: companyId, Zipcode: 11111 },
      localAddress: proxy,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts a client by the address the proxy appended, whatever it forged to the left', async () => {
    const client = '203.0.113.7';
    const burst = 2 * defaultThrottleLimits.perAddress;
    const answers = await Promise.all(
      unknownNumbers
        .slice(0, burst)
        .map((n, i) => guess(n, `198.51.${i % 250}.${(i * 7) % 250}, 10.9.${i % 200}.1, ${client}`)),
    );
    expect(statusCounts(answers)).toEqual({
      401: defaultThrottleLimits.perAddress,
      429: burst - defaultThrottleLimits.perAddress,
    });

    // Another client behind the same proxy has its own count: the proxy is not the client.
    const other = await guess(unknownNumbers[burst]!, `198.51.100.1, 203.0.113.8`);
    expect(other.status).toBe(401);
  });
});

describe('forged X-Forwarded-For from a client that is not the listed proxy', () => {
  let t: TestApp;
  let base = '';
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: trustFrom(proxy) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('counts it by its own address: only the listed proxy is believed', async () => {
    const direct = loopbackAddress();
    const burst = 2 * defaultThrottleLimits.perAddress;
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        request(`${base}/api/v1/Authenticate`, {
          body: { CompanyId: 9000 + i, Zipcode: 11111 },
          localAddress: direct,
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        }),
      ),
    );
    expect(statusCounts(answers)[429]).toBe(burst - defaultThrottleLimits.perAddress);
  });
});
