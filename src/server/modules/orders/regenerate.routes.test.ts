import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  readOpenApi,
  signInAdmin,
  signInCustomer,
  TEST_NOW,
  type TestApp,
} from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { addDays, businessToday } from '../../../domain/business-date.js';
import type { WebOrderListItem } from '../../../domain/regenerate.schema.js';
import { orders } from '../../db/schema.js';
import { exportFileName, orderExportText } from './order-export.js';
import { getOrderDetail } from './orders.service.js';

const tz = 'America/Chicago';

describe('Regenerate Orders', () => {
  let t: OrderTestApp;
  let cookie: string;
  const now = TEST_NOW;
  beforeAll(async () => {
    t = await createOrderTestApp('regen', { now: () => now });
    cookie = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  const list = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/Orders${query}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as WebOrderListItem[];
  };
  const regenerate = (ids: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/RegenerateOrders',
      payload: ids as object,
      headers: { cookie },
    });

  it('lists web orders only, newest first, in the contract shape', async () => {
    const all = await list();
    expect(all.length).toBeGreaterThan(2);
    const webCount = (await t.db.select().from(orders).where(eq(orders.source, 'web'))).length;
    expect(all).toHaveLength(webCount);
    expect(Object.keys(all[0]!).sort()).toEqual(
      [
        'CompanyId',
        'CreateDate',
        'CustomerName',
        'CustomerTypeId',
        'DeliveryDate',
        'EnteredBy',
        'ExportedAt',
        'Id',
        'MailedAt',
        'Name',
        'OrderNum',
        'PlacedBy',
        'ReferencePO',
        'Status',
      ].sort(),
    );
    const dates = all.map((o) => o.CreateDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.every((o) => o.OrderNum.startsWith('W'))).toBe(true);
  });

  it('filters by customer, customer type and part of the Web Conf # in any case', async () => {
    const all = await list();
    const byCompany = await list('?CompanyId=1001');
    expect(byCompany.length).toBeGreaterThan(0);
    expect(byCompany.every((o) => o.CompanyId === 1001)).toBe(true);
    const byType = await list('?CustomerTypeId=6');
    expect(byType.length).toBeGreaterThan(0);
    expect(byType.every((o) => o.CustomerTypeId === 6)).toBe(true);
    expect(await list('?CustomerTypeId=0')).toHaveLength(all.length);
    const one = all[1]!;
    expect((await list(`?OrderNum=${one.OrderNum.slice(1).toLowerCase()}`)).map((o) => o.Id)).toContain(
      one.Id,
    );
    expect((await list(`?OrderNum=${one.OrderNum.toLowerCase()}`)).map((o) => o.Id)).toEqual([one.Id]);
  });

  it('finds a reference customer order by part of its Reference PO in any case (issue 14)', async () => {
    const all = await list();
    const withPo = all.find((o) => o.ReferencePO !== '');
    expect(withPo?.ReferencePO).toMatch(/^PO-\d{5}$/);
    const part = withPo!.ReferencePO.slice(1, 6).toLowerCase();
    const found = await list(`?CustomerTypeId=${withPo!.CustomerTypeId}&OrderNum=${part}`);
    expect(found.map((o) => o.Id)).toContain(withPo!.Id);
    for (const o of found)
      expect(`${o.OrderNum} ${o.ReferencePO}`.toUpperCase()).toContain(part.toUpperCase());
    // The whole PO finds its orders only; the Web Conf # still finds its order.
    const exact = await list(`?OrderNum=${withPo!.ReferencePO}`);
    expect(exact.every((o) => o.ReferencePO === withPo!.ReferencePO)).toBe(true);
    expect((await list(`?OrderNum=${withPo!.OrderNum}`)).map((o) => o.Id)).toEqual([withPo!.Id]);
  });

  it('takes LIKE wildcards in the Web Conf # filter as plain text', async () => {
    for (const text of ['%', '_', 'W_', '\\', '%25']) {
      expect(await list(`?OrderNum=${encodeURIComponent(text)}`)).toEqual([]);
    }
  });

  it('filters on the created date in the business time zone, both ends inclusive', async () => {
    const one = (await list())[0]!;
    const day = businessToday(new Date(one.CreateDate), tz);
    expect((await list(`?StartDate=${day}&EndDate=${day}`)).map((o) => o.Id)).toContain(one.Id);
    expect((await list(`?StartDate=${addDays(day, 1)}`)).map((o) => o.Id)).not.toContain(one.Id);
    expect((await list(`?EndDate=${addDays(day, -1)}`)).map((o) => o.Id)).not.toContain(one.Id);
    const backwards = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Orders?StartDate=${day}&EndDate=${addDays(day, -1)}`,
      headers: { cookie },
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().ErrorMessage).toBe('End Date must not be before Start Date');
    const badDate = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Orders?StartDate=2025-02-30',
      headers: { cookie },
    });
    expect(badDate.statusCode).toBe(422);
  });

  it('writes the chosen orders files again, atomically, and records when', async () => {
    const [a, b] = await list();
    const res = await regenerate([a!.Id, b!.Id, a!.Id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Regenerated: 2 });
    for (const o of [a!, b!]) {
      const file = path.join(t.exportDir, exportFileName(o.OrderNum));
      const detail = await getOrderDetail(t.db, { id: o.Id });
      expect(readFileSync(file, 'utf8')).toBe(orderExportText(detail, tz));
      const [row] = await t.db.select().from(orders).where(eq(orders.id, o.Id));
      expect(row!.exportedAt!.getTime()).toBe(now.getTime());
    }
    expect(readdirSync(t.exportDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const listed = (await list()).find((o) => o.Id === a!.Id)!;
    expect(listed.ExportedAt).toBe(now.toISOString());
  });

  it('refuses unknown and imported orders by name, and writes nothing', async () => {
    const [imported] = await t.db.select().from(orders).where(eq(orders.source, 'import')).limit(1);
    const [web] = await list();
    rmSync(t.exportDir, { recursive: true, force: true });
    const res = await regenerate([web!.Id, imported!.id, 99_999_999]);
    expect(res.statusCode).toBe(422);
    expect(res.json().ErrorMessage).toBe(
      `Orders ${imported!.id}, 99999999 cannot be regenerated: not found or not placed on this site`,
    );
    expect(existsSync(path.join(t.exportDir, exportFileName(web!.OrderNum)))).toBe(false);
  });

  it('checks the body: a list of whole numbers, at least one', async () => {
    expect((await regenerate([])).json().ErrorMessage).toBe('Select at least one order');
    expect((await regenerate(['x'])).statusCode).toBe(422);
    expect((await regenerate({ Ids: [1] })).statusCode).toBe(422);
  });

  it('publishes its calls and the imports in the OpenAPI document', async () => {
    const doc = await readOpenApi(t.app);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/Orders',
        '/api/v1/RegenerateOrders',
        '/api/ItemImport',
        '/api/OrderHistoryImport',
      ]),
    );
  });

  it('is for admins only', async () => {
    const customer = await signInCustomer(t.app);
    for (const [method, url] of [
      ['GET', '/api/v1/Orders'],
      ['POST', '/api/v1/RegenerateOrders'],
    ] as const) {
      expect(
        (await t.app.inject({ method, url, payload: method === 'POST' ? [1] : undefined })).statusCode,
      ).toBe(401);
      const asCustomer = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? [1] : undefined,
        headers: { cookie: customer },
      });
      expect(asCustomer.statusCode).toBe(403);
    }
  });
});

describe('Regenerate Orders with an export folder that cannot be written', () => {
  let t: TestApp;
  let dir: string;
  const logs: Record<string, unknown>[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-regen-fail-'));
    const notAFolder = path.join(dir, 'exports');
    writeFileSync(notAFolder, 'a file where the export folder should be');
    t = await createTestApp({
      config: { dataDir: dir, exportDir: notAFolder },
      logger: { level: 'error', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 500 with the spec failure message and the order numbers, and logs them', async () => {
    const cookie = await signInAdmin(t.app);
    const orders = (await t.app.inject({ method: 'GET', url: '/api/v1/Orders', headers: { cookie } })).json();
    const [a, b] = orders as WebOrderListItem[];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/RegenerateOrders',
      payload: [a!.Id, b!.Id],
      headers: { cookie },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().ErrorMessage).toMatch(
      new RegExp(
        `^Order Regeneration Failure, Please see logs: the export file of ${a!.OrderNum}, ${b!.OrderNum} could not be written \\(reference .+\\)$`,
      ),
    );
    expect(res.json().ErrorMessage).not.toContain(dir);
    const logged = logs.find((l) => l.msg === 'order regeneration failed');
    expect(logged).toMatchObject({ orderNums: [a!.OrderNum, b!.OrderNum], requestId: expect.any(String) });
  });
});
