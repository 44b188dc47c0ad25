import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { maxLengthMessage, REFERENCE_PO_MAX } from '../../../domain/order.schema.js';
import { orderLines, orders } from '../../db/schema.js';
import { exportFileName } from './order-export.js';

/**
 * Issue 17, item 1: the Reference PO of a chain's or hotel's order reaches the ERP as the
 * export's 14th column, and comes back through the order history import.
 */
describe('the Reference PO in the back-office file', () => {
  let t: TestApp;
  let dir: string;
  let admin: string;
  const PO = 'PO-AUDIT-20CHARS-XYZ';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-export-po-'));
    t = await createTestApp({
      config: { dataDir: dir, exportDir: path.join(dir, 'exports'), outboxDir: path.join(dir, 'outbox') },
    });
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const placeOrder = async (companyId: number, zipcode: number, referencePo?: string) => {
    const cookie = await signInCustomer(t.app, companyId, zipcode);
    const body = { ...(await validOrderBody(t.db, companyId, TEST_NOW)), ReferencePO: referencePo };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      payload: body,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(201);
    return res.json().OrderNum as string;
  };
  const exportedLines = (orderNum: string) =>
    readFileSync(path.join(dir, 'exports', exportFileName(orderNum)), 'utf8')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split('\t'));
  const importHistory = (content: string) => {
    const body = multipartFile(content, { fileName: 'history.txt' });
    return t.app.inject({
      method: 'POST',
      url: '/api/OrderHistoryImport',
      payload: body.payload,
      headers: { ...body.headers, cookie: admin },
    });
  };

  it("writes a reference customer's PO as the 14th column, and Regenerate writes it too", async () => {
    const orderNum = await placeOrder(6001, 60611, PO);
    const lines = exportedLines(orderNum);
    expect(lines.length).toBeGreaterThan(0);
    for (const cols of lines) {
      expect(cols).toHaveLength(15);
      expect(cols[4]).toBe(orderNum);
      expect(cols[13]).toBe(PO);
    }

    const [row] = await t.db.select().from(orders).where(eq(orders.orderNum, orderNum));
    rmSync(path.join(dir, 'exports', exportFileName(orderNum)));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/RegenerateOrders',
      payload: [row!.id],
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(exportedLines(orderNum)).toEqual(lines);
  });

  it('leaves the 14th column empty for a customer without a PO', async () => {
    const orderNum = await placeOrder(1001, 60601);
    for (const cols of exportedLines(orderNum)) {
      expect(cols).toHaveLength(15);
      expect(cols[13]).toBe('');
    }
  });

  it('imports the export file given an ERP order number, every line, with its PO', async () => {
    const orderNum = await placeOrder(6001, 60611, PO);
    const erpNum = `ERP-${orderNum}`;
    const file = readFileSync(path.join(dir, 'exports', exportFileName(orderNum)), 'utf8').replaceAll(
      `\t${orderNum}\t`,
      `\t${erpNum}\t`,
    );
    const lineCount = file.split('\r\n').filter(Boolean).length;

    const res = await importHistory(file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Lines: lineCount,
      Inserted: lineCount,
      RejectedCount: 0,
      Rejected: [],
    });
    const [imported] = await t.db.select().from(orders).where(eq(orders.orderNum, erpNum));
    expect(imported).toMatchObject({ source: 'import', referencePo: PO });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, imported!.id));
    expect(lines).toHaveLength(lineCount);

    // The ERP's own 13-column history of the same order leaves its PO as it was.
    const thirteen = file
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split('\t').slice(0, 13).join('\t'))
      .join('\r\n');
    const again = await importHistory(thirteen);
    expect(again.json()).toMatchObject({ RejectedCount: 0, Unchanged: lineCount });
    const [after] = await t.db.select().from(orders).where(eq(orders.orderNum, erpNum));
    expect(after!.referencePo).toBe(PO);

    // A 14th column with another PO replaces it; the site's own web order stays as it was.
    const changed = await importHistory(file.replaceAll(`\t${PO}\tA\r\n`, '\tPO-CHANGED\tA\r\n'));
    expect(changed.json()).toMatchObject({ RejectedCount: 0, Updated: lineCount });
    const [changedRow] = await t.db.select().from(orders).where(eq(orders.orderNum, erpNum));
    expect(changedRow!.referencePo).toBe('PO-CHANGED');
    const [web] = await t.db.select().from(orders).where(eq(orders.orderNum, orderNum));
    expect(web).toMatchObject({ source: 'web', referencePo: PO });
  });

  it('imports the 15th column, the substitution, on every line; a file without it gives Allow (design.md 8.3)', async () => {
    const orderNum = await placeOrder(6001, 60611, PO);
    const erpNum = `ERP3-${orderNum}`;
    const file = readFileSync(path.join(dir, 'exports', exportFileName(orderNum)), 'utf8').replaceAll(
      `\t${orderNum}\t`,
      `\t${erpNum}\t`,
    );
    const letters = ['N', 'C'];
    const withLetters = file
      .split('\r\n')
      .filter(Boolean)
      .map((line, i) => line.replace(/\tA$/, `\t${letters[i % 2]}`))
      .join('\r\n');
    expect((await importHistory(withLetters)).json()).toMatchObject({ RejectedCount: 0 });
    const substitutions = async () => {
      const [imported] = await t.db.select().from(orders).where(eq(orders.orderNum, erpNum));
      return (await t.db.select().from(orderLines).where(eq(orderLines.orderId, imported!.id)))
        .sort((a, b) => a.id - b.id)
        .map((l) => l.substitution);
    };
    const lineCount = withLetters.split('\r\n').length;
    expect(await substitutions()).toEqual(['Never', 'CallMe', 'Never', 'CallMe'].slice(0, lineCount));
    // The ERP's 14-column history of the same order: each line's substitution is Allow again.
    const fourteen = withLetters
      .split('\r\n')
      .map((line) => line.split('\t').slice(0, 14).join('\t'))
      .join('\r\n');
    expect((await importHistory(fourteen)).json()).toMatchObject({ RejectedCount: 0, Updated: lineCount });
    expect(await substitutions()).toEqual(Array(lineCount).fill('Allow'));
    // A letter that is not one is refused with the line's number.
    const bad = await importHistory(withLetters.replace(/\t[NC](\r|$)/, '\tY$1'));
    expect(bad.json()).toMatchObject({
      RejectedCount: 1,
      Rejected: [{ Line: 1, Message: 'Substitution must be A, N or C (or empty)' }],
    });
  });

  it('rejects a line with too many columns or a PO longer than an order allows', async () => {
    const orderNum = await placeOrder(6001, 60611, PO);
    const [first] = readFileSync(path.join(dir, 'exports', exportFileName(orderNum)), 'utf8')
      .replaceAll(orderNum, `ERP2-${orderNum}`)
      .split('\r\n');
    const res = await importHistory(
      [first, `${first}\textra`, first!.replace(PO, `${PO}-TOO-LONG`)].join('\r\n'),
    );
    expect(res.json()).toMatchObject({
      Inserted: 1,
      RejectedCount: 2,
      Rejected: [
        {
          Line: 2,
          Message: expect.stringMatching(
            /^The line has 16 columns; expected 13 to 15 separated by tabs: order date, .*, cases, reference PO, substitution$/,
          ),
        },
        { Line: 3, Message: maxLengthMessage('Reference PO', REFERENCE_PO_MAX) },
      ],
    });
  });
});
