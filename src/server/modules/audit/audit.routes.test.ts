import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  readOpenApi,
  signInAdmin,
  signInCustomer,
  TEST_ADMIN,
  TEST_NOW,
  type TestApp,
} from '#support/helpers.js';
import { fixturePath } from '#support/import-fixtures/read-fixture.js';
import { multipartFile } from '#support/multipart.js';
import { customerByCompany, orderableCodes } from '#support/order-fixtures.js';
import type { AuditEntry, AuditPage } from '../../../domain/audit.schema.js';
import { businessToday } from '../../../domain/business-date.js';
import type { WebOrderListItem } from '../../../domain/regenerate.schema.js';
import { auditEntries } from '../../db/schema.js';

/** Design.md 7.6: every admin write leaves one row, in its own transaction. */
describe('the audit trail', () => {
  let t: TestApp;
  let dir: string;
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-audit-'));
    t = await createTestApp({ config: { dataDir: dir, exportDir: path.join(dir, 'exports') } });
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload: payload as object, headers: { cookie } });
  const rows = async () => (await t.db.select({ n: count() }).from(auditEntries))[0]!.n;
  /** The newest row, after checking the write added exactly one. */
  const latest = async (before: number): Promise<AuditEntry> => {
    expect(await rows()).toBe(before + 1);
    const page = (await call('GET', '/Audit')).json() as AuditPage;
    return page.Entries[0]!;
  };
  const by = { User: TEST_ADMIN.user, At: TEST_NOW.toISOString() };

  it('records a customer type saved, with the changed fields only', async () => {
    const n = await rows();
    const res = await call('POST', '/CustomerType', {
      Id: 2,
      Name: 'Restaurants',
      LeadHours: 48,
      CutoffHours: 9,
      CutoffMinutes: 0,
      Footer: '',
    });
    expect(res.statusCode).toBe(200);
    const row = await latest(n);
    expect(row).toMatchObject({ ...by, Action: 'Update', Entity: 'CustomerType', EntityId: '2' });
    expect(row.Changes).toContainEqual({ Field: 'CutoffHours', Before: expect.any(Number), After: 9 });
    expect(row.Changes.map((c) => c.Field)).not.toContain('Id');
  });

  it('records an item created, updated and deleted', async () => {
    const n = await rows();
    const body = { Code: 'AUD-1', Description: 'Audit Ale', Type: 2, Units: 24 };
    const created = (await call('POST', '/Product', { ...body, Id: 0 })).json() as { Id: number };
    const c = await latest(n);
    expect(c).toMatchObject({ Action: 'Create', Entity: 'Product', EntityId: String(created.Id) });
    expect(c.Changes).toContainEqual({ Field: 'Code', Before: null, After: 'AUD-1' });
    expect((await call('POST', '/Product', { ...body, Id: created.Id, Units: 12 })).statusCode).toBe(200);
    expect((await latest(n + 1)).Changes).toEqual([{ Field: 'Units', Before: 24, After: 12 }]);
    expect((await call('DELETE', `/Product/${created.Id}`)).statusCode).toBe(204);
    const d = await latest(n + 2);
    expect(d).toMatchObject({ Action: 'Delete', Entity: 'Product' });
    expect(d.Changes).toContainEqual({ Field: 'Description', Before: 'Audit Ale', After: null });
  });

  it('records a customer and its product links', async () => {
    const n = await rows();
    const cust = { CompanyId: 4777, CustomerTypeId: 2, Name: 'Audit Tap', Zipcode: 60622 };
    const created = (await call('POST', '/Customer', { ...cust, Id: 0 })).json() as { Id: number };
    expect(await latest(n)).toMatchObject({
      Action: 'Create',
      Entity: 'Customer',
      EntityId: String(created.Id),
    });
    await call('POST', '/Customer', { ...cust, Id: created.Id, Name: 'Audit Tap II', IsActive: false });
    expect((await latest(n + 1)).Changes).toEqual([
      { Field: 'Name', Before: 'Audit Tap', After: 'Audit Tap II' },
      { Field: 'IsActive', Before: true, After: false },
    ]);
    const link = await call('POST', `/Customer/${created.Id}/Product`, { ProductId: 1 });
    expect(link.statusCode).toBe(201);
    const l = await latest(n + 2);
    expect(l).toMatchObject({ Action: 'Create', Entity: 'CustomerProduct' });
    expect(l.Changes).toContainEqual({ Field: 'ProductId', Before: null, After: 1 });
    const { ProductLinkId } = link.json() as { ProductLinkId: number };
    expect((await call('DELETE', `/Customer/${created.Id}/Product/${ProductLinkId}`)).statusCode).toBe(204);
    expect(await latest(n + 3)).toMatchObject({ Action: 'Delete', Entity: 'CustomerProduct' });
    expect((await call('DELETE', `/Customer/${created.Id}`)).statusCode).toBe(204);
    expect(await latest(n + 4)).toMatchObject({ Action: 'Delete', Entity: 'Customer' });
  });

  it('records a message, the footer and a holiday', async () => {
    const n = await rows();
    const msg = {
      StartDate: '2026-06-01',
      EndDate: '2026-06-30',
      CustomerTypeId: 0,
      Message: '<p>Early</p>',
    };
    const created = (await call('POST', '/Message', { ...msg, Id: 0 })).json() as { Id: number };
    expect(await latest(n)).toMatchObject({
      Action: 'Create',
      Entity: 'Message',
      EntityId: String(created.Id),
    });
    expect((await call('DELETE', `/Message/${created.Id}`)).statusCode).toBe(204);
    expect(await latest(n + 1)).toMatchObject({ Action: 'Delete', Entity: 'Message' });

    expect((await call('POST', '/Footer', { Footer: '<b>Call us</b>' })).statusCode).toBe(200);
    const f = await latest(n + 2);
    expect(f).toMatchObject({ Entity: 'Footer', Action: 'Update' });
    expect(f.Changes).toEqual([{ Field: 'Footer', Before: expect.any(String), After: '<b>Call us</b>' }]);

    const h = await call('POST', '/Holiday', { Date: '2026-12-31', Name: 'Inventory Day' });
    expect(h.statusCode).toBe(201);
    expect((await latest(n + 3)).Changes).toEqual([
      { Field: 'Date', Before: null, After: '2026-12-31' },
      { Field: 'Name', Before: null, After: 'Inventory Day' },
    ]);
    expect((await call('DELETE', `/Holiday/${(h.json() as { Id: number }).Id}`)).statusCode).toBe(204);
    expect(await latest(n + 4)).toMatchObject({ Action: 'Delete', Entity: 'Holiday' });
  });

  it('records a user saved and that a password changed, never a password or hash', async () => {
    const n = await rows();
    const user = { Name: 'Audit Person', UserName: 'auditee', Password: 'sekrit-pass-123', Company: '' };
    const created = (await call('POST', '/User', { ...user, Id: 0 })).json() as { Id: number };
    expect(await latest(n)).toMatchObject({ Action: 'Create', Entity: 'User', EntityId: String(created.Id) });
    await call('POST', '/User', { ...user, Id: created.Id, Password: 'another-pass-456', Phone: '' });
    const u = await latest(n + 1);
    expect(u.Changes).toContainEqual({ Field: 'Password', Before: null, After: '(changed)' });
    expect((await call('DELETE', `/User/${created.Id}`)).statusCode).toBe(204);
    expect(await latest(n + 2)).toMatchObject({ Action: 'Delete', Entity: 'User' });
    const stored = JSON.stringify(await t.db.select().from(auditEntries));
    expect(stored).not.toMatch(/sekrit|another-pass|argon2|test-admin-password/);
    expect(stored).not.toMatch(/PasswordHash|password_hash/i);
  });

  it('records a customer’s reminders turned off by staff', async () => {
    const n = await rows();
    expect((await call('PUT', '/Customer/1/Reminders', { RemindersOff: true })).statusCode).toBe(200);
    expect(await latest(n)).toMatchObject({
      Entity: 'CustomerReminders',
      EntityId: '1',
      Changes: [{ Field: 'RemindersOff', Before: false, After: true }],
    });
  });

  it('records pars staff set or forget for a customer, and none for the customer’s own', async () => {
    const [first, second] = await orderableCodes(t.db, 1001, businessToday(TEST_NOW, 'America/Chicago'));
    const { id } = (await customerByCompany(t.db, 1001))!;
    const n = await rows();
    // The customer's own pars are not an admin write.
    expect(
      (await call('PUT', `/Customer/${id}/Pars`, [{ Code: first!.code, Par: 3 }], customer)).statusCode,
    ).toBe(200);
    expect(await rows()).toBe(n);
    const res = await call('PUT', `/Customer/${id}/Pars`, [
      { Code: first!.code, Par: 5 },
      { Code: second!.code, Par: 2 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(await latest(n)).toMatchObject({
      ...by,
      Action: 'Update',
      Entity: 'CustomerPars',
      EntityId: String(id),
      Summary: expect.stringMatching(/^Changed 2 pars for customer 1001 /),
      Changes: [
        { Field: `Par ${first!.code}`, Before: 3, After: 5 },
        { Field: `Par ${second!.code}`, Before: null, After: 2 },
      ],
    });
    // Forgetting one is a change; saving the same value again is none, and leaves no row.
    await call('PUT', `/Customer/${id}/Pars`, [{ Code: second!.code, Par: null }]);
    expect((await latest(n + 1)).Changes).toEqual([{ Field: `Par ${second!.code}`, Before: 2, After: null }]);
    await call('PUT', `/Customer/${id}/Pars`, [{ Code: first!.code, Par: 5 }]);
    expect(await rows()).toBe(n + 2);
  });

  it('records one row per import with the file name and counts', async () => {
    const n = await rows();
    const body = multipartFile(readFileSync(fixturePath('items-header-crlf.txt')), { fileName: 'items.txt' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ItemImport',
      payload: body.payload,
      headers: { ...body.headers, cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const report = res.json() as { Lines: number; Inserted: number };
    const row = await latest(n);
    expect(row).toMatchObject({ ...by, Action: 'Import', Entity: 'Import', EntityId: 'Items' });
    expect(row.Summary).toContain('items.txt');
    expect(row.Changes).toContainEqual({ Field: 'FileName', Before: null, After: 'items.txt' });
    expect(row.Changes).toContainEqual({ Field: 'Lines', Before: null, After: report.Lines });
    expect(row.Changes).toContainEqual({ Field: 'Inserted', Before: null, After: report.Inserted });
  });

  it('records a regeneration with the orders written', async () => {
    const [order] = (await call('GET', '/Orders')).json() as WebOrderListItem[];
    const n = await rows();
    expect((await call('POST', '/RegenerateOrders', [order!.Id])).statusCode).toBe(200);
    expect(await latest(n)).toMatchObject({
      Action: 'Regenerate',
      EntityId: order!.OrderNum,
      Changes: [{ Field: 'Orders', Before: null, After: order!.OrderNum }],
    });
  });

  it('records nothing for a write that fails', async () => {
    const n = await rows();
    // A code another item has: 409 after the checks.
    expect(
      (await call('POST', '/Product', { Id: 0, Code: 'FX-100', Description: 'x', Type: 1, Units: 1 }))
        .statusCode,
    ).toBe(409);
    // A type that customers use cannot be deleted: 409 inside the transaction.
    expect((await call('DELETE', '/CustomerType/1')).statusCode).toBe(409);
    expect((await call('DELETE', '/Holiday/999999')).statusCode).toBe(404);
    expect(
      (
        await call('POST', '/Message', {
          Id: 999999,
          StartDate: '2026-06-01',
          EndDate: '2026-06-30',
          CustomerTypeId: 0,
          Message: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(await rows()).toBe(n);
  });

  it('filters by date, user and entity, newest first, a page at a time', async () => {
    const all = (await call('GET', '/Audit')).json() as AuditPage;
    expect(all.Total).toBeGreaterThan(10);
    expect(all.Entries.map((e) => e.Id)).toEqual([...all.Entries.map((e) => e.Id)].sort((a, b) => b - a));
    const products = (await call('GET', '/Audit?entity=product')).json() as AuditPage;
    expect(products.Total).toBe(3);
    expect(products.Entries.every((e) => e.Entity === 'Product')).toBe(true);
    expect(((await call('GET', '/Audit?user=ADMIN')).json() as AuditPage).Total).toBe(all.Total);
    expect(((await call('GET', '/Audit?user=nobody')).json() as AuditPage).Total).toBe(0);
    // TEST_NOW is 2026-11-25 in the business time zone.
    expect(((await call('GET', '/Audit?from=2026-11-25&to=2026-11-25')).json() as AuditPage).Total).toBe(
      all.Total,
    );
    expect(((await call('GET', '/Audit?from=2026-11-26')).json() as AuditPage).Total).toBe(0);
    expect(((await call('GET', '/Audit?to=2026-11-24')).json() as AuditPage).Total).toBe(0);
    const page2 = (await call('GET', '/Audit?page=2')).json() as AuditPage;
    expect(page2).toMatchObject({ Page: 2, PageSize: 50, Total: all.Total });
    expect(page2.Entries).toHaveLength(Math.max(0, Math.min(50, all.Total - 50)));
    expect((await call('GET', '/Audit?from=2026-13-01')).statusCode).toBe(422);
    expect((await call('GET', '/Audit?page=0')).statusCode).toBe(422);
  });

  it('is for admins only, and in the OpenAPI document', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/Audit' })).statusCode).toBe(401);
    expect((await call('GET', '/Audit', undefined, customer)).statusCode).toBe(403);
    const doc = await readOpenApi(t.app);
    expect(Object.keys(doc.paths)).toContain('/api/v1/Audit');
  });
});
