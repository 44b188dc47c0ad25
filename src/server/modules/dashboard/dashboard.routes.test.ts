import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { fixturePath } from '#support/import-fixtures/read-fixture.js';
import { multipartFile } from '#support/multipart.js';
import { addDays } from '../../../domain/business-date.js';
import type { Dashboard } from '../../../domain/dashboard.schema.js';
import { OrderStatus } from '../../../domain/enums.js';
import type { Db } from '../../db/client.js';
import { customers, invoices, orderDeliveredLines, orderLines, orders } from '../../db/schema.js';

/**
 * GET Dashboard at TEST_NOW, Wednesday 11/25/2026 10:00 AM Central, with Friday 11/27 a holiday.
 * The demo orders are removed first, so every figure comes from the orders made here.
 */
const TYPE = 60;
let seq = 0;

/** An order for `deliveryDate` (created `createdAt`, by default two days before) with one line. */
async function order(
  db: Db,
  customerId: number,
  deliveryDate: string,
  o: Partial<typeof orders.$inferInsert> & { cases?: number; units?: number } = {},
) {
  const { cases = 1, units = 0, ...rest } = o;
  const source = rest.source ?? 'import';
  const [row] = await db
    .insert(orders)
    .values({
      customerId,
      orderNum: `DB-${++seq}`,
      source,
      deliveryDate,
      createDate: new Date(`${deliveryDate}T12:00:00Z`),
      // A web order mailed and exported unless the test says otherwise.
      ...(source === 'web' ? { mailedAt: TEST_NOW, exportedAt: TEST_NOW } : {}),
      ...rest,
    })
    .returning({ id: orders.id });
  await db
    .insert(orderLines)
    .values({ orderId: row!.id, code: 'DB-1', unitsPerCase: 12, caseQuantity: cases, unitQuantity: units });
}

/**
 * A web order for `deliveryDate` (created 10 days before: on the dates used here, never a
 * Wednesday nor today, so no count of web orders sees it) that
 * an order history file has listed: each line ordered [cases, units] (null: not ordered) and
 * delivered (null: not in the file).
 */
async function delivered(
  db: Db,
  customerId: number,
  deliveryDate: string,
  lines: { code: string; ordered: [number, number] | null; got: [number, number] | null }[],
  status: number = OrderStatus.Open,
) {
  const [row] = await db
    .insert(orders)
    .values({
      customerId,
      orderNum: `DB-${++seq}`,
      source: 'web',
      deliveryDate,
      createDate: new Date(`${addDays(deliveryDate, -10)}T12:00:00Z`),
      mailedAt: TEST_NOW,
      exportedAt: TEST_NOW,
      status,
    })
    .returning({ id: orders.id });
  const orderId = row!.id;
  for (const { code, ordered, got } of lines) {
    if (ordered)
      await db
        .insert(orderLines)
        .values({ orderId, code, unitsPerCase: 12, caseQuantity: ordered[0], unitQuantity: ordered[1] });
    if (got)
      await db.insert(orderDeliveredLines).values({
        orderId,
        code,
        description: code,
        unitsPerCase: 12,
        cases: got[0],
        units: got[1],
      });
  }
}

async function customer(db: Db, companyId: number, dates: string[], phone = '') {
  const [c] = await db
    .insert(customers)
    .values({ companyId, customerTypeId: TYPE, name: `Dashboard Bar ${companyId}`, zipcode: 60601 })
    .returning({ id: customers.id });
  for (const date of dates) await order(db, c!.id, date, { phone });
  return c!.id;
}

describe('GET Dashboard (design.md 7.8)', () => {
  let t: TestApp;
  let admin: string;
  let body: Dashboard;
  const ids = { usual: 0, ordered: 0, fridays: 0 };
  const get = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/Dashboard', headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
    await t.db.delete(orders);
    const post = async (url: string, payload: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    };
    // 24 hours' lead before the cutoff: Friday 11/27 is the earliest date, a holiday, so Saturday 11/28.
    await post('/api/v1/CustomerType', {
      Id: TYPE,
      Name: 'Dashboard Bars',
      LeadHours: 24,
      CutoffHours: 16,
      CutoffMinutes: 0,
    });
    await post('/api/v1/Holiday', { Date: '2026-11-27', Name: 'Day after Thanksgiving' });
    const saturdays = ['2026-11-14', '2026-11-21'];
    ids.usual = await customer(t.db, 8601, saturdays, '3125550142');
    ids.ordered = await customer(t.db, 8602, saturdays);
    // Usually Fridays: without the holiday, Friday would be their next date and they would be listed.
    ids.fridays = await customer(t.db, 8603, ['2026-11-13', '2026-11-20']);
    // Saturday's load: the customer who ordered (3 cases and 6 of 12 units); a web order for Monday.
    await order(t.db, ids.ordered, '2026-11-28', { cases: 3, units: 6 });
    await order(t.db, ids.fridays, '2026-11-30', {
      source: 'web',
      cases: 2,
      createDate: new Date('2026-11-18T15:00:00Z'),
    });
    // Web orders created today (two), on the 4 Wednesdays before (3 on 11/18 with Monday's order, 2 on 11/11) and on other days.
    const web = (createDate: string, extra: Partial<typeof orders.$inferInsert> = {}) =>
      order(t.db, ids.fridays, '2026-12-08', { source: 'web', createDate: new Date(createDate), ...extra });
    await web('2026-11-25T14:00:00Z', { mailedAt: null, mailError: 'The mail server refused it' });
    await web('2026-11-25T06:30:00Z', { exportedAt: null });
    await web('2026-11-25T05:30:00Z'); // 11:30 PM on Tuesday 11/24 in Chicago: not today
    await web('2026-11-18T20:00:00Z');
    await web('2026-11-18T21:00:00Z', { mailedAt: null }); // an attempt under way, not failed
    await web('2026-11-11T16:00:00Z');
    await web('2026-11-11T17:00:00Z');
    await web('2026-10-21T16:00:00Z'); // 5 weeks back: not in the average
    // Cancelled (issue 33): no web order of today's, nor of a Wednesday's before.
    await web('2026-11-25T15:00:00Z', { status: OrderStatus.Cancelled });
    await web('2026-11-11T18:00:00Z', { status: OrderStatus.Cancelled });
    // What the ERP delivered (design.md 7.12): short lines of the last 7 days' deliveries.
    const shipped = await customer(t.db, 8604, []);
    await delivered(t.db, shipped, '2026-11-23', [
      { code: 'DB-1', ordered: [5, 0], got: [3, 0] }, // 2 cases short
      { code: 'DB-2', ordered: [2, 0], got: [0, 0] }, // listed with nothing
      { code: 'DB-3', ordered: [1, 6], got: [1, 0] }, // the units short
      { code: 'DB-4', ordered: [1, 0], got: null }, // left out of the file
      { code: 'DB-5', ordered: [1, 0], got: [2, 0] }, // more: not short
      { code: 'DB-9', ordered: null, got: [1, 0] }, // added: not short
    ]);
    // A cancelled order's lines are nothing short, whatever a file lists for it (issue 33).
    await delivered(
      t.db,
      shipped,
      '2026-11-23',
      [{ code: 'DB-1', ordered: [4, 0], got: [1, 0] }],
      OrderStatus.Cancelled,
    );
    // The window's ends: 6 days back is in, 7 is out; a delivery ahead is not yet delivered.
    await delivered(t.db, shipped, '2026-11-19', [{ code: 'DB-1', ordered: [2, 0], got: [1, 0] }]);
    await delivered(t.db, shipped, '2026-11-18', [{ code: 'DB-1', ordered: [2, 0], got: [1, 0] }]);
    await delivered(t.db, shipped, '2026-12-10', [{ code: 'DB-1', ordered: [2, 0], got: [1, 0] }]);
    const file = multipartFile(readFileSync(fixturePath('items-broken.txt')), {
      fileName: 'broken-items.txt',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ItemImport',
      payload: file.payload,
      headers: { ...file.headers, cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const res2 = await get(admin);
    expect(res2.statusCode).toBe(200);
    body = res2.json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts orders and cases for the next 7 delivery days: today on, no Sunday, no holiday', () => {
    expect(body.Today).toBe('2026-11-25');
    expect(body.OrdersByDeliveryDate).toEqual([
      { Date: '2026-11-25', Orders: 0, Cases: 0 },
      { Date: '2026-11-26', Orders: 0, Cases: 0 },
      { Date: '2026-11-28', Orders: 1, Cases: 3.5 },
      { Date: '2026-11-30', Orders: 1, Cases: 2 },
      { Date: '2026-12-01', Orders: 0, Cases: 0 },
      { Date: '2026-12-02', Orders: 0, Cases: 0 },
      { Date: '2026-12-03', Orders: 0, Cases: 0 },
    ]);
  });

  it('compares web orders today with the same weekday’s average over 4 weeks', () => {
    expect(body.WebOrdersToday).toBe(2);
    // (3 + 2 + 0 + 0) / 4 = 1.25, to one decimal.
    expect(body.SameWeekdayAverage).toBe(1.3);
  });

  it('lists the customer who usually orders for their next date and has not, and nobody else', () => {
    expect(body.NotYetOrdered).toEqual([
      {
        CustomerId: ids.usual,
        CompanyId: 8601,
        Name: 'Dashboard Bar 8601',
        Phone: '3125550142',
        DeliveryDate: '2026-11-28',
        LastDeliveryDate: '2026-11-21',
      },
    ]);
    expect(body.NotYetOrderedTotal).toBe(1);
  });

  it('counts the failed mails and the orders not exported as Regenerate Orders shows them', () => {
    expect(body.NeedsAttention).toMatchObject({ MailFailed: 1, NotExported: 1 });
  });

  it("counts the lines delivered short or not at all in the last 7 days' deliveries", () => {
    // 11/23: DB-1, DB-2, DB-3 and DB-4 (not DB-5, delivered more, nor DB-9, added); 11/19: 1.
    expect(body.NeedsAttention.ShortLines).toBe(5);
  });

  it("counts the invoice check's flags of the invoices dated in the last 7 days, today included", async () => {
    const [o] = await t.db
      .insert(orders)
      .values({ customerId: ids.usual, orderNum: 'DB-INV', source: 'import', deliveryDate: '2026-11-10' })
      .returning({ id: orders.id });
    const invoice = (invoiceNum: string, invoiceDate: string, flagCount: number) => ({
      invoiceNum,
      orderId: o!.id,
      invoiceDate,
      dueDate: invoiceDate,
      flagCount,
      importedAt: TEST_NOW,
    });
    await t.db.insert(invoices).values([
      invoice('I-1', '2026-11-25', 3),
      invoice('I-2', '2026-11-19', 2),
      // 7 days back, and tomorrow: not counted.
      invoice('I-3', '2026-11-18', 5),
      invoice('I-4', '2026-11-26', 1),
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Dashboard', headers: { cookie: admin } });
    expect((res.json() as Dashboard).NeedsAttention.InvoiceFlags).toBe(5);
    await t.db.delete(invoices);
    await t.db.delete(orders).where(eq(orders.id, o!.id));
  });

  it('shows the last import with its report’s counts', () => {
    expect(body.LastImports[0]).toMatchObject({
      User: 'admin',
      Kind: 'Items',
      FileName: 'broken-items.txt',
      Inserted: 2,
    });
    expect(body.LastImports[0]!.Rejected).toBeGreaterThan(0);
    expect(body.LastImports[0]!.Lines).toBe(
      body.LastImports[0]!.Inserted +
        body.LastImports[0]!.Updated +
        body.LastImports[0]!.Unchanged +
        body.LastImports[0]!.Rejected,
    );
  });

  it('leaves an inactive customer out', async () => {
    await t.db.update(customers).set({ isActive: false }).where(eq(customers.id, ids.usual));
    expect((await get(admin)).json().NotYetOrdered).toEqual([]);
  });

  it('is for staff only: 401 signed out, 403 for a customer', async () => {
    expect((await get()).statusCode).toBe(401);
    const res = await get(await signInCustomer(t.app));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toHaveProperty('ErrorMessage');
  });
});
