import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { customers, orders } from '../../db/schema.js';
import { exportFileName } from './order-export.js';

/** Issue 43: the back-office file as the ERP reads it. */
describe('the export file for the ERP', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-export-erp-'));
    t = await createTestApp({
      config: { dataDir: dir, exportDir: path.join(dir, 'exports'), outboxDir: path.join(dir, 'outbox') },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const placeOrder = async (companyId: number, zipcode: number) => {
    const cookie = await signInCustomer(t.app, companyId, zipcode);
    const body = await validOrderBody(t.db, companyId, TEST_NOW);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      payload: body,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().OrderNum as string;
  };
  const exported = (orderNum: string) => readFileSync(path.join(dir, 'exports', exportFileName(orderNum)));

  it('writes the customer number with 4 digits, as the screens show it', async () => {
    await t.db.update(customers).set({ companyId: 99 }).where(eq(customers.companyId, 1001));
    const orderNum = await placeOrder(99, 60601);
    const lines = exported(orderNum).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.split('\t')[1]).toBe('0099');
  });

  it("writes each line's substitution as the 15th column, the same when Regenerate Orders writes it again (design.md 8.3)", async () => {
    const cookie = await signInCustomer(t.app, 6001, 60611);
    const body = await validOrderBody(t.db, 6001, TEST_NOW);
    const [first, , third] = body.ProductQuantities;
    // The customer's preference for the first product; the third's line says its own.
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/Customer/${(await customerOf(6001)).id}/Substitutions`,
      payload: [
        { Code: first!.Code, Preference: 'CallMe' },
        { Code: third!.Code, Preference: 'CallMe' },
      ],
      headers: { cookie },
    });
    expect(saved.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      payload: {
        ...body,
        ProductQuantities: [
          first,
          { ...body.ProductQuantities[1], CaseQuantity: 1 },
          { ...third, Substitution: 'Never' },
        ],
      },
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { OrderNum } = res.json() as { OrderNum: string };
    const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNum, OrderNum));
    const Id = row!.id;
    const letters = () =>
      exported(OrderNum)
        .toString('utf8')
        .split('\r\n')
        .filter(Boolean)
        .map((line) => [line.split('\t')[8], line.split('\t')[14]]);
    const expected = [
      [first!.Code, 'C'],
      [body.ProductQuantities[1]!.Code, 'A'],
      [third!.Code, 'N'],
    ];
    expect(letters()).toEqual(expected);
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/Order/${Id}`, headers: { cookie } });
    expect(detail.json().Products.map((p: { Substitution: string }) => p.Substitution)).toEqual([
      'CallMe',
      'Allow',
      'Never',
    ]);

    rmSync(path.join(dir, 'exports', exportFileName(OrderNum)));
    const regenerated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/RegenerateOrders',
      payload: [Id],
      headers: { cookie: await signInAdmin(t.app) },
    });
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    expect(letters()).toEqual(expected);
  });

  const customerOf = async (companyId: number) =>
    (await t.db.select().from(customers).where(eq(customers.companyId, companyId)))[0]!;
});

describe('EXPORT_ENCODING=windows-1252', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-export-1252-'));
    t = await createTestApp({
      config: {
        dataDir: dir,
        exportDir: path.join(dir, 'exports'),
        outboxDir: path.join(dir, 'outbox'),
        exportEncoding: 'windows-1252',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes the file in Windows-1252, characters it cannot hold as '?', and logs the order", async () => {
    await t.db
      .update(customers)
      .set({ name: 'Café \u201cOmega\u201d \u03a9 Bar' })
      .where(eq(customers.companyId, 1001));
    const warn = vi.spyOn(t.app.log, 'warn');
    const cookie = await signInCustomer(t.app, 1001, 60601);
    const body = await validOrderBody(t.db, 1001, TEST_NOW);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      payload: body,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderNum = res.json().OrderNum as string;
    const bytes = readFileSync(path.join(dir, 'exports', exportFileName(orderNum)));
    const name = Buffer.from([
      ...Buffer.from('Caf'),
      0xe9,
      0x20,
      0x93,
      ...Buffer.from('Omega'),
      0x94,
      ...Buffer.from(' ? Bar'),
    ]);
    expect(bytes.includes(Buffer.concat([Buffer.from('\t'), name, Buffer.from('\t')]))).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      { orderNum, characters: '\u03a9' },
      "order file written in windows-1252 (EXPORT_ENCODING): characters it cannot hold were written as '?'",
    );
  });
});
