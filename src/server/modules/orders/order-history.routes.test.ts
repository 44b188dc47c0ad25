import { and, desc, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { customerByCompany, orderableCodes } from '#support/order-fixtures.js';
import { businessToday } from '../../../domain/business-date.js';
import { WorksheetSchema } from '../../../domain/order-view.schema.js';
import { customerProducts, orderLines, orders, products } from '../../db/schema.js';

describe('order history, re-order and worksheet', () => {
  let t: TestApp;
  let a: string; // customer 1001
  let b: string; // customer 6001
  let admin: string;
  let idA: number;
  let idB: number;
  let orderOfA: number;
  let orderOfB: number;
  beforeAll(async () => {
    t = await createTestApp();
    [a, b, admin] = await Promise.all([
      signInCustomer(t.app),
      signInCustomer(t.app, 6001, 60611),
      signInAdmin(t.app),
    ]);
    idA = (await customerByCompany(t.db, 1001)).id;
    idB = (await customerByCompany(t.db, 6001)).id;
    orderOfA = (await t.db.select().from(orders).where(eq(orders.customerId, idA)).limit(1))[0]!.id;
    orderOfB = (await t.db.select().from(orders).where(eq(orders.customerId, idB)).limit(1))[0]!.id;
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it("lists a customer's web and imported orders, newest order date first", async () => {
    const res = await get('/api/v1/Orders/1001', a);
    expect(res.statusCode).toBe(200);
    const { Orders, DeliveryDates } = res.json();
    expect(Orders.length).toBeGreaterThan(10);
    expect(Orders.every((o: { CompanyId: number }) => o.CompanyId === 1001)).toBe(true);
    const created = Orders.map((o: { CreateDate: string }) => o.CreateDate);
    expect([...created].sort().reverse()).toEqual(created);
    expect(Orders.some((o: { IsWebOrder: boolean }) => o.IsWebOrder)).toBe(true);
    expect(Orders.some((o: { IsWebOrder: boolean }) => !o.IsWebOrder)).toBe(true);
    expect(Orders[0].ProductCount).toBeGreaterThan(0);
    expect(DeliveryDates.length).toBeGreaterThan(0);
  });

  it.each([
    ['another customer (as an unknown one, no probing)', () => get('/api/v1/Orders/6001', a), 404],
    ['an unknown company as a customer', () => get('/api/v1/Orders/9876', a), 404],
    ['nobody', () => get('/api/v1/Orders/1001'), 401],
    ['an admin, any customer', () => get('/api/v1/Orders/6001', admin), 200],
    ['an admin, an unknown company', () => get('/api/v1/Orders/9876', admin), 404],
    ['a company id that is not 4 digits', () => get('/api/v1/Orders/12345', admin), 400],
  ])('order list: %s', async (_, call, status) => {
    const res = await call();
    expect(res.statusCode).toBe(status);
    if (status !== 200) expect(res.json().ErrorMessage).toBeTypeOf('string');
  });

  it('shows one order with its products to its customer and to an admin only', async () => {
    const own = await get(`/api/v1/Order/${orderOfA}`, a);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ Id: orderOfA, CompanyId: 1001, CompanyName: 'Blue Heron Tavern' });
    expect(own.json().Products[0]).toEqual(
      expect.objectContaining({
        Code: expect.any(String),
        UnitsPerCase: expect.any(Number),
        Cases: expect.any(Number),
        Units: expect.any(Number),
      }),
    );
    expect((await get(`/api/v1/Order/${orderOfB}`, a)).statusCode).toBe(404);
    expect((await get(`/api/v1/Order/${orderOfB}`, admin)).statusCode).toBe(200);
    expect((await get('/api/v1/Order/99999999', a)).statusCode).toBe(404);
    expect((await get(`/api/v1/Order/${orderOfA}`)).statusCode).toBe(401);
    expect((await get('/api/v1/Order/abc', a)).statusCode).toBe(400);
  });

  it("gives a customer's last order", async () => {
    const res = await get(`/api/v1/Order/${idA}/Last`, a);
    expect(res.statusCode).toBe(200);
    const [newest] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.customerId, idA))
      .orderBy(desc(orders.createDate), desc(orders.id))
      .limit(1);
    expect(res.json().Id).toBe(newest!.id);
    expect((await get(`/api/v1/Order/${idB}/Last`, a)).statusCode).toBe(404);
  });

  it('copies an order for re-ordering with the delivery date cleared', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order/Copy',
      headers: { cookie: a },
      payload: { OrderId: orderOfA, CustomerId: idA },
    });
    expect(res.statusCode).toBe(200);
    const copy = res.json();
    expect(copy.DeliveryDate).toBeNull();
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderOfA));
    expect(copy.Products.map((p: { Code: string }) => p.Code).sort()).toEqual(
      lines.map((l) => l.code).sort(),
    );
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order/Copy',
      headers: { cookie: a },
      payload: { OrderId: orderOfB },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('builds the worksheet from the 5 most recent delivery dates before today', async () => {
    const res = await get(`/api/v1/Order/${idA}/Worksheet/`, a);
    expect(res.statusCode).toBe(200);
    const ws = res.json();
    const today = businessToday(TEST_NOW, 'America/Chicago');
    expect(ws).toMatchObject({ CompanyId: 1001, CompanyName: 'Blue Heron Tavern', Today: today });
    const past = await t.db
      .selectDistinct({ d: orders.deliveryDate })
      .from(orders)
      .where(and(eq(orders.customerId, idA), lt(orders.deliveryDate, today)))
      .orderBy(desc(orders.deliveryDate))
      .limit(5);
    expect(ws.DeliveryDates).toEqual(past.map((p) => p.d).reverse());
    expect(ws.Orders.length).toBeGreaterThan(5);
    // The spec's row shape (section 3) has Cases and Units: empty, the sheet's to fill (issue 33).
    for (const row of ws.Orders) expect(row).toMatchObject({ Cases: null, Units: null });
    expect(WorksheetSchema.safeParse(ws).success).toBe(true);

    // Every case count in the sheet is the sum of that product's cases on that date.
    const newest = ws.DeliveryDates.at(-1);
    const [order] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, idA), eq(orders.deliveryDate, newest)));
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    const shown = lines.filter(
      (l) => ws.Orders.some((o: { Code: string }) => o.Code === l.code) && l.caseQuantity > 0,
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const l of shown) {
      expect(
        ws.Orders.find((o: { Code: string }) => o.Code === l.code).Products[newest],
      ).toBeGreaterThanOrEqual(l.caseQuantity);
    }
  });

  it('lists the products the form offers today, and those no longer offered only where they were ordered (issue 17)', async () => {
    const today = businessToday(TEST_NOW, 'America/Chicago');
    type Row = { Code: string; IsOffered: boolean; Products: Record<string, number>; Description: string };
    const sheet = async () => (await get(`/api/v1/Order/${idA}/Worksheet/`, a)).json() as { Orders: Row[] };
    const before = await sheet();
    expect(before.Orders.every((r) => r.IsOffered)).toBe(true);
    const withHistory = before.Orders.find((r) => Object.keys(r.Products).length > 0)!;
    const withoutHistory = before.Orders.find((r) => Object.keys(r.Products).length === 0)!;
    expect(withHistory && withoutHistory).toBeTruthy();

    // Both links end before today, as the audit's product did (09/02/2026).
    const ended = '2026-09-02';
    for (const code of [withHistory.Code, withoutHistory.Code]) {
      const [p] = await t.db.select().from(products).where(eq(products.code, code));
      await t.db
        .update(customerProducts)
        .set({ endDate: ended })
        .where(and(eq(customerProducts.customerId, idA), eq(customerProducts.productId, p!.id)));
    }
    const after = await sheet();
    const offered = after.Orders.filter((r) => r.IsOffered).map((r) => r.Code);
    // The offered rows are exactly what the order form offers for today, in the link's order.
    const orderable = (await orderableCodes(t.db, 1001, today)).map((p) => p.code);
    expect([...offered].sort()).toEqual([...orderable].sort());
    expect(offered).not.toContain(withHistory.Code);
    expect(after.Orders.map((r) => r.Code)).not.toContain(withoutHistory.Code);
    // The product with history stays, after the offered ones, marked, with its cases.
    const gone = after.Orders.filter((r) => !r.IsOffered);
    expect(gone.map((r) => r.Code)).toContain(withHistory.Code);
    expect(after.Orders.slice(offered.length).every((r) => !r.IsOffered)).toBe(true);
    const row = gone.find((r) => r.Code === withHistory.Code)!;
    expect(row).toMatchObject({ Description: withHistory.Description, Products: withHistory.Products });
    for (const r of gone) expect(Object.keys(r.Products).length).toBeGreaterThan(0);
  });

  it("keeps each customer's worksheet to that customer and admins", async () => {
    expect((await get(`/api/v1/Order/${idB}/Worksheet/`, a)).statusCode).toBe(404);
    expect((await get(`/api/v1/Order/${idA}/Worksheet/`)).statusCode).toBe(401);
    const asAdmin = await get(`/api/v1/Order/${idB}/Worksheet/`, admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().CompanyId).toBe(6001);
    expect((await get(`/api/v1/Order/${idB}/Worksheet/`, b)).statusCode).toBe(200);
  });
});
