import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInCustomer, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { orderCalls } from '#support/order-change-fixtures.js';
import { customerByCompany, validOrderBody } from '#support/order-fixtures.js';
import { addDays, businessToday } from '../../../domain/business-date.js';
import { OrderStatus } from '../../../domain/enums.js';
import { customerTypes, orderLines, orders } from '../../db/schema.js';
import { readReminderCandidates } from '../reminders/reminders-due.service.js';

const TZ = 'America/Chicago';

/**
 * A cancelled order (Status 3, design.md 7.10) is no order: 'Same as last order' offers the one
 * before it, the order guide's figures leave it out, and a reminder is owed for its date again.
 */
describe('a cancelled order is no order', () => {
  let t: OrderTestApp;
  let calls: ReturnType<typeof orderCalls>;
  let cookie: string;
  let customerId: number;
  let body: Awaited<ReturnType<typeof validOrderBody>>;
  const today = businessToday(TEST_NOW, TZ);
  beforeAll(async () => {
    t = await createOrderTestApp('cancelled-orders', { now: () => TEST_NOW });
    calls = orderCalls(t);
    cookie = await signInCustomer(t.app);
    customerId = (await customerByCompany(t.db, 1001)).id;
    body = await validOrderBody(t.db, 1001, TEST_NOW);
  });
  afterAll(() => t?.close());

  it("'Same as last order' offers the last order still standing", async () => {
    const first = await calls.place(cookie, body);
    const second = await calls.place(cookie, {
      ...body,
      ProductQuantities: [{ ...body.ProductQuantities[2]!, CaseQuantity: 5 }],
    });
    const last = async () => (await calls.call('GET', `/Order/${customerId}/Last`, cookie)).json().OrderNum;
    expect(await last()).toBe(second.orderNum);
    expect((await calls.cancel(cookie, second.id)).statusCode).toBe(200);
    expect(await last()).toBe(first.orderNum);
    // Staff reading it for the customer (design.md 7.5) get the same order, never the cancelled one.
    const staff = await signInAdmin(t.app);
    const asStaff = await calls.call('GET', `/Order/${customerId}/Last`, staff);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json()).toMatchObject({ OrderNum: first.orderNum, Status: OrderStatus.Open });
  });

  it('answers 404 for a customer whose every order is cancelled, never a cancelled order (issue 32)', async () => {
    const other = await customerByCompany(t.db, 6001);
    const [only] = await t.db
      .insert(orders)
      .values({
        customerId: other.id,
        orderNum: 'W-CANCELLED-6001',
        source: 'web',
        deliveryDate: addDays(today, 2),
        createDate: TEST_NOW,
        status: OrderStatus.Open,
      })
      .returning({ id: orders.id });
    await t.db
      .insert(orderLines)
      .values({ orderId: only!.id, code: 'X-1', unitsPerCase: 6, caseQuantity: 1 });
    const staff = await signInAdmin(t.app);
    const read = () => calls.call('GET', `/Order/${other.id}/Last`, staff);
    const standing = await read();
    expect(standing.statusCode).toBe(200);
    expect(standing.json().OrderNum).toBe('W-CANCELLED-6001');
    await t.db.update(orders).set({ status: OrderStatus.Cancelled }).where(eq(orders.customerId, other.id));
    const none = await read();
    expect(none.statusCode).toBe(404);
    expect(none.json().ErrorMessage).toBe('A previous order was not found');
  });

  it("leaves a cancelled order out of the order guide's figures", async () => {
    const code = body.ProductQuantities[0]!.Code;
    const [past] = await t.db
      .insert(orders)
      .values({
        customerId,
        orderNum: 'W-CANCELLED-1',
        source: 'web',
        deliveryDate: addDays(today, -1),
        createDate: new Date(TEST_NOW.getTime() - 3 * 86_400_000),
        status: OrderStatus.Open,
      })
      .returning({ id: orders.id });
    await t.db.insert(orderLines).values({ orderId: past!.id, code, unitsPerCase: 12, caseQuantity: 7 });
    // Its 7 cases count in the weekly average (over 8 weeks) while it stands, not once cancelled.
    const average = async () => {
      const res = await calls.call(
        'GET',
        `/Customer/${customerId}/OrderGuide?date=${body.DeliveryDate}`,
        cookie,
      );
      expect(res.statusCode).toBe(200);
      return res.json().Products.find((p: { Code: string }) => p.Code === code)?.AverageWeeklyCases ?? 0;
    };
    const counted = await average();
    await t.db.update(orders).set({ status: OrderStatus.Cancelled }).where(eq(orders.id, past!.id));
    expect(counted - (await average())).toBeCloseTo(7 / 8, 5);
  });

  it('owes the reminder for the date of a cancelled order again', async () => {
    const customer = await customerByCompany(t.db, 1001);
    await t.db
      .update(customerTypes)
      .set({ reminderHours: 4 })
      .where(eq(customerTypes.id, customer.customerTypeId));
    const dates = async () =>
      (await readReminderCandidates(t.database, today)).find((r) => r.id === customerId)?.dates ?? [];
    const placed = await calls.place(cookie, body);
    expect(await dates()).toContain(body.DeliveryDate);
    const others = (await t.db.select().from(orders).where(eq(orders.customerId, customerId))).filter(
      (o) => o.deliveryDate === body.DeliveryDate && o.id !== placed.id,
    );
    for (const o of others) await calls.cancel(cookie, o.id);
    await calls.cancel(cookie, placed.id);
    expect(await dates()).not.toContain(body.DeliveryDate);
  });
});
