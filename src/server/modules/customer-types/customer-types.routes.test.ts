import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readOpenApi, signInAdmin, signInCustomer, type TestApp } from '#support/helpers.js';
import { customerTypes, messages } from '../../db/schema.js';

describe('customer types', () => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} });
  const edit = {
    Id: 2,
    Name: 'Restaurants',
    LeadHours: 72,
    CutoffHours: 9,
    CutoffMinutes: 45,
    Footer: '<p>x</p>',
  };

  it('lists the types sorted by Id to customers and admins, and 401 to nobody', async () => {
    for (const cookie of [customer, admin]) {
      const res = await call('GET', '/CustomerTypes', cookie);
      expect(res.statusCode).toBe(200);
      const list = res.json() as { Id: number }[];
      expect(list.map((c) => c.Id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(list[0]).toEqual({
        Id: 1,
        Name: 'Bars & Taverns',
        LeadHours: 24,
        CutoffHours: 16,
        CutoffMinutes: 0,
        MinimumCases: 0,
      });
    }
    expect((await call('GET', '/CustomerTypes')).statusCode).toBe(401);
  });

  it.each([
    ['GET', '/CustomerType/1'],
    ['POST', '/CustomerType'],
    ['DELETE', '/CustomerType/1'],
  ] as const)('%s %s: 401 for nobody, 403 for a customer', async (method, url) => {
    const payload = method === 'POST' ? {} : undefined;
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method, url, customer, payload)).statusCode).toBe(403);
  });

  it('updates the ordering rules and stores the footer empty', async () => {
    const res = await call('POST', '/CustomerType', admin, edit);
    expect(res.statusCode).toBe(200);
    // ReminderHours (design.md 7.4) and MinimumCases (7.11) left out of the save keep what is
    // stored: 0, off and none.
    // StandingOrderHours (8.6) likewise: 24, its default.
    expect(res.json()).toEqual({
      ...edit,
      Footer: '',
      ReminderHours: 0,
      MinimumCases: 0,
      StandingOrderHours: 24,
    });
    expect((await call('GET', '/CustomerType/2', admin)).json()).toEqual({
      ...edit,
      Footer: '',
      ReminderHours: 0,
      MinimumCases: 0,
      StandingOrderHours: 24,
    });
  });

  it('saves Standing Order Hours from 1 to 168, and refuses anything else with its message', async () => {
    const saved = await call('POST', '/CustomerType', admin, { ...edit, StandingOrderHours: 48 });
    expect(saved.json().StandingOrderHours).toBe(48);
    for (const bad of [0, 169, 1.5, '24']) {
      const res = await call('POST', '/CustomerType', admin, { ...edit, StandingOrderHours: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().Errors).toContainEqual({
        Field: 'StandingOrderHours',
        Message: 'Standing Order Hours must be a whole number from 1 to 168',
      });
    }
    expect((await call('GET', '/CustomerType/2', admin)).json().StandingOrderHours).toBe(48);
    await call('POST', '/CustomerType', admin, { ...edit, StandingOrderHours: 24 });
  });

  it('creates a type under a new ERP number, or the next number for Id 0, and deletes an unused one', async () => {
    const made = await call('POST', '/CustomerType', admin, { ...edit, Id: 42, Name: 'Stadiums' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ Id: 42, Name: 'Stadiums' });
    const next = await call('POST', '/CustomerType', admin, { ...edit, Id: 0, Name: 'Clubs' });
    expect(next.statusCode).toBe(201);
    expect(next.json()).toMatchObject({ Id: 43, Name: 'Clubs', LeadHours: 72 });
    for (const id of [42, 43])
      expect((await call('DELETE', `/CustomerType/${id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', '/CustomerType/42', admin)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown type', async () => {
    expect((await call('GET', '/CustomerType/999', admin)).json()).toEqual({
      ErrorMessage: 'Customer Type was not found',
    });
    expect((await call('DELETE', '/CustomerType/999', admin)).statusCode).toBe(404);
  });

  it('answers 409 for deleting a type customers use or a message is addressed to', async () => {
    const used = await call('DELETE', '/CustomerType/1', admin);
    expect(used.statusCode).toBe(409);
    expect(used.json().ErrorMessage).toMatch(/^Customer Type 1 cannot be deleted: \d+ customers? uses? it/);

    await call('POST', '/CustomerType', admin, { ...edit, Id: 50, Name: 'Unused' });
    await t.db
      .insert(messages)
      .values({ startDate: '2026-01-01', endDate: '2026-01-31', customerTypeId: 50, message: 'x' });
    const addressed = await call('DELETE', '/CustomerType/50', admin);
    expect(addressed.statusCode).toBe(409);
    expect(addressed.json().ErrorMessage).toBe(
      'Customer Type 50 cannot be deleted: 1 message is addressed to it',
    );
  });

  it('answers 422 naming each field that breaks a rule', async () => {
    const res = await call('POST', '/CustomerType', admin, {
      Id: 2,
      Name: ' ',
      LeadHours: 36,
      CutoffHours: 24,
      CutoffMinutes: -1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().ErrorMessage).toBe('Customer Type Name is required');
    expect(res.json().Errors).toEqual([
      { Field: 'Name', Message: 'Customer Type Name is required' },
      { Field: 'LeadHours', Message: 'Lead Hours must be 24, 48, 72 or 96 Hours' },
      { Field: 'CutoffHours', Message: 'Cutoff Hours must be from 0 to 23' },
      { Field: 'CutoffMinutes', Message: 'Cutoff Minutes must be from 0 to 59' },
    ]);
    const missing = await call('POST', '/CustomerType', admin, { Id: 2, Name: 'Restaurants', LeadHours: 24 });
    expect(missing.json().Errors).toEqual([
      { Field: 'CutoffHours', Message: 'Cutoff Hours is required' },
      { Field: 'CutoffMinutes', Message: 'Cutoff Minutes is required' },
    ]);
    // The refused edits changed nothing.
    expect((await call('GET', '/CustomerType/2', admin)).json()).toMatchObject({
      LeadHours: 72,
      CutoffHours: 9,
    });
  });

  it('sends a stored footer only sanitized, and never a password or hash', async () => {
    await t.db
      .update(customerTypes)
      .set({
        footer:
          '<p onmouseover="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a></p>',
      })
      .where(eq(customerTypes.id, 3));
    const res = await call('GET', '/CustomerType/3', admin);
    expect(res.json().Footer).toContain('Hi');
    expect(res.body).not.toMatch(/<script|onerror|onmouseover|javascript:/i);
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('publishes its calls in the OpenAPI document', async () => {
    const doc = await readOpenApi(t.app);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/CustomerTypes', '/api/v1/CustomerType/{id}', '/api/v1/CustomerType']),
    );
  });
});
