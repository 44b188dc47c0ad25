import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCustomer, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { orderableCodes } from '#support/order-fixtures.js';
import { orders, standingOrderRuns } from '../../db/schema.js';
import { placeOrder } from '../orders/place-order.js';
import { runStandingOrderCheck } from './standing-orders-check.js';

const MINUTE = 60_000;

/**
 * A process killed while it placed a standing order's date (design.md 8.6, decision 080): its
 * claim has no outcome and its lease passes; the next check takes it up and places the date once,
 * whether the process died before the order was saved or after.
 */
describe('a check that died while placing', () => {
  let t: OrderTestApp;
  let clock = TEST_NOW;
  let id: number;

  beforeAll(async () => {
    t = await createOrderTestApp('standing-crash', { now: () => clock });
    const cookie = await signInCustomer(t.app);
    const [code] = await orderableCodes(t.db, 1001, '2026-11-27');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Customer/1/StandingOrders',
      headers: { cookie },
      payload: {
        Weekdays: [2, 5],
        Lines: [{ Code: code!.code, CaseQuantity: 2 }],
        Name: 'Pat',
        Phone: '3125550142',
        Email: 'pat@bar.example.com',
        StartDate: '2026-11-25',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().Id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const runOf = async (date: string) =>
    (
      await t.db
        .select()
        .from(standingOrderRuns)
        .where(and(eq(standingOrderRuns.standingOrderId, id), eq(standingOrderRuns.deliveryDate, date)))
    )[0];
  const ordersOn = (date: string) =>
    t.db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, 1), eq(orders.deliveryDate, date)));

  it('leaves a claim whose lease has not passed alone, then places it once it has', async () => {
    // Died after its claim, before the order: the claim is there, with no outcome.
    await t.db.insert(standingOrderRuns).values({
      standingOrderId: id,
      customerId: 1,
      deliveryDate: '2026-11-27',
      orderBy: new Date('2026-11-25T16:00:00-06:00'),
      claimedAt: TEST_NOW,
      placingUntil: new Date(TEST_NOW.getTime() + 5 * MINUTE),
    });
    expect(await runStandingOrderCheck(t.app)).toEqual({ placed: 0, refused: 0 });
    expect(await ordersOn('2026-11-27')).toHaveLength(0);
    clock = new Date(TEST_NOW.getTime() + 6 * MINUTE);
    expect(await runStandingOrderCheck(t.app)).toEqual({ placed: 1, refused: 0 });
    const placed = await ordersOn('2026-11-27');
    expect(placed).toHaveLength(1);
    expect(await runOf('2026-11-27')).toMatchObject({
      outcome: 'placed',
      orderId: placed[0]!.id,
      placingUntil: null,
    });
  });

  it('records the order a dead process had saved, and places no second one', async () => {
    // Tuesday 12/01's window opens Saturday 4 PM: a process placed it and died before the record.
    clock = new Date('2026-11-28T17:00:00-06:00');
    await t.db.insert(standingOrderRuns).values({
      standingOrderId: id,
      customerId: 1,
      deliveryDate: '2026-12-01',
      orderBy: new Date('2026-11-29T16:00:00-06:00'),
      claimedAt: clock,
      placingUntil: new Date(clock.getTime() + 5 * MINUTE),
    });
    const [code] = await orderableCodes(t.db, 1001, '2026-12-01');
    const first = await placeOrder(t.app, {
      principal: { role: 'standing', customerId: 1, standingOrderId: id },
      order: {
        DeliveryDate: '2026-12-01',
        Name: 'Pat',
        Phone: '3125550142',
        Email: 'pat@bar.example.com',
        ProductQuantities: [{ Code: code!.code, CaseQuantity: 2, UnitQuantity: 0 }],
      },
      idempotencyKey: `standing-${id}-2026-12-01`,
    });
    expect(first.status).toBe(201);
    clock = new Date(clock.getTime() + 6 * MINUTE);
    expect(await runStandingOrderCheck(t.app)).toEqual({ placed: 1, refused: 0 });
    const placed = await ordersOn('2026-12-01');
    expect(placed.map((o) => o.orderNum)).toEqual([first.body.OrderNum]);
    expect(await runOf('2026-12-01')).toMatchObject({ outcome: 'placed', orderId: placed[0]!.id });
  });
});
