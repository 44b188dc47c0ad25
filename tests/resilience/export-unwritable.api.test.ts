import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { orders } from '../../src/server/db/schema.js';
import { exportFileName, orderExportText } from '../../src/server/modules/orders/order-export.js';
import { getOrderDetail } from '../../src/server/modules/orders/orders.service.js';

/**
 * The export folder cannot be written (a full or unmounted share): the order is still saved
 * and answered 201, marked as not exported, and once the folder is back, Regenerate Orders
 * writes its file for the ERP. Nothing is lost in between.
 */
describe('an order placed while the export folder cannot be written', () => {
  let t: TestApp;
  let dir: string;
  let exportDir: string;
  const now = TEST_NOW;
  const logs: Record<string, unknown>[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-export-down-'));
    exportDir = path.join(dir, 'exports');
    // A file where the export folder should be: every write into it fails.
    writeFileSync(exportDir, 'not a folder');
    t = await createTestApp({
      now: () => now,
      config: { dataDir: dir, exportDir },
      logger: { level: 'error', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is saved without its file, and Regenerate Orders writes the file once the folder is back', async () => {
    const customer = await signInCustomer(t.app);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      headers: { cookie: customer },
      payload: await validOrderBody(t.db, 1001, now),
    });
    expect(placed.statusCode).toBe(201);
    const orderNum = placed.json().OrderNum as string;
    const [saved] = await t.db.select().from(orders).where(eq(orders.orderNum, orderNum));
    expect(saved).toMatchObject({ status: 1, exportedAt: null });
    expect(logs.find((l) => l.orderNum === orderNum)?.msg).toMatch(/could not be written/);

    // The folder is back (the share remounted); the file is still owed until Regenerate.
    rmSync(exportDir);
    mkdirSync(exportDir);
    const file = path.join(exportDir, exportFileName(orderNum));
    expect(existsSync(file)).toBe(false);

    const admin = await signInAdmin(t.app);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/Orders', headers: { cookie: admin } });
    const row = (listed.json() as { Id: number; OrderNum: string; ExportedAt: string | null }[]).find(
      (o) => o.OrderNum === orderNum,
    );
    expect(row).toMatchObject({ Id: saved!.id, ExportedAt: null });
    const regenerated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/RegenerateOrders',
      payload: [saved!.id],
      headers: { cookie: admin },
    });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json()).toEqual({ Regenerated: 1 });

    const detail = await getOrderDetail(t.db, { id: saved!.id });
    expect(readFileSync(file, 'utf8')).toBe(orderExportText(detail, t.app.config.businessTz));
    const [after] = await t.db.select().from(orders).where(eq(orders.id, saved!.id));
    expect(after!.exportedAt?.getTime()).toBe(now.getTime());
  });
});
