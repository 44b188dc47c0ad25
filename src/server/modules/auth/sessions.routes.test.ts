import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { sessions } from '../../db/schema.js';

/** Sessions per device (issue 36, decision 066): their life on the server's clock. */
describe('a device session on the clock', () => {
  let t: TestApp;
  let now = TEST_NOW;
  const at = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * 60_000);

  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const lastSeen = async (cookie: string) => {
    const res = await get('/api/v1/Sessions', cookie);
    return (res.json() as { LastSeen: string; Current: boolean }[]).find((s) => s.Current)?.LastSeen;
  };

  it('moves last seen on at most once a minute, and ends a working day after sign-in', async () => {
    now = TEST_NOW;
    const cookie = await signInCustomer(t.app);
    now = at(0.5);
    expect(await lastSeen(cookie)).toBe(TEST_NOW.toISOString());
    now = at(1);
    expect(await lastSeen(cookie)).toBe(at(1).toISOString());
    now = at(12 * 60 - 1);
    expect((await get('/api/v1/Orders/1001', cookie)).statusCode).toBe(200);
    // Twelve hours after sign-in, however active: signed out, and the cookie is cleared.
    now = at(12 * 60);
    const out = await get('/api/v1/Orders/1001', cookie);
    expect(out.statusCode).toBe(401);
    expect(String(out.headers['set-cookie'])).toMatch(/^bev_session=;/);
  });

  it('clears the ended sessions when someone signs in, and lists only live ones', async () => {
    now = TEST_NOW;
    const old = await signInAdmin(t.app);
    now = at(13 * 60);
    const fresh = await signInAdmin(t.app);
    const listed = (await get('/api/v1/Sessions', fresh)).json() as { Current: boolean }[];
    expect(listed).toEqual([expect.objectContaining({ Current: true })]);
    const rows = await t.db.select({ startedAt: sessions.startedAt }).from(sessions);
    expect(rows.every((r) => r.startedAt.getTime() > at(60).getTime())).toBe(true);
    expect((await get('/api/v1/Users', old)).statusCode).toBe(401);
  });

  it('refuses a cookie from before device sessions (no session id) and clears it', async () => {
    now = TEST_NOW;
    const cookie = await signInCustomer(t.app);
    // The same app's cookie, rewritten as decision 022's: the account and a version, no id.
    const codec = t.app as unknown as {
      decodeSecureSession(c: string): { get(k: string): unknown; set(k: string, v: unknown): void };
      encodeSecureSession(s: unknown): string;
    };
    const s = codec.decodeSecureSession(decodeURIComponent(cookie.split('=')[1]!));
    const { sid: _, ...withoutId } = s.get('principal') as Record<string, unknown>;
    s.set('principal', { ...withoutId, v: 0 });
    const legacy = `bev_session=${encodeURIComponent(codec.encodeSecureSession(s))}`;
    expect((await get('/api/v1/Orders/1001', legacy)).statusCode).toBe(401);
    expect((await get('/api/v1/Orders/1001', cookie)).statusCode).toBe(200);
  });
});
