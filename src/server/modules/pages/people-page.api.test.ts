import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, type TestApp } from '#support/helpers.js';
import { customerByCompany } from '#support/order-fixtures.js';
import { invite, signInByCode } from '#support/people.js';
import { startSmtpSink } from '#support/smtp-sink.js';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/**
 * /order/people drawn on the server (design.md 8.1, 8.2): the Owner's first paint has the venue's
 * people and its shared sign-in; anyone else at the venue gets the page that says it is the
 * Owner's, not an error, and none of the list.
 */
describe('the People page drawn on the server', () => {
  let t: TestApp;
  let sink: Sink;
  let bar: number;
  let owner: string;
  let counter: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ config: { smtpUrl: sink.url } });
    const admin = await signInAdmin(t.app);
    bar = (await customerByCompany(t.db, 1001)).id;
    await invite(t.app, sink, admin, bar, { Email: 'olive@example.com', Name: 'Olive Owner', Role: 'Owner' });
    await invite(t.app, sink, admin, bar, {
      Email: 'cole@example.com',
      Name: 'Cole Counter',
      Role: 'Counter',
    });
    owner = (await signInByCode(t.app, sink, 'olive@example.com')).cookie;
    counter = (await signInByCode(t.app, sink, 'cole@example.com')).cookie;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const page = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/order/people', headers: cookie ? { cookie } : {} });
  const markup = (html: string) => html.slice(0, html.indexOf('id="app-state"'));

  it("draws the Owner's page with the venue's people, their roles and the shared sign-in", async () => {
    const res = await page(owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<title>People - ');
    const drawn = markup(res.body);
    for (const text of ['Olive Owner', 'olive@example.com', 'Cole Counter', 'cole@example.com', 'Counter'])
      expect(drawn).toContain(text);
    expect(drawn).toContain('Shared sign-in');
    expect(drawn).toMatch(/role="switch"[^>]*checked=""|checked=""[^>]*role="switch"/);
    // The menu's People, the Owner's only.
    expect(drawn).toContain('href="/order/people"');
  });

  it("tells a Counter and the shared sign-in that the page is the Owner's, and draws no one", async () => {
    for (const cookie of [counter, await signInCustomer(t.app)]) {
      const res = await page(cookie);
      expect(res.statusCode).toBe(200);
      const drawn = markup(res.body);
      expect(drawn).toContain('Only the venue&#x27;s Owner manages its people');
      expect(res.body).not.toContain('olive@example.com');
      expect(drawn).not.toContain('href="/order/people"');
    }
  });

  it('sends a signed-out visitor to the login, keeping the page to return to', async () => {
    const res = await page();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/user/login?returnTo=${encodeURIComponent('/order/people')}`);
  });
});
