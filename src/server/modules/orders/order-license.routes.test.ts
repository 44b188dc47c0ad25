import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInCustomer, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { orderCalls } from '#support/order-change-fixtures.js';
import { customerByCompany, validOrderBody } from '#support/order-fixtures.js';
import { addDays } from '../../../domain/business-date.js';
import { licenseMessages } from '../../../domain/license.js';
import { auditEntries, customers, orders } from '../../db/schema.js';

/**
 * The liquor license in POST and PUT Order (design.md 8.2, decision 067): a delivery date after
 * the customer's LicenseExpires is refused with 422; the day itself is allowed; staff may
 * override with OverrideLicense and the Override Reason, recorded in the audit trail.
 */
describe('orders and the liquor license', () => {
  let t: OrderTestApp;
  let calls: ReturnType<typeof orderCalls>;
  let admin: string;
  let customer: string;
  let bar: number;
  let body: Awaited<ReturnType<typeof validOrderBody>>;
  /** The day before the body's delivery date, as MM/DD/YYYY, and design.md's refusal with it. */
  let dayBefore: string;
  let refusal: string;
  beforeAll(async () => {
    t = await createOrderTestApp('order-license');
    calls = orderCalls(t);
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
    bar = (await customerByCompany(t.db, 1001)).id;
    body = await validOrderBody(t.db, 1001, TEST_NOW);
    dayBefore = addDays(body.DeliveryDate, -1);
    refusal = `Your liquor license expired on ${dayBefore.slice(5, 7)}/${dayBefore.slice(8, 10)}/${dayBefore.slice(0, 4)}: please send the renewal to your distributor`;
  });
  afterAll(() => t?.close());

  const expires = (date: string | null) =>
    t.db
      .update(customers)
      .set({ licenseNumber: 'IL-1001', licenseExpires: date })
      .where(eq(customers.id, bar));
  const ordersCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;
  const refused = () => ({
    IsSuccessful: false,
    OrderNum: null,
    ErrorMessage: refusal,
    Errors: [{ Field: 'DeliveryDate', Message: refusal }],
  });
  const lastAudit = async () =>
    (await t.db.select().from(auditEntries).orderBy(desc(auditEntries.id)).limit(1))[0]!;

  it('takes an order for the day the license expires, and any date without an expiry', async () => {
    await expires(body.DeliveryDate);
    expect((await calls.call('POST', '/Order', customer, body)).statusCode).toBe(201);
    await expires(null);
    expect((await calls.call('POST', '/Order', customer, body)).statusCode).toBe(201);
    await t.app.settle();
  });

  it("POST Order: 422 for the day after, in design.md's words with the expiry date; nothing saved", async () => {
    await expires(dayBefore);
    const n = await ordersCount();
    const res = await calls.call('POST', '/Order', customer, body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(refused());
    expect(refusal).toBe(licenseMessages.expired(dayBefore));
    expect(await ordersCount()).toBe(n);
  });

  it('PUT Order: a change to a date after the expiry gets the same 422, and the order stays as it was', async () => {
    await expires(null);
    const { id } = await calls.place(customer, body);
    // The license expires the day before the order's date: the change keeps the date.
    await expires(dayBefore);
    const res = await calls.change(customer, id, { ...body, Name: 'Pat Changed' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(refused());
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.name).toBe('Pat Murphy');
  });

  it('a customer cannot override it: 403 for POST and PUT, nothing saved', async () => {
    await expires(dayBefore);
    const n = await ordersCount();
    const withOverride = { ...body, OverrideLicense: true, OverrideReason: 'Renewal is in the mail' };
    const post = await calls.call('POST', '/Order', customer, withOverride);
    expect(post.statusCode).toBe(403);
    expect(post.json().ErrorMessage).toBe(licenseMessages.staffOnlyOverride);
    expect(await ordersCount()).toBe(n);

    await expires(null);
    const { id } = await calls.place(customer, body);
    await expires(dayBefore);
    const put = await calls.change(customer, id, withOverride);
    expect(put.statusCode).toBe(403);
    expect(put.json().ErrorMessage).toBe(licenseMessages.staffOnlyOverride);
  });

  it('staff get the same 422, then override with a reason: placed, the reason kept and audited', async () => {
    await expires(dayBefore);
    const staffBody = { ...body, CustomerId: bar };
    const plain = await calls.call('POST', '/Order', admin, staffBody);
    expect(plain.statusCode).toBe(422);
    expect(plain.json()).toEqual(refused());

    const noReason = await calls.call('POST', '/Order', admin, { ...staffBody, OverrideLicense: true });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().Errors).toEqual([
      { Field: 'OverrideReason', Message: licenseMessages.reasonRequired },
    ]);

    const reason = 'Renewal faxed to the office, on file';
    const res = await calls.call('POST', '/Order', admin, {
      ...staffBody,
      OverrideLicense: true,
      OverrideReason: reason,
    });
    expect(res.statusCode).toBe(201);
    const orderNum = res.json().OrderNum as string;
    const [row] = await t.db.select().from(orders).where(eq(orders.orderNum, orderNum));
    expect(row).toMatchObject({ enteredBy: 'admin', overrideReason: reason });
    const audit = await lastAudit();
    const expired = `${dayBefore.slice(5, 7)}/${dayBefore.slice(8, 10)}/${dayBefore.slice(0, 4)}`;
    expect(audit).toMatchObject({ action: 'Create', entity: 'Order', entityId: String(row!.id) });
    expect(audit.summary).toMatch(
      new RegExp(
        `^Placed order ${orderNum} for 1001 .*; delivery after the license expired on ${expired}: ${reason}$`,
      ),
    );
    expect(audit.changes).toEqual(
      expect.arrayContaining([
        { Field: 'OverrideLicense', Before: null, After: true },
        { Field: 'OverrideReason', Before: null, After: reason },
      ]),
    );
    await t.app.settle();

    // A change by staff with the override: accepted, audited with what it let through.
    const changed = await calls.change(admin, row!.id, {
      ...staffBody,
      Name: 'Pat Changed',
      OverrideLicense: true,
      OverrideReason: 'Still on file',
    });
    expect(changed.statusCode).toBe(200);
    expect((await lastAudit()).summary).toMatch(
      new RegExp(
        `^Changed order ${orderNum} .*; delivery after the license expired on ${expired}: Still on file$`,
      ),
    );
    // Without the override, staff's change is refused like the customer's.
    const again = await calls.change(admin, row!.id, staffBody);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(refused());
  });

  it("a staff order that did not need the override still records it, in the lead time's way", async () => {
    await expires(null);
    const res = await calls.call('POST', '/Order', admin, {
      ...body,
      CustomerId: bar,
      OverrideLicense: true,
      OverrideReason: 'Just in case',
    });
    expect(res.statusCode).toBe(201);
    expect((await lastAudit()).summary).toMatch(/; license overridden: Just in case$/);
    await t.app.settle();
  });
});
