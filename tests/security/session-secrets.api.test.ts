import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { customerByCompany } from '#support/order-fixtures.js';
import { TEST_SECRET, testConfig } from '#support/test-config.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { customers } from '../../src/server/db/schema.js';
import { deviceCookies } from '../../src/server/modules/auth/device-cookie.js';
import { invitationTokens } from '../../src/server/modules/people/invitation-token.js';
import { issueCode, spendCode } from '../../src/server/modules/people/sign-in-code.service.js';
import { stopToken } from '../../src/server/modules/reminders/stop-token.js';

const NEXT_SECRET = 'the-next-session-secret-0123456789abcdef-98765';

/**
 * Changing SESSION_SECRET (issue 44): with the new secret first and the old one behind it,
 * everything the old one signed still works (session and device cookies, mailed stop links,
 * invitations, sign-in codes) while everything new is signed with the new one; once the old one
 * is dropped, what it signed is worth nothing. A stop link that is not good shows a browser a
 * page, never the API's JSON.
 */
describe('SESSION_SECRET with several secrets', () => {
  let before: TestApp;
  let rotated: FastifyInstance;
  let dropped: FastifyInstance;
  beforeAll(async () => {
    before = await createTestApp();
    const on = (sessionSecrets: [string, ...string[]]) =>
      buildApp({
        logger: false,
        skipMigrate: true,
        now: () => TEST_NOW,
        config: testConfig({ sessionSecrets }),
        database: before.database,
      });
    rotated = await on([NEXT_SECRET, TEST_SECRET]);
    dropped = await on([NEXT_SECRET]);
  });
  afterAll(async () => {
    await rotated.close();
    await dropped.close();
    await before.close();
  });

  const roleOf = async (app: FastifyInstance, cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/v1/Session', headers: { cookie } })).json().Role;

  it('reads a list from the environment, each secret at least 32 characters', () => {
    const env = { DATA_DIR: '/nonexistent', SESSION_SECRET: `${NEXT_SECRET}, ${TEST_SECRET}` };
    expect(loadConfig(env).sessionSecrets).toEqual([NEXT_SECRET, TEST_SECRET]);
    expect(() => loadConfig({ ...env, SESSION_SECRET: `${NEXT_SECRET},short` })).toThrow(
      /SESSION_SECRET.*each secret must be at least 32 characters/s,
    );
  });

  it('keeps a session signed in under the old secret, and signs new ones with the new', async () => {
    const old = await signInCustomer(before.app);
    expect(await roleOf(rotated, old)).toBe('customer');
    expect(await roleOf(dropped, old)).toBe(null);

    const fresh = sessionCookie(
      await rotated.inject({
        method: 'POST',
        url: '/api/v1/Authenticate',
        payload: { CompanyId: 1001, Zipcode: 60601 },
      }),
    );
    expect(await roleOf(rotated, fresh)).toBe('customer');
    expect(await roleOf(dropped, fresh)).toBe('customer');
    expect(await roleOf(before.app, fresh)).toBe(null);
  });

  it('turns reminders off by a stop link mailed under the old secret; a browser told no is shown a page', async () => {
    const customer = await customerByCompany(before.db, 1001);
    const link = (token: string, accept = 'text/html,application/xhtml+xml') =>
      ({ method: 'GET', url: `/api/v1/Reminders/Off?token=${token}`, headers: { accept } }) as const;
    const refused = await dropped.inject(link(stopToken(TEST_SECRET, customer.id)));
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('This link is not valid');

    const off = await rotated.inject(link(stopToken(TEST_SECRET, customer.id)));
    expect(off.statusCode).toBe(200);
    expect(off.body).toContain('Reminders are off');
    const [row] = await before.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.remindersOff).toBe(true);
  });

  it('takes device cookies, invitations and sign-in codes made under the old secret', async () => {
    // A device cookie as the old secret set it, checked under the list.
    const jar: Record<string, string> = {};
    const reply = { setCookie: (name: string, value: string) => (jar[name] = value) };
    deviceCookies([TEST_SECRET]).set(
      { protocol: 'https' } as never,
      reply as never,
      'customer:1001',
      TEST_NOW.getTime(),
    );
    const request = { cookies: jar } as never;
    expect(deviceCookies([NEXT_SECRET, TEST_SECRET]).verify(request, 'customer:1001')).toMatch(/^device:/);
    expect(deviceCookies([NEXT_SECRET]).verify(request, 'customer:1001')).toBeUndefined();

    const invitation = invitationTokens([TEST_SECRET]).sign(7, new Date(TEST_NOW.getTime() + 3_600_000));
    expect(invitationTokens([NEXT_SECRET, TEST_SECRET]).verify(invitation, TEST_NOW)).toBe(7);
    expect(invitationTokens([NEXT_SECRET]).verify(invitation, TEST_NOW)).toBeNull();

    const email = 'rotation@example.com';
    const code = await issueCode(before.db, TEST_SECRET, email, TEST_NOW);
    expect(await spendCode(before.db, [NEXT_SECRET], email, code, TEST_NOW)).toBe(false);
    expect(await spendCode(before.db, [NEXT_SECRET, TEST_SECRET], email, code, TEST_NOW)).toBe(true);
  });
});
