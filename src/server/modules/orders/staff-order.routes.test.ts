import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInCustomer, TEST_ADMIN, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { customerByCompany, validOrderBody } from '#support/order-fixtures.js';
import { deliveryDateMessages } from '../../../domain/delivery-date.js';
import { OVERRIDE_REASON_MAX, staffOrderMessages } from '../../../domain/staff-order.js';
import { auditEntries, holidays, orderDrafts, orders } from '../../db/schema.js';

// TEST_NOW is Wednesday 11/25/2026, 10:00 in Chicago. Customer 6001 (type 6: 96 h lead, 11:00
// cutoff) may first order for Monday 11/30; Thursday 11/26 to Saturday 11/28 are inside its
// lead time. Customer 1001 is type 1: no Saturdays.
const THURSDAY = '2026-11-26';
const FRIDAY = '2026-11-27';
const SATURDAY = '2026-11-28';
const SUNDAY = '2026-11-29';

describe('POST Order by staff for a customer (design.md 7.5)', () => {
  let t: OrderTestApp;
  let admin: string;
  let customer: string;
  let bar: number;
  let chain: number;
  beforeAll(async () => {
    t = await createOrderTestApp('staff-orders');
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
    bar = (await customerByCompany(t.db, 1001)).id;
    chain = (await customerByCompany(t.db, 6001)).id;
    await t.db.insert(holidays).values({ date: THURSDAY, name: 'Thanksgiving Day' });
  });
  afterAll(() => t.close());

  const post = (cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      payload: payload as object,
      headers: { cookie, ...headers },
    });
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const counts = async () => ({
    orders: (await t.db.select({ n: count() }).from(orders))[0]!.n,
    audit: (await t.db.select({ n: count() }).from(auditEntries))[0]!.n,
  });
  const chainOrder = async (change: Record<string, unknown> = {}) => ({
    ...(await validOrderBody(t.db, 6001, TEST_NOW)),
    CustomerId: chain,
    ...change,
  });

  it("places the customer's order as entered by staff: audited, mailed to the contact entered, shown in every list", async () => {
    // The customer's unsent draft is theirs: a staff order leaves it alone.
    const draft = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/Customer/${bar}/Draft`,
      payload: { Name: 'Half typed' },
      headers: { cookie: customer },
    });
    expect(draft.statusCode).toBe(200);
    const body = {
      ...(await validOrderBody(t.db, 1001, TEST_NOW)),
      CustomerId: bar,
      Email: 'night@bar.example.com',
    };
    const res = await post(admin, body);
    expect(res.statusCode).toBe(201);
    const { OrderNum } = res.json();

    const [row] = await t.db.select().from(orders).where(eq(orders.orderNum, OrderNum));
    expect(row).toMatchObject({ customerId: bar, enteredBy: TEST_ADMIN.user, overrideReason: null });
    const audit = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'Order'), eq(auditEntries.entityId, String(row!.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userName: TEST_ADMIN.user, action: 'Create' });
    expect(audit[0]!.summary).toBe(
      `Placed order ${OrderNum} for 1001 ${(await customerByCompany(t.db, 1001)).name}, delivery ${body.DeliveryDate}`,
    );
    expect(audit[0]!.changes).toContainEqual({ Field: 'OverrideLeadTime', Before: null, After: false });
    expect((await t.db.select().from(orderDrafts).where(eq(orderDrafts.customerId, bar))).length).toBe(1);

    await t.app.settle();
    const mail = await PostalMime.parse(readFileSync(path.join(t.dir, 'outbox', `${OrderNum}.eml`)));
    expect(mail.to).toEqual([{ name: '', address: 'night@bar.example.com' }]);

    // Who entered it: in the order's detail (the customer's too), their history and Regenerate's list.
    expect((await get(customer, `/api/v1/Order/${row!.id}`)).json()).toMatchObject({
      EnteredBy: TEST_ADMIN.user,
    });
    const history = (await get(customer, '/api/v1/Orders/1001')).json();
    expect(history.Orders.find((o: { OrderNum: string }) => o.OrderNum === OrderNum).EnteredBy).toBe(
      TEST_ADMIN.user,
    );
    expect(
      history.Orders.filter((o: { EnteredBy: string | null }) => o.EnteredBy === null).length,
    ).toBeGreaterThan(0);
    const list = (await get(admin, `/api/v1/Orders?OrderNum=${OrderNum}`)).json();
    expect(list).toEqual([expect.objectContaining({ OrderNum, EnteredBy: TEST_ADMIN.user })]);
  });

  it('accepts a date inside the lead time with the override, keeping the reason trimmed, and a retry once', async () => {
    const reason = 'Called at 9, driver has room on Friday';
    const body = await chainOrder({
      DeliveryDate: FRIDAY,
      OverrideLeadTime: true,
      OverrideReason: `  ${reason} `,
    });
    const before = await counts();
    const first = await post(admin, body, { 'idempotency-key': 'staff-key-1' });
    expect(first.statusCode).toBe(201);
    const again = await post(admin, body, { 'idempotency-key': 'staff-key-1' });
    expect(again.json().OrderNum).toBe(first.json().OrderNum);
    expect(await counts()).toEqual({ orders: before.orders + 1, audit: before.audit + 1 });

    const [row] = await t.db.select().from(orders).where(eq(orders.orderNum, first.json().OrderNum));
    expect(row).toMatchObject({ deliveryDate: FRIDAY, overrideReason: reason, enteredBy: TEST_ADMIN.user });
    const [audit] = await t.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.entityId, String(row!.id)));
    expect(audit!.summary).toContain(`lead time overridden: ${reason}`);
    expect(audit!.changes).toContainEqual({ Field: 'OverrideReason', Before: null, After: reason });
    // Saturday is a delivery day for type 6.
    expect(
      (
        await post(
          admin,
          await chainOrder({ DeliveryDate: SATURDAY, OverrideLeadTime: true, OverrideReason: reason }),
        )
      ).statusCode,
    ).toBe(201);
  });

  it.each([
    [
      'without the override, a date inside the lead time',
      { DeliveryDate: FRIDAY },
      deliveryDateMessages.leadTime,
    ],
    [
      'the override without a reason',
      { DeliveryDate: FRIDAY, OverrideLeadTime: true, OverrideReason: '  ' },
      staffOrderMessages.reasonRequired,
    ],
    [
      'a reason over 200 characters',
      { DeliveryDate: FRIDAY, OverrideLeadTime: true, OverrideReason: 'x'.repeat(OVERRIDE_REASON_MAX + 1) },
      staffOrderMessages.reasonTooLong,
    ],
    [
      'the override on a Sunday',
      { DeliveryDate: SUNDAY, OverrideLeadTime: true, OverrideReason: 'Rush' },
      deliveryDateMessages.leadTime,
    ],
    [
      'the override on a holiday',
      { DeliveryDate: THURSDAY, OverrideLeadTime: true, OverrideReason: 'Rush' },
      deliveryDateMessages.holiday('Thanksgiving Day', THURSDAY),
    ],
    [
      'the override on a past date',
      { DeliveryDate: '2026-11-24', OverrideLeadTime: true, OverrideReason: 'Rush' },
      deliveryDateMessages.leadTime,
    ],
    ['no CustomerId', { CustomerId: undefined }, staffOrderMessages.customerRequired],
    ['a CustomerId given as text', { CustomerId: '7' }, staffOrderMessages.customerIdInvalid],
  ])('refuses %s with 422 and saves nothing', async (_, change, message) => {
    const before = await counts();
    const res = await post(admin, await chainOrder(change));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ IsSuccessful: false, OrderNum: null, ErrorMessage: message });
    expect(await counts()).toEqual(before);
  });

  it('refuses a CustomerId that is an array 20,000 deep with 422 (the fuzz test found a 500)', async () => {
    // Coercing it to a number turned it into text first and overflowed the stack. Sent as
    // text: JSON.stringify cannot write it either.
    const body = JSON.stringify(await chainOrder({ CustomerId: 0 })).replace(
      '"CustomerId":0',
      `"CustomerId":${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    );
    expect(body).toContain('[[[');
    const before = await counts();
    const res = await post(admin, body, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ ErrorMessage: staffOrderMessages.customerIdInvalid });
    expect(await counts()).toEqual(before);
  });

  it('refuses the override on a Saturday for a type-1 customer, and an unknown customer', async () => {
    const body = { ...(await validOrderBody(t.db, 1001, TEST_NOW)), CustomerId: bar, DeliveryDate: SATURDAY };
    const res = await post(admin, { ...body, OverrideLeadTime: true, OverrideReason: 'Rush' });
    expect(res.json()).toMatchObject({ ErrorMessage: deliveryDateMessages.leadTime });
    expect(res.statusCode).toBe(422);
    expect((await post(admin, { ...body, CustomerId: 999_999 })).statusCode).toBe(404);
  });

  it("refuses a customer's order for another customer, or with the override, with 403 before the body's rules", async () => {
    const before = await counts();
    const own = await validOrderBody(t.db, 1001, TEST_NOW);
    const other = await post(customer, { ...own, CustomerId: chain });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ ErrorMessage: staffOrderMessages.ownOrdersOnly });
    const override = await post(customer, {
      DeliveryDate: 'soon',
      OverrideLeadTime: true,
      OverrideReason: 'x'.repeat(300),
    });
    expect(override.statusCode).toBe(403);
    expect(override.json()).toEqual({ ErrorMessage: staffOrderMessages.staffOnlyOverride });
    expect(await counts()).toEqual(before);
    // Naming themselves changes nothing: their own order, not entered by staff.
    const self = await post(customer, { ...own, CustomerId: bar, OverrideLeadTime: false });
    expect(self.statusCode).toBe(201);
    const [row] = await t.db.select().from(orders).where(eq(orders.orderNum, self.json().OrderNum));
    expect(row!.enteredBy).toBeNull();
  });
});
