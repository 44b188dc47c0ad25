import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readOpenApi, signInAdmin, signInCustomer, type TestApp } from '#support/helpers.js';
import { messages } from '../../db/schema.js';

const evil =
  '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a></p>';
const unsafe = /<script|onerror|onclick|javascript:/i;

describe('messages', () => {
  let t: TestApp;
  let admin: string;
  let customer: string; // 1001, type 1
  let clock = new Date('2026-06-15T15:00:00Z'); // 10:00 in Chicago, 2026-06-15
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} });
  const draft = {
    StartDate: '2026-06-01',
    EndDate: '2026-06-30',
    CustomerTypeId: 0,
    Message: '<p>Order early</p>',
  };

  it.each([
    ['GET', '/Messages'],
    ['GET', '/Message/1'],
    ['POST', '/Message'],
    ['DELETE', '/Message/1'],
  ] as const)('%s %s: 401 for nobody, 403 for a customer', async (method, url) => {
    const payload = method === 'POST' ? {} : undefined;
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method, url, customer, payload)).statusCode).toBe(403);
  });

  it('lists messages sorted by Id, naming the type or All Customer Types', async () => {
    const res = await call('GET', '/Messages', admin);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { Id: number; CustomerTypeId: number; CustomerTypeName: string }[];
    expect(list.length).toBe(2);
    expect(list.map((m) => m.Id)).toEqual(list.map((m) => m.Id).sort((a, b) => a - b));
    expect(list.find((m) => m.CustomerTypeId === 0)?.CustomerTypeName).toBe('All Customer Types');
    expect(list.find((m) => m.CustomerTypeId === 1)?.CustomerTypeName).toBe('Bars & Taverns');
    expect(Object.keys(list[0]!).sort()).toEqual(
      ['CustomerTypeId', 'CustomerTypeName', 'EndDate', 'Id', 'IsActive', 'Message', 'StartDate'].sort(),
    );
  });

  it('creates, reads, updates and deletes a message, sanitizing the HTML', async () => {
    const created = await call('POST', '/Message', admin, { ...draft, Id: 0, Message: evil });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      StartDate: '2026-06-01',
      EndDate: '2026-06-30',
      CustomerTypeId: 0,
      IsActive: true,
    });
    expect(body.Message).toContain('Hi');
    expect(body.Message).not.toMatch(unsafe);
    expect((await call('GET', `/Message/${body.Id}`, admin)).json()).toEqual(body);

    const updated = await call('POST', '/Message', admin, {
      ...draft,
      Id: body.Id,
      CustomerTypeId: 6,
      IsActive: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      Id: body.Id,
      CustomerTypeId: 6,
      CustomerTypeName: 'Chain Accounts (Ref PO)',
      IsActive: false,
    });

    expect((await call('DELETE', `/Message/${body.Id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/Message/${body.Id}`, admin)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown message', async () => {
    expect((await call('GET', '/Message/999999', admin)).json()).toEqual({
      ErrorMessage: 'Message was not found',
    });
    expect((await call('DELETE', '/Message/999999', admin)).statusCode).toBe(404);
    expect((await call('POST', '/Message', admin, { ...draft, Id: 999999 })).statusCode).toBe(404);
  });

  it('answers 422 with the spec messages, naming the fields', async () => {
    const res = await call('POST', '/Message', admin, { StartDate: '', Message: ' ', CustomerTypeId: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().Errors).toEqual([
      { Field: 'StartDate', Message: 'Start Date is required' },
      { Field: 'EndDate', Message: 'End Date is required' },
      { Field: 'CustomerTypeId', Message: 'Customer Type required' },
      { Field: 'Message', Message: 'Message is required' },
    ]);
    const order = await call('POST', '/Message', admin, { ...draft, StartDate: '2026-07-01' });
    expect(order.json().Errors).toEqual([
      { Field: 'EndDate', Message: 'End Date must not be before Start Date' },
    ]);
    const unknownType = await call('POST', '/Message', admin, { ...draft, CustomerTypeId: 99 });
    expect(unknownType.statusCode).toBe(422);
    expect(unknownType.json().Errors).toEqual([
      { Field: 'CustomerTypeId', Message: 'Customer Type 99 does not exist' },
    ]);
    const onlyScript = await call('POST', '/Message', admin, {
      ...draft,
      Message: '<script>alert(1)</script>',
    });
    expect(onlyScript.json().Errors).toEqual([{ Field: 'Message', Message: 'Message is required' }]);
  });

  describe('DisplayMessages', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      // The demo messages' dates follow the real clock; these tests set their own.
      await t.db.delete(messages);
      const rows = await t.db
        .insert(messages)
        .values([
          { startDate: '2026-06-10', endDate: '2026-06-20', customerTypeId: 0, message: 'all' },
          {
            startDate: '2026-06-01',
            endDate: '2026-06-15',
            customerTypeId: 1,
            message: 'type 1, ends today',
          },
          {
            startDate: '2026-06-15',
            endDate: '2026-06-15',
            customerTypeId: 1,
            message: 'type 1, today only',
          },
          {
            startDate: '2026-06-16',
            endDate: '2026-06-30',
            customerTypeId: 1,
            message: 'type 1, from tomorrow',
          },
          { startDate: '2026-06-01', endDate: '2026-06-14', customerTypeId: 1, message: 'type 1, ended' },
          {
            startDate: '2026-06-01',
            endDate: '2026-06-30',
            customerTypeId: 1,
            message: 'type 1, off',
            isActive: false,
          },
          { startDate: '2026-06-01', endDate: '2026-06-30', customerTypeId: 6, message: 'type 6' },
          { startDate: '2026-06-12', endDate: '2026-06-30', customerTypeId: 1, message: evil },
        ])
        .returning({ id: messages.id, message: messages.message });
      ids = Object.fromEntries(rows.map((r) => [r.message, r.id]));
    });

    const shown = async (type: number, cookie = admin) => {
      const res = await call('GET', `/DisplayMessages/${type}`, cookie);
      expect(res.statusCode).toBe(200);
      return res.json() as {
        Id: number;
        Message: string;
        StartDate: string;
        EndDate: string;
        CustomerTypeId: number;
      }[];
    };

    it("shows today's active messages for the type and for all types, by start date then Id", async () => {
      const list = await shown(1, customer);
      expect(list.map((m) => m.Id)).toEqual([
        ids['type 1, ends today'],
        ids.all,
        ids[evil],
        ids['type 1, today only'],
      ]);
      expect(list[0]).toEqual({
        Id: ids['type 1, ends today'],
        Message: 'type 1, ends today',
        StartDate: '2026-06-01',
        EndDate: '2026-06-15',
        CustomerTypeId: 1,
      });
      expect((await shown(6)).map((m) => m.Id)).toEqual([ids['type 6'], ids.all]);
      expect((await shown(3)).map((m) => m.Id)).toEqual([ids.all]);
    });

    it('sends stored HTML only sanitized', async () => {
      const res = await call('GET', '/DisplayMessages/1', customer);
      expect(res.body).toContain('Hi');
      expect(res.body).not.toMatch(unsafe);
      expect(res.body).not.toMatch(/password|argon2/i);
    });

    it("reads today on the business calendar, not the server's", async () => {
      clock = new Date('2026-06-16T03:00:00Z'); // 22:00 on the 15th in Chicago, the 16th in UTC
      try {
        // Twelve hours on: the morning's session has ended (decision 066).
        const staff = await signInAdmin(t.app);
        expect((await shown(1, staff)).map((m) => m.Id)).toContain(ids['type 1, today only']);
        clock = new Date('2026-06-16T06:00:00Z'); // 01:00 on the 16th in Chicago
        const next = (await shown(1, staff)).map((m) => m.Id);
        expect(next).toContain(ids['type 1, from tomorrow']);
        expect(next).not.toContain(ids['type 1, today only']);
      } finally {
        clock = new Date('2026-06-15T15:00:00Z');
      }
    });

    it("refuses a customer another type's messages; 401 for nobody", async () => {
      const res = await call('GET', '/DisplayMessages/6', customer);
      expect(res.statusCode).toBe(403);
      expect((await call('GET', '/DisplayMessages/1')).statusCode).toBe(401);
      const type6 = await signInCustomer(t.app, 6001, 60611);
      expect((await shown(6, type6)).map((m) => m.Id)).toEqual([ids['type 6'], ids.all]);
      expect((await call('GET', '/DisplayMessages/abc', admin)).statusCode).toBe(400);
    });
  });

  it('never answers with a password or hash', async () => {
    expect((await call('GET', '/Messages', admin)).body).not.toMatch(/password|argon2/i);
  });

  it('publishes its calls in the OpenAPI document', async () => {
    const doc = await readOpenApi(t.app);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/Messages',
        '/api/v1/Message/{id}',
        '/api/v1/Message',
        '/api/v1/DisplayMessages/{customerTypeId}',
      ]),
    );
  });
});
