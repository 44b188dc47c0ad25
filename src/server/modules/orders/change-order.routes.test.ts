import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOpenApi, signInAdmin, signInCustomer, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { orderCalls } from '#support/order-change-fixtures.js';
import { customerByCompany, orderableCodes, validOrderBody } from '#support/order-fixtures.js';
import { addDays } from '../../../domain/business-date.js';
import { orderByInstant } from '../../../domain/order-by.js';
import { changeMessages } from '../../../domain/order-change.js';
import { belowMinimumMessage, casesInAll } from '../../../domain/order-minimum.js';
import { auditEntries, customerTypes, orderLines, orders } from '../../db/schema.js';
import { markMailed, recordMailFailure } from '../mail/mail-retry.service.js';

const TZ = 'America/Chicago';
const TYPE1 = { LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 };

describe('PUT Order/{id}: a change before the cutoff (design.md 7.10)', () => {
  let t: OrderTestApp;
  let calls: ReturnType<typeof orderCalls>;
  let clock = TEST_NOW;
  let admin: string;
  let customer: string;
  let other: string;
  let bar: number;
  let body: Awaited<ReturnType<typeof validOrderBody>>;
  let codes: Awaited<ReturnType<typeof orderableCodes>>;
  beforeAll(async () => {
    t = await createOrderTestApp('change-order', { now: () => clock });
    calls = orderCalls(t);
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
    other = await signInCustomer(t.app, 6001, 60611);
    bar = (await customerByCompany(t.db, 1001)).id;
    body = await validOrderBody(t.db, 1001, TEST_NOW);
    codes = await orderableCodes(t.db, 1001, body.DeliveryDate);
  });
  afterAll(() => t?.close());

  /** The body with other lines: 5 cases of the first product, 3 of the fourth. */
  const changed = (extra: object = {}) => ({
    ...body,
    ProductQuantities: [
      { Code: codes[0]!.code, CaseQuantity: 5, UnitQuantity: 0 },
      { Code: codes[3]!.code, CaseQuantity: 3, UnitQuantity: 0 },
    ],
    ...extra,
  });
  const lines = async (id: number) =>
    (await t.db.select().from(orderLines).where(eq(orderLines.orderId, id))).map((l) => [
      l.code,
      l.caseQuantity,
    ]);

  it('by its customer: the same Web Conf #, the file written again under its name, the mail marked Changed, no audit row', async () => {
    const { id, orderNum } = await calls.place(customer, body);
    const before = calls.file(orderNum);
    const res = await calls.change(customer, id, changed({ Name: 'Pat Changed' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ IsSuccessful: true, OrderNum: orderNum, ErrorMessage: null });
    await t.app.settle();

    const after = calls.file(orderNum);
    expect(after).not.toBe(before);
    expect(after).toBe(await calls.savedText(id));
    expect(after).toContain(`${codes[3]!.code}\t`);
    expect(after).toContain('Pat Changed');
    expect(calls.leftovers()).toEqual([]);
    expect(await lines(id)).toEqual([
      [codes[0]!.code, 5],
      [codes[3]!.code, 3],
    ]);

    const detail = (await calls.call('GET', `/Order/${id}`, customer)).json();
    expect(detail.ChangedAt).toBe(TEST_NOW.toISOString());
    expect(detail.ChangeableUntil).toBe(orderByInstant(body.DeliveryDate, TYPE1, TZ).toISOString());
    expect(detail.Status).toBe(1);

    const mails = calls.mails(orderNum);
    expect(mails).toEqual([`${orderNum}.changed-${TEST_NOW.getTime()}.eml`, `${orderNum}.eml`]);
    const mail = await PostalMime.parse(readFileSync(path.join(t.outboxDir, mails[0]!)));
    expect(mail.subject).toBe(`Changed: Order confirmation ${orderNum}`);
    expect(mail.text?.split('\n')[0]).toMatch(new RegExp(`^Your order ${orderNum} was changed`));
    expect(mail.messageId).not.toBe(
      (await PostalMime.parse(readFileSync(path.join(t.outboxDir, mails[1]!)))).messageId,
    );
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ mailedAt: TEST_NOW, exportClaimedUntil: null, changedAt: TEST_NOW });
    expect(await t.db.select().from(auditEntries).where(eq(auditEntries.entity, 'Order'))).toEqual([]);
  });

  it('by staff: audited in the same transaction with what changed, before and after', async () => {
    const { id, orderNum } = await calls.place(customer, body);
    const later = addDays(body.DeliveryDate, 3); // Friday to Monday
    const res = await calls.change(admin, id, changed({ DeliveryDate: later }));
    expect(res.statusCode).toBe(200);
    expect(calls.file(orderNum)).toBe(await calls.savedText(id));
    expect(calls.file(orderNum)).toContain(`\t${later.slice(5, 7)}/${later.slice(8)}/${later.slice(0, 4)}\t`);
    const audit = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'Order'), eq(auditEntries.entityId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'Update', userName: 'admin' });
    expect(audit[0]!.summary).toMatch(
      new RegExp(`^Changed order ${orderNum} for 1001 .*, delivery ${later}$`),
    );
    const fields = (audit[0]!.changes as { Field: string; Before: unknown; After: unknown }[]).map(
      (c) => c.Field,
    );
    expect(fields).toEqual(['DeliveryDate', 'Products']);
    expect(audit[0]!.changes).toContainEqual({
      Field: 'DeliveryDate',
      Before: body.DeliveryDate,
      After: later,
    });
  });

  it("answers another customer's order as an unknown id (404, the same body), and 401 to nobody", async () => {
    const { id } = await calls.place(customer, body);
    const theirs = await calls.change(other, id, changed());
    const unknown = await calls.change(other, 99_999_999, changed());
    expect(theirs.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect(theirs.json()).toEqual({ ErrorMessage: 'The order was not found' });
    expect((await calls.change(null, id, changed())).statusCode).toBe(401);
    expect(await lines(id)).toHaveLength(2);
  });

  it('refuses 409 from the cutoff minute on, with the time it passed; a minute before, it changes', async () => {
    const { id, orderNum } = await calls.place(customer, body);
    const cutoff = orderByInstant(body.DeliveryDate, TYPE1, TZ);
    try {
      clock = cutoff;
      const res = await calls.change(customer, id, changed());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ ErrorMessage: changeMessages.cutoffPassed(orderNum, cutoff, TZ) });
      expect(res.json().ErrorMessage).toBe(
        `Order ${orderNum} can no longer be changed: its cutoff passed at 4:00 PM Central on Wednesday 11/25`,
      );
      expect((await calls.call('GET', `/Order/${id}`, customer)).json().ChangeableUntil).toBeNull();
      expect(calls.file(orderNum)).toBe(await calls.savedText(id));
      expect(await lines(id)).toHaveLength(2);
      clock = new Date(cutoff.getTime() - 60_000);
      expect((await calls.change(customer, id, changed())).statusCode).toBe(200);
    } finally {
      clock = TEST_NOW;
    }
  });

  it("refuses a CustomerId other than the order's own (422), and a customer's override (403)", async () => {
    const { id } = await calls.place(customer, body);
    const res = await calls.change(admin, id, changed({ CustomerId: bar + 1 }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      IsSuccessful: false,
      OrderNum: null,
      Errors: [{ Field: 'CustomerId', Message: changeMessages.otherCustomer }],
    });
    expect((await calls.change(admin, id, changed({ CustomerId: bar }))).statusCode).toBe(200);
    const override = await calls.change(
      customer,
      id,
      changed({ OverrideLeadTime: true, OverrideReason: 'x' }),
    );
    expect(override.statusCode).toBe(403);
  });

  it('holds the change to the minimum (422), and staff go below it with the override and its reason', async () => {
    const { id } = await calls.place(customer, body);
    await t.db.update(customerTypes).set({ minimumCases: 5 }).where(eq(customerTypes.id, 1));
    try {
      const small = {
        ...body,
        ProductQuantities: [{ Code: codes[0]!.code, CaseQuantity: 1, UnitQuantity: 0 }],
      };
      const res = await calls.change(customer, id, small);
      expect(res.statusCode).toBe(422);
      const message = belowMinimumMessage(
        5,
        casesInAll([{ CaseQuantity: 1, UnitQuantity: 0, UnitsPerCase: 1, IsCaseOnly: true }]),
      );
      expect(res.json()).toEqual({
        IsSuccessful: false,
        OrderNum: null,
        ErrorMessage: message,
        Errors: [{ Field: 'ProductQuantities', Message: message }],
      });
      expect(await lines(id)).toHaveLength(2);
      const staff = await calls.change(admin, id, {
        ...small,
        OverrideLeadTime: true,
        OverrideReason: 'Trial order',
      });
      expect(staff.statusCode).toBe(200);
      expect(await lines(id)).toEqual([[codes[0]!.code, 1]]);
    } finally {
      await t.db.update(customerTypes).set({ minimumCases: 0 }).where(eq(customerTypes.id, 1));
    }
  });

  it('answers 409 "already with the distributor" once the ERP has taken the file, and changes nothing', async () => {
    const { id, orderNum } = await calls.place(customer, body);
    const { rename, mkdir } = await import('node:fs/promises');
    const erp = path.join(t.dir, 'erp');
    await mkdir(erp, { recursive: true });
    await rename(path.join(t.exportDir, `${orderNum}.txt`), path.join(erp, `${orderNum}.txt`));
    const res = await calls.change(customer, id, changed());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ ErrorMessage: changeMessages.withDistributor(orderNum) });
    expect(calls.file(orderNum)).toBeNull();
    expect(calls.leftovers()).toEqual([]);
    expect(await lines(id)).toHaveLength(2);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ changedAt: null, exportClaimedUntil: null });
  });

  it('two changes of one order at once: both answer, and the file is the last committed version', async () => {
    const { id, orderNum } = await calls.place(customer, body);
    const [a, b] = await Promise.all([
      calls.change(customer, id, changed({ Name: 'First Change' })),
      calls.change(admin, id, changed({ Name: 'Second Change' })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    await t.app.settle();
    const saved = await calls.savedText(id);
    expect(calls.file(orderNum)).toBe(saved);
    expect(saved).toMatch(/First Change|Second Change/);
    expect(calls.leftovers()).toEqual([]);
  });

  it('publishes PUT Order/{id} and POST Order/{id}/Cancel in the OpenAPI document, with their answers', async () => {
    const doc = await readOpenApi(t.app);
    const put = doc.paths['/api/v1/Order/{id}']?.put as { responses: Record<string, unknown> };
    const cancel = doc.paths['/api/v1/Order/{id}/Cancel']?.post as { responses: Record<string, unknown> };
    expect(Object.keys(put.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '422']);
    expect(Object.keys(cancel.responses).sort()).toEqual(['200', '400', '401', '404', '409']);
    expect(JSON.stringify(put.responses['200'])).toContain('"OrderNum"');
  });

  it("a first confirmation finishing after a change records nothing: the Changed mail's claim stays owed", async () => {
    const { id } = await calls.place(customer, body);
    expect((await calls.change(customer, id, changed())).statusCode).toBe(200);
    await t.app.settle();
    const changedAt = TEST_NOW.toISOString();
    // The Changed mail's attempt failed; then the first confirmation's late outcome arrives.
    await t.db.update(orders).set({ mailedAt: null }).where(eq(orders.id, id));
    await recordMailFailure(t.db, { id, attempt: 1 }, new Error('refused'), TEST_NOW, changedAt);
    const owed = (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
    expect(owed).toMatchObject({ mailedAt: null, mailError: 'refused' });
    await markMailed(t.db, { Id: id, ChangedAt: null }, TEST_NOW);
    await recordMailFailure(t.db, { id, attempt: 1 }, new Error('late'), TEST_NOW, null);
    expect((await t.db.select().from(orders).where(eq(orders.id, id)))[0]).toEqual(owed);
    await markMailed(t.db, { Id: id, ChangedAt: changedAt }, TEST_NOW);
    expect((await t.db.select().from(orders).where(eq(orders.id, id)))[0]).toMatchObject({
      mailedAt: TEST_NOW,
    });
  });
});
