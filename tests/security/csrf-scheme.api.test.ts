import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#support/helpers.js';

/**
 * The cross-site check compares the whole origin, scheme included (issue 15, item 10): a page
 * served over plain http (which a network attacker can write) is another site to the https one.
 * Over a real socket, so the request's scheme and host are what the server sees.
 */
describe('cross-site check compares scheme, host and port', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });
  afterAll(() => t.close());

  const logout = (origin: string) =>
    fetch(`http://127.0.0.1:${port}/api/v1/Logout`, { method: 'POST', headers: { origin } });

  it('refuses an Origin with the same host but another scheme', async () => {
    const res = await logout(`https://127.0.0.1:${port}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ ErrorMessage: 'Requests from other sites are not accepted' });
  });

  it('refuses another port, and lets the same origin through', async () => {
    expect((await logout(`http://127.0.0.1:${port + 1}`)).status).toBe(403);
    expect((await logout(`http://127.0.0.1:${port}`)).status).toBe(204);
  });
});
