import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { customerByCompany } from '#support/order-fixtures.js';

describe('GET Customer/{id}/DeliveryDates (design.md 7.2)', () => {
  let t: TestApp;
  let admin: string;
  let customer: string; // 1001, type 1: lead 24 h, cutoff 16:00, no Saturdays
  let reference: string; // 6001, type 6: lead 96 h, cutoff 11:00
  let a: number;
  let b: number;
  let clock = TEST_NOW; // Wednesday 11/25/2026 10:00 CST
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
    reference = await signInCustomer(t.app, 6001, 60611);
    a = (await customerByCompany(t.db, 1001)).id;
    b = (await customerByCompany(t.db, 6001)).id;
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });

  it('answers the next three dates with their OrderBy, Saturdays and Sundays skipped for type 1', async () => {
    const res = await get(`/Customer/${a}/DeliveryDates`, customer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { Date: '2026-11-27', OrderBy: '2026-11-25T16:00:00-06:00' },
      { Date: '2026-11-30', OrderBy: '2026-11-28T16:00:00-06:00' },
      { Date: '2026-12-01', OrderBy: '2026-11-29T16:00:00-06:00' },
    ]);
    const two = await get(`/Customer/${b}/DeliveryDates?count=2`, reference);
    // Lead 96 h: 10:00 is before 11:00, so Wed + 5 days = Monday 11/30; Saturday 12/05 is fine for type 6.
    expect(two.json()).toEqual([
      { Date: '2026-11-30', OrderBy: '2026-11-25T11:00:00-06:00' },
      { Date: '2026-12-01', OrderBy: '2026-11-26T11:00:00-06:00' },
    ]);
  });

  it('skips a holiday', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Holiday',
      headers: { cookie: admin },
      payload: { Date: '2026-11-30', Name: 'Inventory Day' },
    });
    expect(added.statusCode).toBe(201);
    const res = await get(`/Customer/${a}/DeliveryDates?count=3`, customer);
    expect(res.json().map((d: { Date: string }) => d.Date)).toEqual([
      '2026-11-27',
      '2026-12-01',
      '2026-12-02',
    ]);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/Holiday/${added.json().Id}`,
      headers: { cookie: admin },
    });
  });

  it('moves on at the cutoff minute: OrderBy is the first instant orders are refused', async () => {
    clock = new Date('2026-11-25T15:59:59.999-06:00');
    expect((await get(`/Customer/${a}/DeliveryDates?count=1`, customer)).json()).toEqual([
      { Date: '2026-11-27', OrderBy: '2026-11-25T16:00:00-06:00' },
    ]);
    clock = new Date('2026-11-25T16:00:00-06:00');
    expect((await get(`/Customer/${a}/DeliveryDates?count=1`, customer)).json()).toEqual([
      { Date: '2026-11-30', OrderBy: '2026-11-28T16:00:00-06:00' },
    ]);
    clock = TEST_NOW;
  });

  it('gives each daylight-saving day of 2026 its own offset', async () => {
    clock = new Date('2026-03-08T12:00:00-05:00'); // Sunday, after the clocks went forward
    expect((await get(`/Customer/${a}/DeliveryDates?count=2`, customer)).json()).toEqual([
      { Date: '2026-03-10', OrderBy: '2026-03-08T16:00:00-05:00' },
      { Date: '2026-03-11', OrderBy: '2026-03-09T16:00:00-05:00' },
    ]);
    clock = new Date('2026-11-01T01:30:00-05:00'); // Sunday, the first 01:30 before the clocks go back
    expect((await get(`/Customer/${a}/DeliveryDates?count=2`, customer)).json()).toEqual([
      { Date: '2026-11-03', OrderBy: '2026-11-01T16:00:00-06:00' },
      { Date: '2026-11-04', OrderBy: '2026-11-02T16:00:00-06:00' },
    ]);
    clock = TEST_NOW;
  });

  it('answers another customer as an unknown id (404), any customer for an admin, nobody 401', async () => {
    const other = await get(`/Customer/${b}/DeliveryDates`, customer);
    const unknown = await get('/Customer/2000000000/DeliveryDates', customer);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    expect(other.json()).toEqual({ ErrorMessage: 'Customer was not found' });
    expect((await get(`/Customer/${b}/DeliveryDates`, admin)).statusCode).toBe(200);
    expect((await get('/Customer/2000000000/DeliveryDates', admin)).statusCode).toBe(404);
    expect((await get(`/Customer/${a}/DeliveryDates`)).statusCode).toBe(401);
  });

  it('takes a count from 1 to 14', async () => {
    expect((await get(`/Customer/${a}/DeliveryDates?count=14`, customer)).json()).toHaveLength(14);
    for (const count of ['0', '15', 'x', '1.5']) {
      const res = await get(`/Customer/${a}/DeliveryDates?count=${count}`, customer);
      expect(res.statusCode, count).toBe(422);
      expect(res.json()).toEqual({
        ErrorMessage: 'count must be a whole number from 1 to 14',
        Errors: [{ Field: 'count', Message: 'count must be a whole number from 1 to 14' }],
      });
    }
  });
});
