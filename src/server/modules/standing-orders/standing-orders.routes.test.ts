import { readdirSync, readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInCustomer, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { orderableCodes } from '#support/order-fixtures.js';
import { mailSubject, mailsTo, mailText } from '#support/reminder-fixtures.js';
import { startSmtpSink } from '#support/smtp-sink.js';
import { auditEntries, holidays, orders, products, standingOrderRuns } from '../../db/schema.js';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/**
 * Standing orders (design.md 8.6): saved by the order's rules, listed with their next dates,
 * skipped, and placed once before each cutoff by the check, or mailed why not. The clock is
 * TEST_NOW (Wednesday 11/25/2026 10:00 Central) and moves on from there; type 1's cutoff is
 * 4 PM with 24 lead hours, so Friday 11/27's OrderBy is Wednesday 4 PM and its window (24 hours)
 * is open at TEST_NOW.
 */
describe('standing orders (design.md 8.6)', () => {
  let t: OrderTestApp;
  let sink: Sink;
  let clock = TEST_NOW;
  let customer: string;
  let admin: string;
  let codes: string[];
  const email = 'standing@bar.example.com';

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  const body = (over: Record<string, unknown> = {}) => ({
    Weekdays: [2, 5],
    Lines: [
      { Code: codes[0], CaseQuantity: 2, UnitQuantity: 0 },
      { Code: codes[2], CaseQuantity: 1 },
    ],
    Name: 'Pat Murphy',
    Phone: '(312) 555-0142',
    Email: email,
    StartDate: '2026-11-25',
    ...over,
  });
  /** Moves the clock on; a session lasts a working day, so both sign in again. */
  const moveTo = async (instant: string) => {
    clock = new Date(instant);
    customer = await signInCustomer(t.app, 1001, 60601);
    admin = await signInAdmin(t.app);
  };
  const ordersFor = async (customerId: number, date: string) =>
    t.db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, customerId), eq(orders.deliveryDate, date)));

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createOrderTestApp('standing', { now: () => clock, config: { smtpUrl: sink.url } });
    customer = await signInCustomer(t.app, 1001, 60601);
    admin = await signInAdmin(t.app);
    codes = (await orderableCodes(t.db, 1001, '2026-11-27')).map((c) => c.code);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  let id: number;
  it('saves a standing order with its next 4 dates, each with its OrderBy', async () => {
    const res = await call('POST', 'Customer/1/StandingOrders', customer, body());
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json();
    id = saved.Id;
    expect(saved).toMatchObject({
      CustomerId: 1,
      Weekdays: [2, 5],
      Phone: '3125550142',
      SavedBy: 'Shared sign-in',
      EndDate: null,
      Lines: [
        { Code: codes[0], CaseQuantity: 2, UnitQuantity: 0 },
        { Code: codes[2], CaseQuantity: 1, UnitQuantity: 0 },
      ],
    });
    expect(saved.Lines[0].Description).not.toBe('');
    expect(saved.NextDates).toEqual([
      {
        Date: '2026-11-27',
        OrderBy: '2026-11-25T16:00:00-06:00',
        Skipped: false,
        OrderId: null,
        Holiday: null,
        NotPlaced: null,
      },
      expect.objectContaining({ Date: '2026-12-01', OrderBy: '2026-11-29T16:00:00-06:00' }),
      expect.objectContaining({ Date: '2026-12-04' }),
      expect.objectContaining({ Date: '2026-12-08' }),
    ]);
    const list = await call('GET', 'Customer/1/StandingOrders', customer);
    expect(list.json().map((s: { Id: number }) => s.Id)).toEqual([id]);
  });

  it("refuses what the order's rules refuse, with the spec's words, and saves nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ Weekdays: [6] }, 'Weekdays', 'Saturday deliveries are not available for your customer type'],
      [{ Weekdays: [] }, 'Weekdays', 'Pick at least one delivery day'],
      [{ Weekdays: [0] }, 'Weekdays.0', 'Delivery days are 1 (Monday) to 6 (Saturday)'],
      [{ Email: 'nope' }, 'Email', 'Invalid Email'],
      [{ Name: '' }, 'Name', 'Name is required'],
      [
        { Lines: [{ Code: 'NOPE-1', CaseQuantity: 1 }] },
        'Lines.0.Code',
        'Product NOPE-1 is not available to order',
      ],
      [
        { Lines: [{ Code: codes[0], CaseQuantity: 0 }] },
        'Lines',
        'A standing order must contain at least one product with a quantity',
      ],
      [{ EndDate: '2026-11-01' }, 'EndDate', 'End Date must not be before Start Date'],
      [{ StartDate: '' }, 'StartDate', 'Start Date is required'],
    ];
    for (const [over, Field, Message] of cases) {
      const res = await call('POST', 'Customer/1/StandingOrders', customer, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().Errors).toContainEqual({ Field, Message });
    }
    expect((await call('GET', 'Customer/1/StandingOrders', customer)).json()).toHaveLength(1);
  });

  it("keeps a customer to their own, and a Counter's role to reading", async () => {
    const other = await signInCustomer(t.app, 1003, 60614);
    expect((await call('GET', 'Customer/1/StandingOrders', other)).statusCode).toBe(404);
    // Before the body's rules: another customer learns nothing from them.
    expect((await call('POST', 'Customer/1/StandingOrders', other, {})).statusCode).toBe(404);
    expect((await call('PUT', `StandingOrder/${id}`, other, {})).statusCode).toBe(404);
    expect((await call('PUT', `StandingOrder/${id}`, other, body())).statusCode).toBe(404);
    expect((await call('POST', `StandingOrder/${id}/Skip`, other, { Date: '2026-12-04' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `StandingOrder/${id}`, other)).statusCode).toBe(404);
    expect((await call('POST', 'StandingOrders/Run', customer)).statusCode).toBe(403);
  });

  it('skips a date and takes the skip back; refuses a date it does not cover', async () => {
    const skip = await call('POST', `StandingOrder/${id}/Skip`, customer, { Date: '2026-12-04' });
    expect(skip.statusCode, skip.body).toBe(200);
    expect(skip.json().NextDates.find((d: { Date: string }) => d.Date === '2026-12-04').Skipped).toBe(true);
    const back = await call('POST', `StandingOrder/${id}/Skip`, customer, {
      Date: '2026-12-04',
      Skipped: false,
    });
    expect(back.json().NextDates.find((d: { Date: string }) => d.Date === '2026-12-04').Skipped).toBe(false);
    const notCovered = await call('POST', `StandingOrder/${id}/Skip`, customer, { Date: '2026-12-03' });
    expect(notCovered.statusCode).toBe(422);
    expect(notCovered.json().ErrorMessage).toBe('This standing order does not deliver on that date');
  });

  it('places a due date once however many checks run at once, as a real web order marked Standing order', async () => {
    const runs = await Promise.all([1, 2, 3].map(() => call('POST', 'StandingOrders/Run', admin)));
    expect(runs.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(runs.reduce((n, r) => n + r.json().Placed, 0)).toBe(1);
    const placed = await ordersFor(1, '2026-11-27');
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ standingOrderId: id, orderType: 'STANDING', email });
    await t.app.settle();
    const detail = (await call('GET', `Order/${placed[0]!.id}`, customer)).json();
    expect(detail).toMatchObject({ StandingOrderId: id, PlacedBy: 'Standing order' });
    // The ERP's file, with the order type that says so.
    const file = readdirSync(t.exportDir).find((f) => f.includes(placed[0]!.orderNum));
    expect(readFileSync(`${t.exportDir}/${file}`, 'utf8').split('\t')[7]).toBe('STANDING');
    // The confirmation says a standing order placed it.
    const [mail] = mailsTo(sink.received, email);
    expect(await mailSubject(mail!)).toBe(`Standing order: Order confirmation ${placed[0]!.orderNum}`);
    expect(await mailText(mail!)).toContain(
      'Your standing order placed this order for delivery on 11/27/2026',
    );
    // The list names the order; a later check places nothing more.
    const list = (await call('GET', 'Customer/1/StandingOrders', customer)).json();
    expect(list[0].NextDates[0]).toMatchObject({ Date: '2026-11-27', OrderId: placed[0]!.id });
    // ...and draws no run id for a date claimed already (a check each minute would use them up).
    const lastId = async () => {
      const { rows } = (await t.db.execute(
        sql`select last_value::int as v from standing_order_runs_id_seq`,
      )) as unknown as {
        rows: { v: number }[];
      };
      return rows[0]!.v;
    };
    const before = await lastId();
    expect((await call('POST', 'StandingOrders/Run', admin)).json()).toEqual({ Placed: 0, Refused: 0 });
    expect(await ordersFor(1, '2026-11-27')).toHaveLength(1);
    expect(await lastId()).toBe(before);
  });

  it('lets the customer change the placed order before its cutoff, like any order, and skip it no more', async () => {
    const [order] = await ordersFor(1, '2026-11-27');
    const detail = (await call('GET', `Order/${order!.id}`, customer)).json();
    const change = await call('PUT', `Order/${order!.id}`, customer, {
      DeliveryDate: '2026-11-27',
      Name: detail.Name,
      Phone: detail.Phone,
      Email: detail.Email,
      ProductQuantities: [{ Code: codes[0], CaseQuantity: 5, UnitQuantity: 0 }],
    });
    expect(change.statusCode, change.body).toBe(200);
    const after = (await call('GET', `Order/${order!.id}`, customer)).json();
    expect(after.Products).toEqual([expect.objectContaining({ Code: codes[0], CaseQuantity: 5 })]);
    expect(after).toMatchObject({ StandingOrderId: id, PlacedBy: 'Standing order' });
    const skip = await call('POST', `StandingOrder/${id}/Skip`, customer, { Date: '2026-11-27' });
    expect(skip.statusCode).toBe(422);
    expect(skip.json().ErrorMessage).toBe('This date is already placed: change or cancel the order instead');
  });

  it('places nothing for a skipped date, and mails the customer that it did not', async () => {
    await call('POST', `StandingOrder/${id}/Skip`, customer, { Date: '2026-12-01' });
    // Tuesday 12/01's OrderBy is Sunday 11/29 4 PM: its window opens Saturday 4 PM.
    await moveTo('2026-11-28T17:00:00-06:00');
    const passed = await call('POST', `StandingOrder/${id}/Skip`, customer, { Date: '2026-11-27' });
    expect(passed.statusCode).toBe(422);
    expect(passed.json().ErrorMessage).toBe('This date can no longer be skipped: its cutoff has passed');
    expect((await call('POST', 'StandingOrders/Run', admin)).json()).toEqual({ Placed: 0, Refused: 0 });
    expect(await ordersFor(1, '2026-12-01')).toHaveLength(0);
    const mails = mailsTo(sink.received, email).filter((m) => m.subject.includes('12/01'));
    expect(mails).toHaveLength(1);
    expect(await mailSubject(mails[0]!)).toBe('Standing order not placed for Tuesday 12/01');
    expect(await mailText(mails[0]!)).toContain('You skipped this date.');
    const list = (await call('GET', 'Customer/1/StandingOrders', customer)).json();
    expect(list[0].NextDates[0]).toMatchObject({
      Date: '2026-12-01',
      Skipped: true,
      NotPlaced: 'You skipped this date.',
    });
  });

  it('places nothing for a holiday or a date that has an order, and says why', async () => {
    await t.db.insert(holidays).values({ date: '2026-12-04', name: 'Founders Day' });
    // Friday 12/04's window: from Tuesday 12/01 4 PM.
    await moveTo('2026-12-01T17:00:00-06:00');
    const list = (await call('GET', 'Customer/1/StandingOrders', customer)).json();
    expect(list[0].NextDates[0]).toMatchObject({ Date: '2026-12-04', Holiday: 'Founders Day' });
    expect((await call('POST', 'StandingOrders/Run', admin)).json()).toEqual({ Placed: 0, Refused: 0 });
    const holidayMail = mailsTo(sink.received, email).find((m) => m.subject.includes('12/04'));
    expect(await mailText(holidayMail!)).toContain('There are no deliveries on Founders Day.');

    // Tuesday 12/08: the customer ordered it by hand first.
    await moveTo('2026-12-05T09:00:00-06:00');
    const own = await call('POST', 'Order', customer, {
      DeliveryDate: '2026-12-08',
      Name: 'Pat Murphy',
      Phone: '3125550142',
      Email: email,
      ProductQuantities: [{ Code: codes[1], CaseQuantity: 1 }],
    });
    expect(own.statusCode, own.body).toBe(201);
    await moveTo('2026-12-05T17:00:00-06:00');
    expect((await call('POST', 'StandingOrders/Run', admin)).json()).toEqual({ Placed: 0, Refused: 0 });
    expect(await ordersFor(1, '2026-12-08')).toHaveLength(1);
    const orderedMail = mailsTo(sink.received, email).find((m) => m.subject.includes('12/08'));
    expect(await mailText(orderedMail!)).toContain('You already have an order for this date.');
  });

  it('refuses a date a rule refuses, mails the reason with a link to order, and lists it on the dashboard until its cutoff', async () => {
    // A product no longer offered: its line makes the order one the rules refuse.
    await t.db.update(products).set({ isActive: false }).where(eq(products.code, codes[2]!));
    // Friday 12/11's window: from Tuesday 12/08 4 PM.
    await moveTo('2026-12-08T18:00:00-06:00');
    expect((await call('POST', 'StandingOrders/Run', admin)).json()).toEqual({ Placed: 0, Refused: 1 });
    expect(await ordersFor(1, '2026-12-11')).toHaveLength(0);
    const mail = mailsTo(sink.received, email).find((m) => m.subject.includes('12/11'));
    expect(await mailSubject(mail!)).toBe('Standing order not placed for Friday 12/11: action needed');
    const text = await mailText(mail!);
    expect(text).toContain(`Product ${codes[2]} is not available to order`);
    expect(text).toMatch(
      /place the order yourself by 4:00 PM Central on Wednesday 12\/09: https?:\/\/\S+\/order\/form\/0/,
    );
    const [run] = await t.db
      .select()
      .from(standingOrderRuns)
      .where(eq(standingOrderRuns.deliveryDate, '2026-12-11'));
    expect(run).toMatchObject({ outcome: 'refused', mailAttempts: 1 });
    expect(run!.mailedAt).not.toBeNull();
    const card = (await call('GET', 'Dashboard', admin)).json().StandingOrders;
    expect(card.NotPlaced).toEqual([
      {
        StandingOrderId: id,
        CustomerId: 1,
        CompanyId: 1001,
        Name: 'Blue Heron Tavern',
        DeliveryDate: '2026-12-11',
        OrderBy: '2026-12-09T16:00:00-06:00',
        Reason: `Product ${codes[2]} is not available to order`,
      },
    ]);
    // Past its cutoff it is no longer listed.
    await moveTo('2026-12-09T16:00:00-06:00');
    expect((await call('GET', 'Dashboard', admin)).json().StandingOrders.NotPlaced).toEqual([]);
    await t.db.update(products).set({ isActive: true }).where(eq(products.code, codes[2]!));
  });

  it('counts the orders standing orders placed for tomorrow on the dashboard, a refused date not', async () => {
    const tomorrow = async () => (await call('GET', 'Dashboard', admin)).json().StandingOrders.Tomorrow;
    // Friday 12/11 was refused.
    await moveTo('2026-12-10T09:00:00-06:00');
    expect(await tomorrow()).toBe(0);
    // Tuesday 12/15: placed once its window opened (Saturday 4 PM), then counted on Monday.
    await moveTo('2026-12-12T17:00:00-06:00');
    expect((await call('POST', 'StandingOrders/Run', admin)).json()).toEqual({ Placed: 1, Refused: 0 });
    await moveTo('2026-12-14T09:00:00-06:00');
    expect(await tomorrow()).toBe(1);
  });

  it("records staff's writes in the audit trail", async () => {
    const created = await call(
      'POST',
      'Customer/1/StandingOrders',
      admin,
      body({ Weekdays: [1], StartDate: '2027-01-04' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const so = created.json();
    expect(so.SavedBy).toBe('admin');
    await call('POST', `StandingOrder/${so.Id}/Skip`, admin, { Date: '2027-01-11' });
    await call('PUT', `StandingOrder/${so.Id}`, admin, body({ Weekdays: [1, 3], StartDate: '2027-01-04' }));
    expect((await call('DELETE', `StandingOrder/${so.Id}`, admin)).statusCode).toBe(204);
    const rows = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'StandingOrder'), eq(auditEntries.entityId, String(so.Id))));
    expect(rows.map((r) => r.action)).toEqual(['Create', 'Update', 'Update', 'Delete']);
    expect(rows[2]!.changes).toContainEqual({ Field: 'Weekdays', Before: '1', After: '1,3' });
    expect(rows[0]!.summary).toBe(`Added standing order ${so.Id} for customer 1001 Blue Heron Tavern`);
  });
});
