import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, signInCustomer, TEST_ADMIN, type TestApp } from '#support/helpers.js';

/**
 * Issue 34: the customer pages are drawn on the server by the browser's own components, with
 * the signed-in customer's data in their markup; the sign-in pages work as plain form posts.
 */
describe('the customer pages drawn on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const form = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(body).toString(),
    });

  it('draws the login page as a form that posts, with a nonce for its one script and no cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user/login' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    // Every inline script carries it; the state is JSON, not a script that runs.
    expect(res.body.match(/<script(?![^>]*(nonce=|type="module"|type="application\/json"))/g)).toBeNull();
    expect(res.body).toMatch(/<form[^>]*method="post"[^>]*>/);
    expect(res.body).toMatch(/<form[^>]*action="\/user\/login"[^>]*>/);
    expect(res.body).toContain('name="CompanyId"');
    expect(res.body).toContain('name="Zipcode"');
    expect(res.body).toContain('<title>Customer Login - Beverage Ordering</title>');
    // Compressed as the browser accepts.
    const br = await t.app.inject({
      method: 'GET',
      url: '/user/login',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('name="CompanyId"');
    expect(br.rawPayload.length).toBeLessThan(res.body.length / 3);
    // Another page gets another nonce.
    const again = await t.app.inject({ method: 'GET', url: '/user/login' });
    expect(again.headers['content-security-policy']).not.toBe(csp);
  });

  it('signs a customer in from the form: 303 to the page asked for, with the session cookie', async () => {
    const res = await form('/user/login?returnTo=%2Forder%2Fhistory', {
      CompanyId: '1001',
      Zipcode: '60601',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/order/history');
    const cookie = sessionCookie(res);
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/Session', headers: { cookie } });
    expect(session.json().Customer.CompanyId).toBe(1001);
    // Never off the site, whatever returnTo says.
    const away = await form('/user/login?returnTo=%2F%2Fevil.example', {
      CompanyId: '1001',
      Zipcode: '60601',
    });
    expect(away.headers.location).toBe('/order/home');
  });

  it('shows the login page again with the spec message and the values typed, and no session', async () => {
    const wrong = await form('/user/login', { CompanyId: '1001', Zipcode: '60602' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(wrong.body).toContain('Invalid Customer Number and/or Zip Code');
    expect(wrong.body).toContain('value="60602"');
    const short = await form('/user/login', { CompanyId: '10', Zipcode: '' });
    expect(short.statusCode).toBe(422);
    expect(short.body).toContain('Valid Customer Number is required');
    expect(short.body).toContain('Zip Code is required');
  });

  it('signs staff in from the form, and never writes the password back into the page', async () => {
    const ok = await form('/maint/login', { User: TEST_ADMIN.user, Password: TEST_ADMIN.password });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/maint/home');
    const wrong = await form('/maint/login', { User: TEST_ADMIN.user, Password: 'not-the-password-123' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Invalid User Name or Password');
    expect(wrong.body).not.toContain('not-the-password-123');
  });

  it('refuses a sign-in form posted from another site, as the API does', async () => {
    const res = await form(
      '/user/login',
      { CompanyId: '1001', Zipcode: '60601' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    const opaque = await form('/user/login', { CompanyId: '1001', Zipcode: '60601' }, { origin: 'null' });
    expect(opaque.statusCode).toBe(403);
    // The browser's own form post on a no-referrer page: Origin null, Sec-Fetch-Site same-origin.
    const own = await form(
      '/user/login',
      { CompanyId: '1001', Zipcode: '60601' },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    );
    expect(own.statusCode).toBe(303);
  });

  it('sends a signed-out visitor of a customer page to the login, keeping the page to return to', async () => {
    for (const url of ['/order/home', '/order/history', '/order/form/0', '/order/history/detail/1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(`/user/login?returnTo=${encodeURIComponent(url)}`);
    }
  });

  it("draws the order home with the signed-in customer's own messages, name and footer in its markup", async () => {
    const cookie = await signInCustomer(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/order/home', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const messages = await t.app.inject({
      method: 'GET',
      url: '/api/v1/DisplayMessages/1',
      headers: { cookie },
    });
    const list = messages.json() as { Message: string }[];
    expect(list.length).toBeGreaterThan(0);
    const markup = res.body.slice(0, res.body.indexOf('id="app-state"'));
    for (const m of list) expect(markup).toContain(m.Message);
    expect(markup).toContain('Blue Heron Tavern');
    expect(markup).toContain('Order Messages');
    // Another customer's page is theirs alone.
    const other = await signInCustomer(t.app, 1003, 60614);
    const theirs = await t.app.inject({ method: 'GET', url: '/order/home', headers: { cookie: other } });
    expect(theirs.body).toContain('The Copper Tap');
    expect(theirs.body).not.toContain('Blue Heron Tavern');
  });

  it("draws the order form's first step, the history, an order and the worksheet with the customer's data", async () => {
    const cookie = await signInCustomer(t.app);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const markup = (html: string) => html.slice(0, html.indexOf('id="app-state"'));
    const session = (await get('/api/v1/Session')).json();
    const list = (await get('/api/v1/Orders/1001')).json();
    const form = markup((await get('/order/form/0')).body);
    expect(form).toContain('Delivery Date');
    expect(form).toContain('Earliest delivery date');
    const orders = list.Orders as { Id: number; OrderNum: string }[];
    expect(orders.length).toBeGreaterThan(0);
    expect(markup((await get('/order/history')).body)).toContain(orders[0]!.OrderNum);
    expect(markup((await get(`/order/history/detail/${orders[0]!.Id}`)).body)).toContain(orders[0]!.OrderNum);
    const sheet = (await get(`/api/v1/Order/${session.Customer.Id}/Worksheet`)).json();
    const drawn = markup((await get(`/worksheet/${session.Customer.Id}/x`)).body);
    expect(sheet.Orders.length).toBeGreaterThan(0);
    for (const row of sheet.Orders.slice(0, 3)) expect(drawn).toContain(row.Code);
  });
  it("draws a Re-Order and a change on the form with their order, and never another customer's", async () => {
    const cookie = await signInCustomer(t.app);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const markup = (html: string) => html.slice(0, html.indexOf('id="app-state"'));
    const state = (html: string) => html.slice(html.indexOf('id="app-state"'));
    const orders = (await get('/api/v1/Orders/1001')).json().Orders as { Id: number; OrderNum: string }[];
    const order = orders[0]!;
    const copied = (await get(`/order/form/0?copy=${order.Id}`)).body;
    // The form itself, not its loader: the copy came with the page.
    expect(markup(copied)).toContain('Delivery Date');
    expect(state(copied)).toContain(`"orderCopy",${order.Id}`);
    const changed = markup((await get(`/order/form/0?change=${order.Id}`)).body);
    expect(changed).toMatch(
      new RegExp(`Changing order ${order.OrderNum}|Order ${order.OrderNum} can no longer be changed`),
    );
    // Another customer's order is not theirs to see: the page asks the API, which says so.
    const other = await signInCustomer(t.app, 1003, 60614);
    for (const url of [`/order/form/0?copy=${order.Id}`, `/order/form/0?change=${order.Id}`]) {
      const theirs = await t.app.inject({ method: 'GET', url, headers: { cookie: other } });
      expect(theirs.statusCode, url).toBe(200);
      expect(theirs.body, url).not.toContain(order.OrderNum);
    }
  });
});
