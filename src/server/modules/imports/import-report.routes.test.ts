import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { MAX_REPORTED_REJECTIONS, REJECTED_TEXT_MAX } from '../../../domain/imports.schema.js';
import { customers, orderLines, orders, products } from '../../db/schema.js';
import { BATCH_ROWS } from './import-runner.js';
import { MAX_LINE_BYTES } from './tsv-reader.js';

/** Issue 14: what the import report says about rejected lines and keys repeated in a file. */
describe('the import report', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAdmin(t.app);
  });
  afterAll(async () => t.close());

  const upload = async (url: string, content: string) => {
    const body = multipartFile(content, { fileName: 'report.txt' });
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const item = (code: string, description: string, units = 12) =>
    `${code}\t${description}\t${units}\t2\tY\tBTL\tCS`;

  it("shows each rejected line's first 200 characters beside its number", async () => {
    const long = `LONG-1\t${'Very long description '.repeat(20)}\tmany\t2\tY\tBTL\tCS`;
    // A character outside the BMP across the cut: the cut never keeps half of it.
    const emoji = `EMOJI-1\t${'x'.repeat(REJECTED_TEXT_MAX - 9)}🍺🍺\tnone\t2\tY\tBTL\tCS`;
    const huge = `HUGE-1\t${'y'.repeat(MAX_LINE_BYTES + 10)}\t12\t2\tY\tBTL\tCS`;
    const file = [item('OK-1', 'Fine'), 'BAD-1\tNo units\t\t1\tY\t\t', long, emoji, huge].join('\n');
    const report = await upload('/api/ItemImport', `${file}\n`);
    expect(report).toMatchObject({ Lines: 5, Inserted: 1, RejectedCount: 4 });
    expect(report.Rejected).toEqual([
      { Line: 2, Message: 'Units per case is required', Text: 'BAD-1\tNo units\t\t1\tY\t\t' },
      { Line: 3, Message: expect.stringContaining('Units per case'), Text: long.slice(0, REJECTED_TEXT_MAX) },
      {
        Line: 4,
        Message: expect.stringContaining('Units per case'),
        Text: `EMOJI-1\t${'x'.repeat(REJECTED_TEXT_MAX - 9)}`,
      },
      { Line: 5, Message: `The line is longer than ${MAX_LINE_BYTES / 1024} KB`, Text: '' },
    ]);
    expect(report.Rejected[1].Text).toHaveLength(REJECTED_TEXT_MAX);
  });

  it('gives the text of lines refused while writing, from the batch they were in', async () => {
    const batchRows = BATCH_ROWS[t.database.kind];
    const count = batchRows + 3;
    const codes = Array.from({ length: count }, (_, i) => `RT-${i}`);
    await upload('/api/ItemImport', `${codes.map((c) => item(c, 'Known')).join('\n')}\n`);
    // Customer items (company id, code, start, end, order): an unknown product on line 1 and an
    // unknown customer on a line of the second batch; the others apply.
    const lines = codes.map(
      (c, i) => `${i === batchRows + 1 ? 9997 : 1001}\t${i === 0 ? 'RT-NONE' : c}\t\t\t1`,
    );
    const report = await upload('/api/CustomerItemsImport', `${lines.join('\n')}\n`);
    expect(report).toMatchObject({ Inserted: count - 2, RejectedCount: 2 });
    expect(report.Rejected).toEqual([
      { Line: 1, Message: 'Product RT-NONE does not exist', Text: '1001\tRT-NONE\t\t\t1' },
      {
        Line: batchRows + 2,
        Message: 'Customer 9997 does not exist (import the customers file first)',
        Text: `9997\tRT-${batchRows + 1}\t\t\t1`,
      },
    ]);
  });

  it('names both lines of a code repeated in an items file, and applies the later one as before', async () => {
    const file = [
      item('BR-1100', 'Other'),
      item('BR-1104', 'Other'),
      item('BR-1106', 'Other'),
      item('BR-1105', 'Brown ale, first'),
      item('BR-1107', 'Other'),
      item('BR-1108', 'Other'),
      item('BR-1109', 'Other'),
      item('BR-1110', 'Other'),
      item('BR-1105', 'Brown ale, second', 6),
    ].join('\n');
    const report = await upload('/api/ItemImport', `${file}\n`);
    // As before issue 14: the earlier line counts as unchanged, the later one is written.
    expect(report).toMatchObject({ Lines: 9, Unchanged: 1, RejectedCount: 0 });
    expect(report.Inserted + report.Updated).toBe(8);
    expect(report.Notes).toEqual(['Line 9: Code BR-1105 is also on line 4; line 9 is applied']);
    const [ale] = await t.db.select().from(products).where(eq(products.code, 'BR-1105'));
    expect(ale).toMatchObject({ description: 'Brown ale, second', units: 6 });
  });

  it('names every line of a key repeated across batches, and the later line still wins', async () => {
    const batchRows = BATCH_ROWS[t.database.kind];
    const lines = Array.from({ length: batchRows + 5 }, (_, i) => item(`RB-${i}`, `Item ${i}`));
    lines[batchRows + 2] = item('RB-3', 'Third time');
    lines[batchRows + 4] = item('RB-3', 'Fourth time');
    lines[1] = item('RB-3', 'Second time');
    const report = await upload('/api/ItemImport', `${lines.join('\n')}\n`);
    expect(report.Notes).toEqual([
      `Line ${batchRows + 5}: Code RB-3 is also on lines 2, 4 and ${batchRows + 3}; line ${batchRows + 5} is applied`,
    ]);
    const [rb3] = await t.db.select().from(products).where(eq(products.code, 'RB-3'));
    expect(rb3!.description).toBe('Fourth time');
  });

  it('notes a repeated customer and a repeated item of one history order', async () => {
    const customersReport = await upload(
      '/api/CustomerImport',
      '1001\tBlue Heron Tavern\t60601\t1\n1002\tRusty Anchor Pub\t60602\t1\n1001\tBlue Heron Taproom\t60601\t1\n',
    );
    expect(customersReport.Notes).toEqual(['Line 3: Company Id 1001 is also on line 1; line 3 is applied']);
    const [heron] = await t.db.select().from(customers).where(eq(customers.companyId, 1001));
    expect(heron!.name).toBe('Blue Heron Taproom');

    const line = (order: string, code: string, cases: number) =>
      `01/06/2025\t1001\tBar\t01/08/2025\t${order}\tPat\t\tREG\t${code}\tCola\t24\t0\t${cases}`;
    const history = await upload(
      '/api/OrderHistoryImport',
      `${[line('RK-1', 'FX-1', 1), line('RK-1', 'FX-2', 2), line('RK-1', 'FX-1', 3), line('RK-2', 'FX-1', 4)].join('\n')}\n`,
    );
    // The same item on another order is no repeat.
    expect(history.Notes).toContain('Line 3: Order RK-1 item FX-1 is also on line 1; line 3 is applied');
    expect(history.Notes.filter((n: string) => n.includes('RK-2'))).toEqual([]);
    const [rk1] = await t.db.select().from(orders).where(eq(orders.orderNum, 'RK-1'));
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, rk1!.id));
    expect(lines.find((l) => l.code === 'FX-1')!.caseQuantity).toBe(3);
  });

  it('lists at most the first 1,000 repeated keys and counts the rest', async () => {
    const n = MAX_REPORTED_REJECTIONS + 3;
    const lines = Array.from({ length: n }, (_, i) => item(`RM-${i}`, 'Once'));
    const again = Array.from({ length: n }, (_, i) => item(`RM-${i}`, 'Twice'));
    const report = await upload('/api/ItemImport', `${[...lines, ...again].join('\n')}\n`);
    expect(report.Notes).toHaveLength(MAX_REPORTED_REJECTIONS + 1);
    expect(report.Notes[0]).toBe(`Line ${n + 1}: Code RM-0 is also on line 1; line ${n + 1} is applied`);
    expect(report.Notes.at(-1)).toBe('3 more keys are repeated within the file (not listed)');
  });
});
