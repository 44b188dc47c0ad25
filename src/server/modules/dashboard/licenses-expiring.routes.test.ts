import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, TEST_NOW, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import type { Dashboard } from '../../../domain/dashboard.schema.js';
import { customers } from '../../db/schema.js';

/**
 * The dashboard's liquor licenses (design.md 8.2) on the server's clock: TEST_NOW is Wednesday
 * 11/25/2026 in Chicago, then the clock moves a day. The licenses come in by the customers file.
 */
describe('GET Dashboard: liquor licenses expired or expiring within 30 days', () => {
  let t: TestApp;
  let admin: string;
  let clock = TEST_NOW;
  const ids = new Map<number, number>();
  const dashboard = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Dashboard', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    return res.json() as Dashboard;
  };
  const entry = (companyId: number, LicenseExpires: string, Expired: boolean) => ({
    CustomerId: ids.get(companyId),
    CompanyId: companyId,
    Name: `License Bar ${companyId}`,
    LicenseNumber: `IL-${companyId}`,
    LicenseExpires,
    Expired,
  });

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    admin = await signInAdmin(t.app);
    // The demo customers' licenses are not this test's.
    await t.db.update(customers).set({ licenseNumber: null, licenseExpires: null });
    const file = [
      ['8701', '11/24/2026'], // yesterday: expired
      ['8702', '11/25/2026'], // today: its last day
      ['8703', '12/25/2026'], // in 30 days
      ['8704', '12/26/2026'], // in 31 days
      ['8706', '01/31/2025'], // long expired, but the customer is inactive
    ]
      .map(([id, date]) => `${id}\tLicense Bar ${id}\t60601\t1\tIL-${id}\t${date}`)
      .concat(['8705\tLicense Bar 8705\t60601\t1'])
      .join('\n');
    const body = multipartFile(file, { fileName: 'customers.txt' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/CustomerImport',
      payload: body.payload,
      headers: { ...body.headers, cookie: admin },
    });
    expect(res.json()).toMatchObject({ Inserted: 6, Rejected: [] });
    const rows = await t.db
      .select({ id: customers.id, companyId: customers.companyId })
      .from(customers)
      .where(inArray(customers.companyId, [8701, 8702, 8703, 8704, 8705, 8706]));
    for (const r of rows) ids.set(r.companyId, r.id);
    await t.db.update(customers).set({ isActive: false }).where(eq(customers.companyId, 8706));
  });
  afterAll(async () => t?.close());

  it('lists the expired first, then the last day today and the one 30 days ahead; not 31 days, not without one', async () => {
    const body = await dashboard();
    expect(body.Today).toBe('2026-11-25');
    expect(body.LicensesExpiring).toEqual([
      entry(8701, '2026-11-24', true),
      entry(8702, '2026-11-25', false),
      entry(8703, '2026-12-25', false),
    ]);
    expect(body.LicensesExpiringTotal).toBe(3);
  });

  it("follows the server's clock: a day later, today's license has expired and the 31st day is in", async () => {
    clock = new Date(TEST_NOW.getTime() + 24 * 3600_000);
    // A session lasts a working day on the server's clock (decision 066): that day's sign-in.
    admin = await signInAdmin(t.app);
    const body = await dashboard();
    expect(body.Today).toBe('2026-11-26');
    expect(body.LicensesExpiring).toEqual([
      entry(8701, '2026-11-24', true),
      entry(8702, '2026-11-25', true),
      entry(8703, '2026-12-25', false),
      entry(8704, '2026-12-26', false),
    ]);
    expect(body.LicensesExpiringTotal).toBe(4);
  });
});
