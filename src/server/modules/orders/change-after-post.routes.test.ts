import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCustomer, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { orderCalls } from '#support/order-change-fixtures.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { changeMessages } from '../../../domain/order-change.js';
import { orders } from '../../db/schema.js';
import { EXPORT_CLAIM_LEASE_MS, exportPath } from './export-claim.js';

/**
 * The moment after POST Order answers (decision 052): its file is written, the mark that says
 * so comes a moment later. An ERP that takes the file in that moment leaves no file and no mark,
 * which is also what a file never written looks like; POST Order's lease tells them apart, so a
 * change never writes a second file the ERP would take as a second order.
 */
describe('a change right after POST Order', () => {
  let t: OrderTestApp;
  let calls: ReturnType<typeof orderCalls>;
  let customer: string;
  let body: Awaited<ReturnType<typeof validOrderBody>>;
  const clock = TEST_NOW;
  beforeAll(async () => {
    t = await createOrderTestApp('change-after-post', { now: () => clock });
    calls = orderCalls(t);
    customer = await signInCustomer(t.app);
    body = await validOrderBody(t.db, 1001, TEST_NOW);
  });
  afterAll(() => t?.close());

  const row = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const changed = () => ({
    ...body,
    ProductQuantities: [{ ...body.ProductQuantities[0]!, CaseQuantity: 9 }],
  });

  it('POST Order holds a lease while it writes its file, and its mark ends it', async () => {
    const res = await calls.call('POST', '/Order', customer, body);
    expect(res.statusCode).toBe(201);
    const [saved] = await t.db.select().from(orders).where(eq(orders.orderNum, res.json().OrderNum));
    // Before the mark (it runs after the answer) the lease may still be there; after it, never.
    await t.app.settle();
    const after = await row(saved!.id);
    expect(after.exportedAt).not.toBeNull();
    expect(after.exportClaimedUntil).toBeNull();
  });

  it('refuses a change while the file is taken but not yet recorded, and writes no file', async () => {
    const { id, orderNum } = await calls.place(customer, body);
    // The state of the moment between the write and the mark, and the ERP took the file in it.
    const erp = path.join(t.dir, `erp-${orderNum}.txt`);
    renameSync(exportPath(t.exportDir, orderNum), erp);
    const until = new Date(clock.getTime() + EXPORT_CLAIM_LEASE_MS);
    await t.db.update(orders).set({ exportedAt: null, exportClaimedUntil: until }).where(eq(orders.id, id));

    const res = await calls.change(customer, id, changed());
    expect(res.statusCode).toBe(409);
    expect(res.json().ErrorMessage).toBe(changeMessages.beingSent(orderNum));
    expect(calls.file(orderNum)).toBeNull();
    expect(calls.leftovers()).toEqual([]);
    rmSync(erp);
  });

  it('after a write that failed, lets the change write the first file at once', async () => {
    const { id, orderNum } = await calls.place(customer, body);
    // POST Order's write failed: no file, no mark, and its lease ended with the failure.
    rmSync(exportPath(t.exportDir, orderNum));
    await t.db.update(orders).set({ exportedAt: null, exportClaimedUntil: null }).where(eq(orders.id, id));
    const res = await calls.change(customer, id, changed());
    expect(res.statusCode).toBe(200);
    await t.app.settle();
    expect(calls.file(orderNum)).toBe(await calls.savedText(id));
    expect((await row(id)).exportedAt).not.toBeNull();
  });
});
