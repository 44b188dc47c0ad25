import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInCustomer, type TestApp } from '#support/helpers.js';
import { orderableCodes } from '#support/order-fixtures.js';

/**
 * /order/standing and its form drawn on the server (design.md 8.1, 8.6): the first paint has the
 * standing orders with their next dates, and a new one's form the last order's lines.
 */
describe('the Standing Orders pages drawn on the server', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInCustomer(t.app);
    const [code] = await orderableCodes(t.db, 1001, '2026-12-01');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Customer/1/StandingOrders',
      headers: { cookie },
      payload: {
        Weekdays: [2],
        Lines: [{ Code: code!.code, CaseQuantity: 3 }],
        Name: 'Pat',
        Phone: '3125550142',
        Email: 'pat@bar.example.com',
        StartDate: '2026-11-25',
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  const page = (url: string, withCookie = true) =>
    t.app.inject({ method: 'GET', url, headers: withCookie ? { cookie } : {} });
  const markup = (html: string) => html.slice(0, html.indexOf('id="app-state"'));

  it('draws the list with each next date and its cutoff, never stored', async () => {
    const res = await page('/order/standing');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<title>Standing Orders - ');
    const drawn = markup(res.body);
    expect(drawn).toContain('Every Tuesday');
    expect(drawn).toContain('Tue 12/01/2026');
    expect(drawn).toContain('Order by Sun 11/29/2026 4:00 PM');
    expect(drawn).toContain('href="/order/standing"');
  });

  it("draws a new one's form with the last order's lines and contact", async () => {
    const last = (
      await t.app.inject({ method: 'GET', url: '/api/v1/Order/1/Last', headers: { cookie } })
    ).json();
    const res = await page('/order/standing/new');
    expect(res.statusCode).toBe(200);
    const drawn = markup(res.body);
    expect(drawn).toContain('New Standing Order');
    expect(drawn).toContain(last.Products[0].Code);
    expect(drawn).toContain(`value="${last.Email}"`);
  });

  it('sends a signed-out visitor to the login, keeping the page to return to', async () => {
    const res = await page('/order/standing', false);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/user/login?returnTo=${encodeURIComponent('/order/standing')}`);
  });
});
