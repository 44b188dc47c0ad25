import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, type TestApp } from '#support/helpers.js';
import { proxyWarningMessage } from '../../src/server/plugins/proxy-warning.js';
import viteConfig from '../../vite.config.js';

/**
 * What third-party scanners found (issue 15, item 11): private API answers without
 * Cache-Control, the build's source maps served, and a TLS proxy without TRUST_PROXY going
 * unnoticed (no Secure cookie, no HSTS).
 */
const asset = '/assets/app-3f2a9c.js';

describe('private answers, source maps and the proxy warning', () => {
  let t: TestApp;
  let webRoot: string;
  let base: string;
  const logs: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'bev-web-maps-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webRoot, asset), 'console.log("app");\n//# sourceMappingURL=app-3f2a9c.js.map');
    writeFileSync(path.join(webRoot, `${asset}.map`), '{"version":3,"sources":["secret.ts"]}');
    t = await createTestApp({
      webRoot,
      logger: { level: 'warn', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends Cache-Control: no-store on every API answer, signed in or not, success or error', async () => {
    const cookies = {
      nobody: '',
      customer: await signInCustomer(t.app),
      admin: await signInAdmin(t.app),
    };
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const checked: string[] = [];
    for (const [route, methods] of Object.entries(doc.paths)) {
      const url = route.replace('{companyId}', '1001').replace(/\{[^}]+\}/g, '1');
      for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
        for (const [who, cookie] of Object.entries(cookies)) {
          // Only reads as a signed-in caller: nothing here may change the data.
          if (who !== 'nobody' && method !== 'GET') continue;
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: cookie ? { cookie } : {},
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          });
          expect(res.headers['cache-control'], `${who} ${method} ${url} (${res.statusCode})`).toBe(
            'no-store',
          );
          checked.push(`${who} ${method} ${url} ${res.statusCode}`);
        }
      }
    }
    expect(checked.filter((c) => c.endsWith(' 200')).length).toBeGreaterThan(15);
    for (const url of ['/api/v1/NoSuchThing', '/api/v1/openapi.json', '/api/docs']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.admin } });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('shows the API docs page and its document only to a signed-in admin', async () => {
    const admin = await signInAdmin(t.app);
    const customer = await signInCustomer(t.app);
    for (const url of [
      '/api/docs',
      '/api/docs/json',
      '/api/docs/static/index.html',
      '/api/v1/openapi.json',
    ]) {
      expect((await fetch(`${base}${url}`)).status, url).toBe(401);
      expect((await fetch(`${base}${url}`, { headers: { cookie: customer } })).status, url).toBe(403);
      const res = await fetch(`${base}${url}`, { headers: { cookie: admin }, redirect: 'manual' });
      expect([200, 302], url).toContain(res.status);
    }
  });

  it('never serves source maps, and the build makes none', async () => {
    const js = await fetch(`${base}${asset}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toContain('immutable');
    const map = await fetch(`${base}${asset}.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('secret.ts');
    expect(viteConfig.build?.sourcemap).toBe(false);
  });

  it('warns once without TRUST_PROXY, in every mode, when requests come over plain HTTP from a proxy, saying what fails', async () => {
    const warnings = () => logs.filter((l) => l.msg === proxyWarningMessage);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(warnings()).toHaveLength(0);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/api/v1/Session`, {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.status).toBe(200);
    }
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.level).toBe(40);
    expect(process.env.NODE_ENV).not.toBe('production');
    expect(proxyWarningMessage).toMatch(/cookie is not Secure.*sign-in limits.*Set TRUST_PROXY/);
  });
});
