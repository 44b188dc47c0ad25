import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, signInCustomer, type TestApp } from '#support/helpers.js';

/**
 * The security headers on every kind of answer (the web app's page, a hashed asset, API JSON,
 * errors), HSTS only over HTTPS behind a trusted proxy, and the session cookie's flags and life.
 * `auth.routes.test.ts` checks the first sign-in cookie and one API answer; this goes wider.
 * The web build may not exist when API tests run, so a tiny one is written to a temp folder.
 */

let webRoot: string;
const asset = '/assets/app-3f2a9c.js';

function writeTinyWebApp(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bev-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html><head><script type="module" src="${asset}"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(root, asset), 'console.log("app");');
  return root;
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1];
  expect(scriptSrc, `${what}: script-src in ${csp}`).toBeDefined();
  expect(scriptSrc, what).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|data:/);
  expect(csp, what).toMatch(/default-src 'self'/);
  expect(csp, what).toMatch(/object-src 'none'/);
  expect(csp, what).toMatch(/frame-ancestors 'none'/);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toMatch(/^(DENY|SAMEORIGIN)$/);
  expect(res.headers['referrer-policy'], what).toMatch(/no-referrer|same-origin|strict-origin/);
  expect(res.headers['x-powered-by'], what).toBeUndefined();
}

const cookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'bev_session');

describe('security headers on every kind of answer', () => {
  let t: TestApp;
  let proxied: TestApp;
  let untrusted: TestApp;
  beforeAll(async () => {
    webRoot = writeTinyWebApp();
    // One after the other: started together on a busy machine, a plugin can miss Fastify's start timeout.
    t = await createTestApp({ webRoot });
    proxied = await createTestApp({ webRoot, config: { trustProxy: 1 } });
    untrusted = await createTestApp({ webRoot, config: { trustProxy: false } });
  });
  afterAll(async () => {
    await Promise.all([t?.close(), proxied?.close(), untrusted?.close()]);
    rmSync(webRoot, { recursive: true, force: true });
  });

  const answers = () => ({
    'the web app page': { url: '/maint/items', status: 200, type: /^text\/html/ },
    'a hashed asset': { url: asset, status: 200, type: /javascript/ },
    'an API answer': { url: '/api/v1/Footer', status: 200, type: /^application\/json/ },
    'a 401 error': { url: '/api/v1/Products', status: 401, type: /^application\/json/ },
    'a 404 error': { url: '/api/v1/NoSuchThing', status: 404, type: /^application\/json/ },
    'a missing asset': { url: '/assets/gone-000000.js', status: 404, type: /^text\/plain/ },
  });

  it.each(Object.keys(answers()))('%s has the headers, and no HSTS over plain HTTP', async (what) => {
    const a = answers()[what as keyof ReturnType<typeof answers>];
    const res = await t.app.inject({ method: 'GET', url: a.url });
    expect(res.statusCode, what).toBe(a.status);
    expect(res.headers['content-type'], what).toMatch(a.type);
    expectSecurityHeaders(res, what);
    expect(res.headers['strict-transport-security'], what).toBeUndefined();
  });

  it('an answer to a refused request (403 cross-site, 422 invalid body) has them too', async () => {
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Authenticate',
      headers: { origin: 'https://evil.example' },
      payload: { CompanyId: 1001, Zipcode: 60601 },
    });
    expect(crossSite.statusCode).toBe(403);
    expectSecurityHeaders(crossSite, '403');
    const invalid = await t.app.inject({ method: 'POST', url: '/api/v1/Authenticate', payload: {} });
    expect(invalid.statusCode).toBe(422);
    expectSecurityHeaders(invalid, '422');
  });

  it('sends HSTS behind a trusted HTTPS proxy, on pages and API answers alike', async () => {
    for (const url of ['/', asset, '/api/v1/Footer', '/api/v1/NoSuchThing']) {
      const res = await proxied.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}/);
      expectSecurityHeaders(res, url);
    }
    const plain = await proxied.app.inject({ method: 'GET', url: '/api/v1/Footer' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY: no HSTS, no Secure cookie (a client could forge it)', async () => {
    const page = await untrusted.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const signIn = await untrusted.app.inject({
      method: 'POST',
      url: '/api/v1/Authenticate',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { CompanyId: 1001, Zipcode: 60601 },
    });
    expect(cookieOf(signIn)?.secure).toBeFalsy();
  });

  it('marks the admin session cookie HttpOnly, SameSite and Secure behind HTTPS', async () => {
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/v1/Maint/Authenticate',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { User: 'admin', Password: 'test-admin-password' },
    });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res)).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    expect(cookieOf(res)?.maxAge).toBeGreaterThan(0);
    // The cookie that signs out behind HTTPS is Secure too (issue 44): the same name and flags.
    const out = await proxied.app.inject({
      method: 'POST',
      url: '/api/v1/Logout',
      headers: { 'x-forwarded-proto': 'https', cookie: sessionCookie(res) },
    });
    expect(out.statusCode).toBe(204);
    expect(cookieOf(out)).toMatchObject({
      value: '',
      httpOnly: true,
      sameSite: 'Lax',
      secure: true,
      path: '/',
    });
  });

  it('renews the session cookie at sign-in: a cookie held before (even a valid one) is replaced', async () => {
    const before = await signInCustomer(t.app, 1001, 60601);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Authenticate',
      headers: { cookie: before },
      payload: { CompanyId: 6001, Zipcode: 60611 },
    });
    expect(again.statusCode).toBe(200);
    const renewed = sessionCookie(again);
    expect(renewed).not.toBe(before);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Session',
      headers: { cookie: renewed },
    });
    expect(session.json()).toMatchObject({ Role: 'customer', Customer: { CompanyId: 6001 } });
    // Signing in as the same customer again also issues a new cookie (a fresh nonce).
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Authenticate',
      headers: { cookie: renewed },
      payload: { CompanyId: 6001, Zipcode: 60611 },
    });
    expect(sessionCookie(same)).not.toBe(renewed);
  });

  it('a failed sign-in sets no cookie; logout clears it with an expiry in the past', async () => {
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Authenticate',
      payload: { CompanyId: 1001, Zipcode: 11111 },
    });
    expect(failed.statusCode).toBe(401);
    expect(cookieOf(failed)).toBeUndefined();

    const cookie = await signInCustomer(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/Logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const cleared = cookieOf(out);
    expect(cleared?.value).toBe('');
    const expired = (cleared?.expires?.getTime() ?? Number.POSITIVE_INFINITY) <= Date.now();
    expect(expired || cleared?.maxAge === 0).toBe(true);
    expect(cleared).toMatchObject({ httpOnly: true, path: '/' });
  });
});
