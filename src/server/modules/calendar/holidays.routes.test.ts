import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { validOrderBody } from '#support/order-fixtures.js';

describe('holidays (design.md 7.2)', () => {
  let t: TestApp;
  let admin: string;
  let customer: string; // 1001, type 1: at TEST_NOW (Wed 11/25/2026 10:00) the first date is Fri 11/27
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('lets only staff change them: 401 for nobody, 403 for a customer', async () => {
    for (const [method, url, body] of [
      ['POST', '/Holiday', { Date: '2026-12-25', Name: 'Christmas Day' }],
      ['DELETE', '/Holiday/1', undefined],
    ] as const) {
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
      const refused = await call(method, url, customer, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ ErrorMessage: expect.any(String) });
    }
    expect((await call('GET', '/Holidays')).statusCode).toBe(401);
    expect((await call('GET', '/Holidays', admin)).json()).toEqual([]);
  });

  it('adds, lists by date within from and to, refuses a second holiday on a date, and deletes', async () => {
    const christmas = await call('POST', '/Holiday', admin, { Date: '2026-12-25', Name: ' Christmas Day ' });
    expect(christmas.statusCode).toBe(201);
    expect(christmas.json()).toEqual({ Id: expect.any(Number), Date: '2026-12-25', Name: 'Christmas Day' });
    const newYear = await call('POST', '/Holiday', admin, { Date: '2027-01-01', Name: "New Year's Day" });
    const thanksgiving = await call('POST', '/Holiday', admin, {
      Date: '2026-11-26',
      Name: 'Thanksgiving Day',
    });
    expect([newYear.statusCode, thanksgiving.statusCode]).toEqual([201, 201]);

    const taken = await call('POST', '/Holiday', admin, { Date: '2026-12-25', Name: 'Another' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ ErrorMessage: '12/25/2026 already has a holiday' });

    const all = await call('GET', '/Holidays', customer);
    expect(all.statusCode).toBe(200);
    expect(all.json().map((h: { Date: string }) => h.Date)).toEqual([
      '2026-11-26',
      '2026-12-25',
      '2027-01-01',
    ]);
    const december = await call('GET', '/Holidays?from=2026-12-01&to=2026-12-31', customer);
    expect(december.json()).toEqual([christmas.json()]);
    expect((await call('GET', '/Holidays?from=2026-12-25', admin)).json()).toHaveLength(2);
    expect((await call('GET', '/Holidays?to=2026-12-25', admin)).json()).toHaveLength(2);

    const id = christmas.json().Id as number;
    expect((await call('DELETE', `/Holiday/${id}`, admin)).statusCode).toBe(204);
    const gone = await call('DELETE', `/Holiday/${id}`, admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ ErrorMessage: 'Holiday was not found' });
    expect((await call('DELETE', '/Holiday/abc', admin)).statusCode).toBe(400);
  });

  it('answers 422 in the error shape for a bad date or name, and for a bad range', async () => {
    const cases: [unknown, string, string][] = [
      [{ Date: '2026-02-30', Name: 'X' }, 'Date', 'Date must be a valid date (YYYY-MM-DD)'],
      [{ Date: '', Name: 'X' }, 'Date', 'Date is required'],
      [{ Name: 'X' }, 'Date', 'Date is required'],
      [{ Date: '2026-12-24', Name: '   ' }, 'Name', 'Name is required'],
      [
        { Date: '2026-12-24', Name: 'x'.repeat(61) },
        'Name',
        'Length of Name must be less than or equal to 60',
      ],
    ];
    for (const [body, Field, Message] of cases) {
      const res = await call('POST', '/Holiday', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ ErrorMessage: Message, Errors: [{ Field, Message }] });
    }
    expect(
      (await call('POST', '/Holiday', admin, { Date: '2026-12-24', Name: 'x'.repeat(60) })).statusCode,
    ).toBe(201);
    const range = await call('GET', '/Holidays?from=12/01/2026', customer);
    expect(range.statusCode).toBe(422);
    expect(range.json().Errors).toEqual([
      { Field: 'from', Message: 'from must be a valid date (YYYY-MM-DD)' },
    ]);
  });

  it('POST Order refuses a holiday with its name and date, and the lead-time message comes first', async () => {
    const body = await validOrderBody(t.db, 1001, TEST_NOW); // Friday 11/27
    const friday = await call('POST', '/Holiday', admin, {
      Date: body.DeliveryDate,
      Name: 'Day after Thanksgiving',
    });
    expect(friday.statusCode).toBe(201);
    const refused = await call('POST', '/Order', customer, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      IsSuccessful: false,
      OrderNum: null,
      ErrorMessage: 'No deliveries on Day after Thanksgiving (11/27/2026)',
      Errors: [{ Field: 'DeliveryDate', Message: 'No deliveries on Day after Thanksgiving (11/27/2026)' }],
    });
    // Thursday 11/26 is a holiday inside the lead time: too soon first. The hint skips both
    // holidays, the weekend (type 1) and lands on Monday.
    const tooSoon = await call('POST', '/Order', customer, { ...body, DeliveryDate: '2026-11-26' });
    expect(tooSoon.json()).toMatchObject({
      ErrorMessage: 'Delivery Date violates Lead Time',
      EarliestDeliveryDate: '2026-11-30',
    });
    // The next working day is fine.
    const monday = await call('POST', '/Order', customer, { ...body, DeliveryDate: '2026-11-30' });
    expect(monday.statusCode).toBe(201);
    expect((await call('DELETE', `/Holiday/${friday.json().Id}`, admin)).statusCode).toBe(204);
    expect((await call('POST', '/Order', customer, body)).statusCode).toBe(201);
  });

  it('lists the orders a new holiday would leave without a delivery, and the order says its date became one (issue 33)', async () => {
    const body = await validOrderBody(t.db, 1001, TEST_NOW); // Friday 11/27
    const date = '2026-12-04';
    const placed = await call('POST', '/Order', customer, { ...body, DeliveryDate: date });
    expect(placed.statusCode).toBe(201);
    const cancelled = await call('POST', '/Order', customer, { ...body, DeliveryDate: date });
    const orderId = async (orderNum: string) =>
      (await call('GET', '/Orders/1001', customer))
        .json()
        .Orders.find((o: { OrderNum: string }) => o.OrderNum === orderNum).Id as number;
    const [id, cancelledId] = [
      await orderId(placed.json().OrderNum),
      await orderId(cancelled.json().OrderNum),
    ];
    expect((await call('POST', `/Order/${cancelledId}/Cancel`, customer)).statusCode).toBe(200);

    // Staff only; bad dates are refused in the error shape.
    expect((await call('GET', `/Holiday/Orders?Dates=${date}`)).statusCode).toBe(401);
    expect((await call('GET', `/Holiday/Orders?Dates=${date}`, customer)).statusCode).toBe(403);
    const bad = await call('GET', '/Holiday/Orders?Dates=12/04/2026', admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().ErrorMessage).toMatch(/^Dates must be a comma-separated list/);

    const listed = await call('GET', `/Holiday/Orders?Dates=${date},2026-12-05`, admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      {
        Id: id,
        OrderNum: placed.json().OrderNum,
        DeliveryDate: date,
        CompanyId: 1001,
        CustomerName: 'Blue Heron Tavern',
        IsWebOrder: true,
      },
    ]);

    expect((await call('GET', `/Order/${id}`, customer)).json().DeliveryHoliday).toBeNull();
    const holiday = await call('POST', '/Holiday', admin, { Date: date, Name: 'Inventory Day' });
    expect(holiday.statusCode).toBe(201);
    const detail = (await call('GET', `/Order/${id}`, customer)).json();
    expect(detail).toMatchObject({ DeliveryHoliday: 'Inventory Day', ChangeableUntil: expect.any(String) });
    expect((await call('DELETE', `/Holiday/${holiday.json().Id}`, admin)).statusCode).toBe(204);
  });
});
