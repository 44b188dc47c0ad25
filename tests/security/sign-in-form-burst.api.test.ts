import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '#support/helpers.js';
import { loopbackAddress, request, type SocketAnswer, statusCounts } from '#support/socket-client.js';
import { customerLoginMessages, tooManyAttemptsMessage } from '../../src/domain/login-rules.js';
import { customers } from '../../src/server/db/schema.js';
import { DEVICE_COOKIE } from '../../src/server/modules/auth/device-cookie.js';
import { defaultThrottleLimits } from '../../src/server/plugins/login-throttle.js';
import { SESSION_COOKIE } from '../../src/server/plugins/session.js';

/**
 * Issue 34: the login pages are forms that post (pages/sign-in-actions.ts). A burst of guesses
 * posted to them, over real sockets from many addresses in one tick, meets the same counts as
 * the API's sign-in (the two share them), and a form posted from another site is refused
 * without touching them.
 */
const BURST = 60;

describe("the login pages' form posts under a burst of guesses", () => {
  let t: TestApp;
  let base = '';
  let companyId = 0;
  const zipcode = randomInt(10_000, 99_999);

  beforeAll(async () => {
    t = await createTestApp();
    for (;;) {
      companyId = randomInt(1000, 10_000);
      const [taken] = await t.db.select().from(customers).where(eq(customers.companyId, companyId));
      if (!taken) break;
    }
    await t.db.insert(customers).values({ companyId, customerTypeId: 1, name: 'Posted at', zipcode });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    request(`${base}${path}`, {
      body: new URLSearchParams(fields),
      localAddress: loopbackAddress(),
      headers,
    });
  const customerForm = (zip: number, headers?: Record<string, string>) =>
    post('/user/login', { CompanyId: String(companyId), Zipcode: String(zip) }, headers);
  const device = (a: SocketAnswer) => a.cookies.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  const session = (a: SocketAnswer) => a.cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`));

  it('counts guesses posted to the form and to the API as one, and lets the known browser in', async () => {
    const first = await customerForm(zipcode);
    expect(first.status).toBe(303);
    expect(session(first)).toBeDefined();
    const known = device(first);
    expect(known).toBeDefined();

    // Half the guesses through the login page, half through the API, with the customer's own
    // sign-in on the page among them.
    const wrong = (i: number) => (zipcode + 1 + i) % 100_000 || 1;
    const [own, ...guesses] = await Promise.all([
      customerForm(zipcode, { cookie: known! }),
      ...Array.from({ length: BURST }, (_, i) =>
        i % 2
          ? customerForm(wrong(i))
          : request(`${base}/api/v1/Authenticate`, {
              body: { CompanyId: companyId, Zipcode: wrong(i) },
              localAddress: loopbackAddress(),
            }),
      ),
    ]);
    expect(own!.status).toBe(303);
    const counts = statusCounts(guesses);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(defaultThrottleLimits.perAccount);
    expect(counts[429]).toBeGreaterThanOrEqual(BURST - defaultThrottleLimits.perAccount);
    expect(guesses.every((g) => session(g) === undefined)).toBe(true);
    // The page says why, in the spec's words, as the page it was.
    const refusedPage = guesses.find((g, i) => i % 2 && g.status === 429);
    expect(refusedPage?.body).toContain(tooManyAttemptsMessage);
    expect(refusedPage?.body).toContain('name="Zipcode"');
    const wrongPage = guesses.find((g, i) => i % 2 && g.status === 401);
    if (wrongPage) expect(wrongPage.body).toContain(customerLoginMessages.failed);

    // Now the right zip code from a new browser is stopped too; the known browser is not.
    const stranger = await customerForm(zipcode);
    expect(stranger.status).toBe(429);
    expect(session(stranger)).toBeUndefined();
    const again = await customerForm(zipcode, { cookie: known! });
    expect(again.status).toBe(303);
    expect(session(again)).toBeDefined();
  });

  it("holds the staff login page's guesses to the same count, and never signs a guesser in", async () => {
    const guesses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        post('/maint/login', { User: TEST_ADMIN.user, Password: `wrong-password-${i}` }),
      ),
    );
    const counts = statusCounts(guesses);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(defaultThrottleLimits.perAccount);
    expect(counts[429]).toBeGreaterThanOrEqual(BURST - defaultThrottleLimits.perAccount);
    expect(guesses.every((g) => session(g) === undefined)).toBe(true);
    // The right password from a browser never seen before waits as well.
    const right = await post('/maint/login', { User: TEST_ADMIN.user, Password: TEST_ADMIN.password });
    expect(right.status).toBe(429);
    expect(right.body).toContain(tooManyAttemptsMessage);
  });

  it('refuses a burst of forms posted from another site before counting them', async () => {
    const forged = await Promise.all(
      Array.from({ length: BURST }, () =>
        post(
          '/user/login',
          { CompanyId: '1001', Zipcode: '60601' },
          { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        ),
      ),
    );
    expect(statusCounts(forged)).toEqual({ 403: BURST });
    expect(forged.every((a) => a.cookies.length === 0)).toBe(true);
    // Nothing was counted against the customer: the right sign-in from a new browser works.
    const own = await post('/user/login', { CompanyId: '1001', Zipcode: '60601' });
    expect(own.status).toBe(303);
  });
});
