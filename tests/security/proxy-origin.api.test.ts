import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#support/helpers.js';

/**
 * Behind a proxy on a port other than 443, nginx's usual `proxy_set_header Host $host;` drops the
 * port (issue 44): the browser's Origin says https://shop.example:8443 and the server sees Host
 * shop.example. The browser's Sec-Fetch-Site, or PUBLIC_URL, says it is this site; a page of
 * another site is still refused, and each refusal is logged at warn with what was compared.
 * Over a real socket, with the headers as a proxy passes them.
 */
describe('the cross-site check behind a proxy that rewrites Host', () => {
  const logs: Record<string, unknown>[] = [];
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      config: { publicUrl: 'https://shop.example:8443' },
      logger: { level: 'warn', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });
  afterAll(() => t.close());

  /** POST Logout (204 when let through) with exactly these headers. */
  const logout = (headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/v1/Logout', headers },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end();
    });
  const refusals = () => logs.filter((l) => l.msg === 'refused a state-changing request from another site');

  it("lets a browser's same-origin request through whatever Host the proxy sent", async () => {
    expect(
      await logout({
        host: 'internal.example',
        origin: 'https://other-name.example:8443',
        'sec-fetch-site': 'same-origin',
      }),
    ).toBe(204);
  });

  it("lets PUBLIC_URL's origin through when the browser sends no Sec-Fetch-Site", async () => {
    expect(await logout({ host: 'shop.example', origin: 'https://shop.example:8443' })).toBe(204);
    // Its own Host still counts, as without a proxy.
    expect(await logout({ host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` })).toBe(204);
    expect(refusals()).toEqual([]);
  });

  it('refuses another site, whatever the Origin says, and logs what it compared at warn', async () => {
    expect(await logout({ host: 'shop.example', origin: 'https://evil.example' })).toBe(403);
    expect(
      await logout({
        host: 'shop.example',
        origin: 'https://shop.example:8443',
        'sec-fetch-site': 'cross-site',
      }),
    ).toBe(403);
    // Another scheme or port of PUBLIC_URL's host is another site too.
    expect(await logout({ host: 'shop.example', origin: 'http://shop.example:8443' })).toBe(403);
    expect(await logout({ host: 'shop.example', origin: 'https://shop.example' })).toBe(403);
    // An opaque origin without the browser's word that it is this site.
    expect(await logout({ host: 'shop.example', origin: 'null', 'sec-fetch-site': 'same-site' })).toBe(403);

    const [first] = refusals();
    expect(refusals()).toHaveLength(5);
    expect(first).toMatchObject({
      level: 40,
      origin: 'https://evil.example',
      expected: ['https://shop.example:8443', 'http://shop.example'],
    });
  });
});
