import { existsSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInCustomer, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { orderCalls } from '#support/order-change-fixtures.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { orders } from '../../db/schema.js';
import { claimedPath, EXPORT_CLAIM_LEASE_MS, exportPath, settleExportClaims } from './export-claim.js';

/**
 * The recovery sweep of claimed export files (decision 052), as the start and the mail retry
 * round run it: a claim whose lease has passed is settled from the database, one whose lease
 * runs is left to its change; a change finding a claim left in place goes on and writes the file.
 */
describe('claimed export files left by an unfinished change', () => {
  let t: OrderTestApp;
  let calls: ReturnType<typeof orderCalls>;
  let customer: string;
  let admin: string;
  let body: Awaited<ReturnType<typeof validOrderBody>>;
  beforeAll(async () => {
    t = await createOrderTestApp('export-claim');
    calls = orderCalls(t);
    customer = await signInCustomer(t.app);
    admin = await signInAdmin(t.app);
    body = await validOrderBody(t.db, 1001, TEST_NOW);
  });
  afterAll(() => t?.close());

  const sweep = (now: Date) =>
    settleExportClaims(t.db, { exportDir: t.exportDir, tz: 'America/Chicago', now }, t.app.log);
  /** Leaves the order's file claimed, as a process killed after its commit would, leased until `until`. */
  async function leaveClaim(orderNum: string, id: number, until: Date | null, content?: string) {
    renameSync(exportPath(t.exportDir, orderNum), claimedPath(t.exportDir, orderNum));
    if (content !== undefined) writeFileSync(claimedPath(t.exportDir, orderNum), content);
    await t.db.update(orders).set({ exportClaimedUntil: until }).where(eq(orders.id, id));
  }

  it('settles a claim once its lease has passed, from the database, and leaves one whose lease runs', async () => {
    const { id, orderNum } = await calls.place(customer, body);
    const saved = await calls.savedText(id);
    const until = new Date(TEST_NOW.getTime() + EXPORT_CLAIM_LEASE_MS);
    await leaveClaim(orderNum, id, until, 'a stale version\r\n');
    expect(await sweep(TEST_NOW)).toBe(0);
    expect(calls.file(orderNum)).toBeNull();
    expect(calls.leftovers()).toEqual([path.basename(claimedPath(t.exportDir, orderNum))]);

    expect(await sweep(until)).toBe(1);
    expect(calls.file(orderNum)).toBe(saved);
    expect(calls.leftovers()).toEqual([]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.exportClaimedUntil).toBeNull();
  });

  it("removes a cancelled order's claim, and the claim of an order that is gone", async () => {
    const cancelled = await calls.place(customer, body);
    expect((await calls.cancel(customer, cancelled.id)).statusCode).toBe(200);
    writeFileSync(claimedPath(t.exportDir, cancelled.orderNum), 'left by a kill\r\n');
    writeFileSync(claimedPath(t.exportDir, 'W999999999'), 'an order deleted since\r\n');
    expect(await sweep(TEST_NOW)).toBe(2);
    expect(calls.leftovers()).toEqual([]);
    expect(calls.file(cancelled.orderNum)).toBeNull();
    expect(existsSync(exportPath(t.exportDir, 'W999999999'))).toBe(false);
  });

  it('a change that finds a claim left in place goes on (the ERP never has a dot file) and writes the file', async () => {
    const { id, orderNum } = await calls.place(customer, body);
    await leaveClaim(orderNum, id, new Date(TEST_NOW.getTime() + EXPORT_CLAIM_LEASE_MS));
    const res = await calls.change(admin, id, { ...body, Name: 'After A Kill' });
    expect(res.statusCode).toBe(200);
    expect(calls.file(orderNum)).toBe(await calls.savedText(id));
    expect(calls.file(orderNum)).toContain('After A Kill');
    expect(calls.leftovers()).toEqual([]);
  });

  it('Regenerate Orders leaves an order a change holds claimed, and settles a lapsed claim', async () => {
    const { id, orderNum } = await calls.place(customer, body);
    const until = new Date(TEST_NOW.getTime() + EXPORT_CLAIM_LEASE_MS);
    await leaveClaim(orderNum, id, until);
    const held = await calls.call('POST', '/RegenerateOrders', admin, [id]);
    expect(held.json()).toEqual({ Regenerated: 0 });
    expect(calls.file(orderNum)).toBeNull();
    await t.db.update(orders).set({ exportClaimedUntil: null }).where(eq(orders.id, id));
    const lapsed = await calls.call('POST', '/RegenerateOrders', admin, [id]);
    expect(lapsed.json()).toEqual({ Regenerated: 1 });
    expect(calls.file(orderNum)).toBe(await calls.savedText(id));
    expect(calls.leftovers()).toEqual([]);
  });
});
