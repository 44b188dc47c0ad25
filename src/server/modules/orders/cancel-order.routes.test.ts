import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInCustomer, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { orderCalls } from '#support/order-change-fixtures.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { OrderStatus } from '../../../domain/enums.js';
import { orderByInstant } from '../../../domain/order-by.js';
import { changeMessages } from '../../../domain/order-change.js';
import { regenerateMessages } from '../../../domain/regenerate.schema.js';
import { auditEntries } from '../../db/schema.js';

const TZ = 'America/Chicago';
const TYPE1 = { LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 };

describe('POST Order/{id}/Cancel: a cancel before the cutoff (design.md 7.10)', () => {
  let t: OrderTestApp;
  let calls: ReturnType<typeof orderCalls>;
  let clock = TEST_NOW;
  let admin: string;
  let customer: string;
  let other: string;
  let body: Awaited<ReturnType<typeof validOrderBody>>;
  beforeAll(async () => {
    t = await createOrderTestApp('cancel-order', { now: () => clock });
    calls = orderCalls(t);
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
    other = await signInCustomer(t.app, 6001, 60611);
    body = await validOrderBody(t.db, 1001, TEST_NOW);
  });
  afterAll(() => t?.close());

  const audit = (id: number) =>
    t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'Order'), eq(auditEntries.entityId, String(id))));

  it('by its customer: Status Cancelled in the order and the history, the file gone, the mail marked Cancelled with what was cancelled', async () => {
    const { id, orderNum } = await calls.place(customer, body);
    expect(calls.file(orderNum)).not.toBeNull();
    const res = await calls.cancel(customer, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ IsSuccessful: true, OrderNum: orderNum, ErrorMessage: null });
    await t.app.settle();
    expect(calls.file(orderNum)).toBeNull();
    expect(calls.leftovers()).toEqual([]);

    const detail = (await calls.call('GET', `/Order/${id}`, customer)).json();
    expect(detail).toMatchObject({
      Status: OrderStatus.Cancelled,
      ChangedAt: TEST_NOW.toISOString(),
      ChangeableUntil: null,
    });
    const history = (await calls.call('GET', '/Orders/1001', customer)).json();
    expect(history.Orders.find((o: { Id: number }) => o.Id === id).Status).toBe(OrderStatus.Cancelled);

    const mails = calls.mails(orderNum);
    expect(mails).toEqual([`${orderNum}.cancelled.eml`, `${orderNum}.eml`]);
    const mail = await PostalMime.parse(readFileSync(path.join(t.outboxDir, mails[0]!)));
    expect(mail.subject).toBe(`Cancelled: Order confirmation ${orderNum}`);
    expect(mail.text?.split('\n')[0]).toMatch(
      new RegExp(`^Your order ${orderNum} for delivery on .* was cancelled`),
    );
    expect(mail.text).not.toContain('Thank you for your order');
    for (const line of body.ProductQuantities.filter((l) => l.CaseQuantity > 0)) {
      expect(mail.text).toContain(line.Code);
    }
    expect(await audit(id)).toEqual([]);
  });

  it('a cancelled order can be neither changed nor cancelled again (409), and Regenerate Orders never writes its file', async () => {
    const { id, orderNum } = await calls.place(customer, body);
    expect((await calls.cancel(customer, id)).statusCode).toBe(200);
    const change = await calls.change(customer, id, body);
    expect(change.statusCode).toBe(409);
    expect(change.json()).toEqual({ ErrorMessage: changeMessages.notOpen(orderNum) });
    const again = await calls.cancel(admin, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ ErrorMessage: changeMessages.notOpen(orderNum) });

    // Refused, naming the order, rather than a success that wrote nothing (issue 33); with an
    // open order chosen beside it, nothing is written either.
    const open = await calls.place(customer, body);
    const before = calls.file(open.orderNum);
    for (const ids of [[id], [open.id, id]]) {
      const regen = await calls.call('POST', '/RegenerateOrders', admin, ids);
      expect(regen.statusCode).toBe(422);
      expect(regen.json()).toEqual({
        ErrorMessage: regenerateMessages.cancelled([orderNum]),
        Errors: [{ Field: 'Ids', Message: regenerateMessages.cancelled([orderNum]) }],
      });
      expect(regenerateMessages.cancelled([orderNum])).toBe(
        `Order ${orderNum} is cancelled: it has no export file to write again`,
      );
    }
    expect(calls.file(orderNum)).toBeNull();
    expect(calls.file(open.orderNum)).toBe(before);
    const list = (await calls.call('GET', `/Orders?OrderNum=${orderNum}`, admin)).json();
    expect(list).toEqual([expect.objectContaining({ Id: id, Status: OrderStatus.Cancelled })]);
  });

  it("by staff: audited, Status Open to Cancelled; the dashboard's day no longer counts it", async () => {
    const { id, orderNum } = await calls.place(customer, body);
    const day = async () =>
      (
        (await calls.call('GET', '/Dashboard', admin)).json().OrdersByDeliveryDate as {
          Date: string;
          Orders: number;
        }[]
      ).find((d) => d.Date === body.DeliveryDate)?.Orders ?? 0;
    const before = await day();
    expect((await calls.cancel(admin, id)).statusCode).toBe(200);
    expect(await day()).toBe(before - 1);
    const rows = await audit(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'Update', userName: 'admin' });
    expect(rows[0]!.summary).toMatch(new RegExp(`^Cancelled order ${orderNum} for 1001 `));
    expect(rows[0]!.changes).toEqual([{ Field: 'Status', Before: 'Open', After: 'Cancelled' }]);
  });

  it("another customer's order answers as an unknown id (404); nobody signed in 401; after the cutoff 409", async () => {
    const { id, orderNum } = await calls.place(customer, body);
    const theirs = await calls.cancel(other, id);
    const unknown = await calls.cancel(other, 99_999_999);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect((await calls.cancel(null, id)).statusCode).toBe(401);
    const cutoff = orderByInstant(body.DeliveryDate, TYPE1, TZ);
    try {
      clock = cutoff;
      const late = await calls.cancel(customer, id);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ ErrorMessage: changeMessages.cutoffPassed(orderNum, cutoff, TZ) });
    } finally {
      clock = TEST_NOW;
    }
    expect(calls.file(orderNum)).toBe(await calls.savedText(id));
    expect((await calls.call('GET', `/Order/${id}`, customer)).json().Status).toBe(OrderStatus.Open);
  });

  it("the worksheet leaves a cancelled order's delivery date and cases out", async () => {
    const monday = '2026-11-30';
    const { id } = await calls.place(customer, { ...body, DeliveryDate: monday });
    const sheet = async () => {
      clock = new Date('2026-12-01T10:00:00-06:00');
      try {
        // Days on, in a session of that day (a session lasts a working day: decision 066).
        const later = await signInCustomer(t.app);
        return (
          await calls.call(
            'GET',
            `/Order/${(await calls.call('GET', '/Session', later)).json().Customer.Id}/Worksheet`,
            later,
          )
        ).json();
      } finally {
        clock = TEST_NOW;
      }
    };
    expect((await sheet()).DeliveryDates).toContain(monday);
    // That day's sign-in cleared the sessions older than a working day, this morning's too.
    expect((await calls.cancel(customer, id)).statusCode).toBe(401);
    customer = await signInCustomer(t.app);
    expect((await calls.cancel(customer, id)).statusCode).toBe(200);
    const after = await sheet();
    expect(after.DeliveryDates).not.toContain(monday);
    expect(JSON.stringify(after.Orders)).not.toContain(monday);
  });
});
