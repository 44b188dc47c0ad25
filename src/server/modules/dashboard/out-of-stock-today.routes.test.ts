import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import type { Dashboard } from '../../../domain/dashboard.schema.js';
import { OrderStatus } from '../../../domain/enums.js';
import { customers, orderLines, orders } from '../../db/schema.js';

/**
 * GET Dashboard's OutOfStockToday (design.md 8.3, decision 071) at TEST_NOW, Wednesday 11/25/2026
 * 10:00 AM Central (the app's injected clock): the lines of today's web orders whose product the
 * availability file says is OUT. The demo orders are removed first.
 */
describe("GET Dashboard: today's ordered lines that are out", () => {
  let t: TestApp;
  let admin: string;
  let customerId: number;
  let seq = 0;

  /** A web order created at `createdAt` with a line of 1 case for each code. */
  async function order(createdAt: string, codes: string[], extra: Partial<typeof orders.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(orders)
      .values({
        customerId,
        orderNum: `OOS-${++seq}`,
        source: 'web',
        deliveryDate: '2026-11-30',
        createDate: new Date(createdAt),
        ...extra,
      })
      .returning({ id: orders.id, orderNum: orders.orderNum });
    for (const code of codes)
      await t.db.insert(orderLines).values({ orderId: row!.id, code, unitsPerCase: 12, caseQuantity: 1 });
    return row!;
  }

  async function upload(url: string, content: string) {
    const file = multipartFile(content, { fileName: 'file.txt' });
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: file.payload,
      headers: { ...file.headers, cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function outOfStock(): Promise<Dashboard['OutOfStockToday']> {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Dashboard', headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().OutOfStockToday;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
    await t.db.delete(orders);
    const items = ['OS-OUT', 'OS-OUT2', 'OS-IN', 'OS-LOW', 'OS-NONE'].map(
      (c) => `${c}\tStock ${c}\t12\t2\tY\tBTL\tCS\n`,
    );
    await upload('/api/ItemImport', items.join(''));
    // OS-NONE is not in the file: its stock is unknown, so it is not out.
    await upload(
      '/api/AvailabilityImport',
      'OS-OUT\t0\tOUT\nOS-OUT2\t\tOUT\t2026-12-01\tOS-IN\nOS-IN\t40\tIN\nOS-LOW\t2\tLOW\n',
    );
    const [c] = await t.db
      .insert(customers)
      .values({ companyId: 8701, customerTypeId: 1, name: 'Out Of Stock Bar', zipcode: 60601 })
      .returning({ id: customers.id });
    customerId = c!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is 0 with no list when no order of today has an out line', async () => {
    expect(await outOfStock()).toEqual({ Lines: 0, Orders: [], OrdersTotal: 0 });
  });

  it('counts an OUT line of a web order created today, and not IN, LOW, unknown, cancelled or yesterday', async () => {
    // 9:00 AM Central today: two out lines beside in, low and unknown ones.
    const early = await order('2026-11-25T15:00:00Z', ['OS-OUT', 'OS-IN', 'OS-LOW', 'OS-NONE', 'OS-OUT2']);
    // 12:05 AM Central today, the business day's first minutes: one out line.
    const midnight = await order('2026-11-25T06:05:00Z', ['OS-OUT']);
    // Only in, low and unknown products: not on the list.
    await order('2026-11-25T15:30:00Z', ['OS-IN', 'OS-LOW', 'OS-NONE']);
    // Cancelled today (design.md 7.10): nothing to deliver, so nothing out.
    await order('2026-11-25T15:10:00Z', ['OS-OUT'], { status: OrderStatus.Cancelled });
    // 11:30 PM Central on Tuesday (05:30 UTC Wednesday): yesterday's.
    await order('2026-11-25T05:30:00Z', ['OS-OUT']);
    // Imported history created today: not one of today's web orders.
    await order('2026-11-25T15:20:00Z', ['OS-OUT'], { source: 'import' });

    expect(await outOfStock()).toEqual({
      Lines: 3,
      Orders: [
        {
          Id: early.id,
          OrderNum: early.orderNum,
          CustomerId: customerId,
          CompanyId: 8701,
          Name: 'Out Of Stock Bar',
          Lines: 2,
        },
        {
          Id: midnight.id,
          OrderNum: midnight.orderNum,
          CustomerId: customerId,
          CompanyId: 8701,
          Name: 'Out Of Stock Bar',
          Lines: 1,
        },
      ],
      OrdersTotal: 2,
    });
  });

  it('follows the last availability file: a product back IN is no longer counted', async () => {
    await upload('/api/AvailabilityImport', 'OS-OUT\t10\tIN\nOS-OUT2\t\tOUT\n');
    const out = await outOfStock();
    expect(out.Lines).toBe(1);
    expect(out.Orders.map((o) => [o.OrderNum, o.Lines])).toEqual([['OOS-1', 1]]);
  });
});
