import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  readOpenApi,
  sessionCookie,
  signInAdmin,
  signInCustomer,
  type TestApp,
} from '#support/helpers.js';
import { customers } from '../../db/schema.js';

describe('sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const customerLogin = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/Authenticate', payload: payload as object, headers });
  const adminLogin = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/Maint/Authenticate', payload: payload as object });

  it('signs a customer in with customer number and zip code', async () => {
    const res = await customerLogin({ CompanyId: 1001, Zipcode: 60601 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ CompanyId: 1001, Zipcode: 60601, IsActive: true, CustomerTypeId: 1 });
    const cookie = res.cookies.find((c) => c.name === 'bev_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Session',
      headers: { cookie: sessionCookie(res) },
    });
    expect(session.json()).toMatchObject({ Role: 'customer', Customer: { CompanyId: 1001 }, User: null });
  });

  it('accepts the numbers as strings too (a form posts what it has)', async () => {
    const res = await customerLogin({ CompanyId: '1001', Zipcode: '60601' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a wrong zip code', { CompanyId: 1001, Zipcode: 60602 }],
    ['an unknown customer number', { CompanyId: 9998, Zipcode: 60601 }],
    ['an inactive customer', { CompanyId: 1002, Zipcode: 60602 }],
  ])('refuses %s with one message that does not say which field was wrong', async (_, body) => {
    const res = await customerLogin(body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ErrorMessage: 'Invalid Customer Number and/or Zip Code' });
    expect(res.cookies.find((c) => c.name === 'bev_session')).toBeUndefined();
  });

  it('answers 422 naming the field for a body that breaks the rules', async () => {
    const res = await customerLogin({ CompanyId: 12345, Zipcode: 0 });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.ErrorMessage).toBe('Valid Customer Number is required');
    expect(body.Errors).toEqual(
      expect.arrayContaining([
        { Field: 'CompanyId', Message: 'Valid Customer Number is required' },
        { Field: 'Zipcode', Message: 'Zip Code is required' },
      ]),
    );
  });

  it.each([
    ['an array', { CompanyId: 7301, Zipcode: [53202] }, 'Zipcode'],
    ['a boolean', { CompanyId: true, Zipcode: 60601 }, 'CompanyId'],
    ['a hexadecimal string', { CompanyId: '0x3E9', Zipcode: 60601 }, 'CompanyId'],
  ])('answers 422 to %s where a number belongs: numbers and digit strings only', async (_, body, field) => {
    const res = await customerLogin(body);
    expect(res.statusCode).toBe(422);
    expect(res.json().Errors.map((e: { Field: string }) => e.Field)).toEqual([field]);
  });

  it('answers 400 in the contract shape for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"CompanyId": 10',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ErrorMessage: 'The request body is not valid JSON' });
  });

  it('signs an admin in and never returns the password or its hash', async () => {
    const res = await adminLogin({ User: 'ADMIN', Password: 'test-admin-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ UserName: 'admin', IsActive: true });
    expect(res.body).not.toMatch(/password|argon2/i);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Session',
      headers: { cookie: sessionCookie(res) },
    });
    expect(session.json()).toMatchObject({ Role: 'admin', Customer: null, User: { UserName: 'admin' } });
  });

  it.each([
    ['a wrong password', { User: 'admin', Password: 'wrong-password' }],
    ['an unknown user', { User: 'nobody', Password: 'test-admin-password' }],
  ])('refuses an admin with %s', async (_, body) => {
    const res = await adminLogin(body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ErrorMessage: 'Invalid User Name or Password' });
  });

  it('names the missing admin fields with the spec messages', async () => {
    const res = await adminLogin({ User: '  ', Password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().Errors).toEqual(
      expect.arrayContaining([
        { Field: 'User', Message: 'User Name is required' },
        { Field: 'Password', Message: 'Password is required' },
      ]),
    );
  });

  it('logs out: the cookie is cleared and the session is gone', async () => {
    const cookie = await signInCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/Logout', headers: { cookie } });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'bev_session');
    expect(cleared?.value).toBe('');
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/Session' });
    expect(after.json()).toEqual({
      Role: null,
      Customer: null,
      User: null,
      Person: null,
      VenueRole: null,
      Venues: [],
    });
  });

  it('ends the access of a customer made inactive on their next request', async () => {
    const cookie = await signInCustomer(t.app, 6001, 60611);
    await t.db.update(customers).set({ isActive: false }).where(eq(customers.companyId, 6001));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/Session', headers: { cookie } });
      expect(res.json().Role).toBeNull();
    } finally {
      await t.db.update(customers).set({ isActive: true }).where(eq(customers.companyId, 6001));
    }
  });

  it('sets a Secure cookie behind an HTTPS proxy', async () => {
    const proxied = await createTestApp({ config: { trustProxy: 1 } });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/Authenticate',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { CompanyId: 1001, Zipcode: 60601 },
      });
      expect(res.cookies.find((c) => c.name === 'bev_session')?.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });
});

describe('repeated sign-in failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ throttle: { perAccount: 3, perAddress: 6, windowMs: 60_000 } });
  });
  afterAll(() => t.close());

  const attempt = (CompanyId: number, Zipcode: number, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/Authenticate',
      payload: { CompanyId, Zipcode },
      remoteAddress: ip,
    });

  it('answers 429 for one customer number after its failures, from any address, even with the right zip', async () => {
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3'])
      expect((await attempt(1001, 11111, ip)).statusCode).toBe(401);
    const blocked = await attempt(1001, 60601, '10.0.0.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().ErrorMessage).toMatch(/Too many failed sign-in attempts/);
  });

  it('answers 429 for one address after its failures, whatever the customer number', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < 6; i++) expect((await attempt(3000 + i, 11111, ip)).statusCode).toBe(401);
    expect((await attempt(6001, 60611, ip)).statusCode).toBe(429);
    expect((await attempt(6001, 60611, '10.0.1.2')).statusCode).toBe(200);
  });

  it('limits admin sign-in per user name the same way', async () => {
    const login = (Password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/Maint/Authenticate',
        payload: { User: 'admin', Password },
        remoteAddress: '10.0.2.1',
      });
    for (let i = 0; i < 3; i++) expect((await login('nope')).statusCode).toBe(401);
    expect((await login('test-admin-password')).statusCode).toBe(429);
  });
});

describe('guards and the error contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 to nobody, 403 to a customer and 200 to an admin on an admin route', async () => {
    const payload = { Footer: '<p>Hello</p>' };
    const nobody = await t.app.inject({ method: 'POST', url: '/api/v1/Footer', payload });
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toEqual({ ErrorMessage: 'Please sign in' });

    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Footer',
      payload,
      headers: { cookie: await signInCustomer(t.app) },
    });
    expect(customer.statusCode).toBe(403);
    expect(customer.json().ErrorMessage).toBeTypeOf('string');

    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Footer',
      payload,
      headers: { cookie: await signInAdmin(t.app) },
    });
    expect(admin.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/Footer' })).json()).toEqual({
      Footer: '<p>Hello</p>',
    });
  });

  it('never keeps script in the footer', async () => {
    const cookie = await signInAdmin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Footer',
      headers: { cookie },
      payload: {
        Footer:
          '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a></p>',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().Footer).not.toMatch(/script|onerror|onclick|javascript:/i);
  });

  it('refuses a state-changing request from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Authenticate',
      headers: { origin: 'https://evil.example' },
      payload: { CompanyId: 1001, Zipcode: 60601 },
    });
    expect(res.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Authenticate',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { CompanyId: 1001, Zipcode: 60601 },
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/NoSuchThing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().ErrorMessage).toMatch(/No such API path/);
  });

  it('reports health with the database checked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Status: 'ok', Database: 'ok' });
  });

  it('publishes the OpenAPI document with the sign-in calls', async () => {
    const doc = await readOpenApi(t.app);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/Authenticate', '/api/v1/Maint/Authenticate', '/api/v1/Session']),
    );
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Session' });
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
