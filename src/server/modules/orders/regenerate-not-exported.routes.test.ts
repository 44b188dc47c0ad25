import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, TEST_NOW, type TestApp } from '#support/helpers.js';
import { OrderStatus } from '../../../domain/enums.js';
import type { WebOrderListItem } from '../../../domain/regenerate.schema.js';
import { orders } from '../../db/schema.js';

/**
 * GET Orders?NotExported=true: the web orders whose export file was never written, for staff
 * looking for what the ERP has not got (Regenerate Orders' "Not exported" filter). The list
 * answers the newest 1000 at most, so the filter is the server's: a browser filtering that page
 * would miss an older order that was never exported.
 */
describe('Regenerate Orders: the orders never exported', () => {
  let t: TestApp;
  let cookie: string;
  let web: { id: number; companyId: number }[];
  beforeAll(async () => {
    // Only the list is read: no export file is written, so no folder of its own is needed.
    t = await createTestApp({ now: () => TEST_NOW });
    cookie = await signInAdmin(t.app);
    // Every web order exported, then three of them (two of one customer) never written.
    await t.db.update(orders).set({ exportedAt: TEST_NOW }).where(eq(orders.source, 'web'));
    const all = await list();
    expect(all.length).toBeGreaterThan(4);
    web = all.map((o) => ({ id: o.Id, companyId: o.CompanyId }));
  });
  afterAll(() => t.close());

  async function list(query = '') {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/Orders${query}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WebOrderListItem[];
  }
  const forget = (ids: number[]) =>
    t.db
      .update(orders)
      .set({ exportedAt: null })
      .where(and(eq(orders.source, 'web'), inArray(orders.id, ids)));

  it('lists only the orders whose file was never written, newest first, with the other filters', async () => {
    expect(await list('?NotExported=true')).toEqual([]);
    // The oldest order too: the filter is applied before the list's cap, not on its page.
    const oldest = web.at(-1)!;
    const sameCustomer = web.find((o) => o.companyId === oldest.companyId && o.id !== oldest.id);
    const other = web.find((o) => o.companyId !== oldest.companyId)!;
    const forgotten = [oldest.id, other.id, ...(sameCustomer ? [sameCustomer.id] : [])];
    await forget(forgotten);

    const notExported = await list('?NotExported=true');
    expect(notExported.map((o) => o.Id).sort()).toEqual([...forgotten].sort());
    expect(notExported.every((o) => o.ExportedAt === null)).toBe(true);
    const dates = notExported.map((o) => o.CreateDate);
    expect(dates).toEqual([...dates].sort().reverse());

    const ofOne = await list(`?NotExported=1&CompanyId=${oldest.companyId}`);
    expect(ofOne.map((o) => o.Id).sort()).toEqual(
      forgotten.filter((id) => web.find((o) => o.id === id)!.companyId === oldest.companyId).sort(),
    );
    // false, or left out: every web order, exported or not.
    expect(await list('?NotExported=false')).toHaveLength(web.length);
    expect(await list('?NotExported=')).toHaveLength(web.length);
  });

  it('leaves out a cancelled order: it has no file to write (the dashboard counts the same)', async () => {
    const before = await list('?NotExported=true');
    expect(before.length).toBeGreaterThan(0);
    await t.db.update(orders).set({ status: OrderStatus.Cancelled }).where(eq(orders.id, before[0]!.Id));
    expect((await list('?NotExported=true')).map((o) => o.Id)).toEqual(before.slice(1).map((o) => o.Id));
  });

  it('refuses a value that is not true or false with 422', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Orders?NotExported=maybe',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().ErrorMessage).toContain('NotExported must be true or false');
  });
});
