import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { tableChecksums } from '#support/table-checksums.js';
import { MAX_PREVIEW_CHANGES } from '../../../domain/imports.schema.js';
import { BATCH_ROWS } from './import-runner.js';
import { spoolDir } from './import-upload.js';

const itemLine = (code: string, description: string, caseOnly = 'Y') =>
  `${code}\t${description}\t12\t2\t${caseOnly}\tBTL\tCS\n`;
const historyLine = (order: string, company: number, delivery: string, code: string, cases: number) =>
  `11/20/2026\t${company}\tPreview Bar\t${delivery}\t${order}\tPat\t3125550142\tREG\t${code}\tPreview ${code}\t12\t0\t${cases}\n`;

describe('the import preview (design.md 7.7)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAdmin(t.app);
  });
  afterAll(async () => t.close());

  const upload = (url: string, content: string) => {
    const body = multipartFile(content, { fileName: 'preview.txt' });
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie } });
  };

  /** Previews `file`, checks that nothing changed anywhere, then imports it: the counts must agree. */
  async function previewThenImport(url: string, file: string) {
    const before = await tableChecksums(t.db);
    const res = await upload(`${url}?dryRun=1`, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(await tableChecksums(t.db)).toEqual(before);
    expect(await readdir(spoolDir(t.app.config.dataDir)).catch(() => [])).toEqual([]);
    const { DryRun, Changes, ...report } = res.json();
    expect(DryRun).toBe(true);
    const real = await upload(url, file);
    expect(real.statusCode).toBe(200);
    // The same report, but a preview says what Apply will do where the import says what it did
    // (issue 33: a preview said a customer type 'was created').
    const done = (notes: string[]) =>
      notes.map((n) =>
        n.replace(
          /^Customer type (\d+) does not exist: applying this file will create it as (.*) afterwards\.$/,
          'Customer type $1 did not exist: it was created as $2.',
        ),
      );
    expect(real.json()).toEqual({ ...report, Notes: done(report.Notes) });
    expect(await tableChecksums(t.db)).not.toEqual(before);
    return { report, changes: Changes };
  }

  it('items: inserts list every field, updates the fields that change; the real import counts the same', async () => {
    const first = await previewThenImport(
      '/api/ItemImport',
      itemLine('PV-1', 'Preview Cola') + itemLine('PV-2', 'Preview Lime'),
    );
    expect(first.report).toMatchObject({ Lines: 2, Inserted: 2, Updated: 0, Unchanged: 0 });
    expect(first.changes[0]).toEqual({
      Line: 1,
      Key: 'Code PV-1',
      Action: 'insert',
      Fields: [
        { Field: 'Description', Before: null, After: 'Preview Cola' },
        { Field: 'Units', Before: null, After: 12 },
        { Field: 'Type', Before: null, After: 2 },
        { Field: 'IsCaseOnly', Before: null, After: true },
        { Field: 'UnitUom', Before: null, After: 'BTL' },
        { Field: 'CaseUom', Before: null, After: 'CS' },
      ],
    });
    const second = await previewThenImport(
      '/api/ItemImport',
      itemLine('PV-2', 'Preview Lime') +
        itemLine('PV-1', 'Preview Cola Zero', 'N') +
        itemLine('PV-3', 'Three'),
    );
    expect(second.report).toMatchObject({ Lines: 3, Inserted: 1, Updated: 1, Unchanged: 1 });
    expect(second.changes.map((c: { Line: number; Action: string }) => [c.Line, c.Action])).toEqual([
      [2, 'update'],
      [3, 'insert'],
    ]);
    expect(second.changes[0]).toEqual({
      Line: 2,
      Key: 'Code PV-1',
      Action: 'update',
      Fields: [
        { Field: 'Description', Before: 'Preview Cola', After: 'Preview Cola Zero' },
        { Field: 'IsCaseOnly', Before: true, After: false },
      ],
    });
  });

  it('customers: the same counts and notes as the import, a created customer type undone', async () => {
    const first = await previewThenImport(
      '/api/CustomerImport',
      '8801\tPreview Bar\t60601\t1\n8802\tPreview Shop\t60602\t77\n',
    );
    expect(first.report).toMatchObject({ Inserted: 2, Notes: [expect.stringMatching(/^Customer type 77 /)] });
    expect(first.changes[1]).toEqual({
      Line: 2,
      Key: 'Company Id 8802',
      Action: 'insert',
      Fields: [
        { Field: 'Name', Before: null, After: 'Preview Shop' },
        { Field: 'Zipcode', Before: null, After: 60602 },
        { Field: 'CustomerTypeId', Before: null, After: 77 },
      ],
    });
    const second = await previewThenImport('/api/CustomerImport', '8801\tPreview Bar & Grill\t60601\t1\n');
    expect(second.changes).toEqual([
      {
        Line: 1,
        Key: 'Company Id 8801',
        Action: 'update',
        Fields: [{ Field: 'Name', Before: 'Preview Bar', After: 'Preview Bar & Grill' }],
      },
    ]);
  });

  it('customer items: rejected lines are not changes', async () => {
    const first = await previewThenImport(
      '/api/CustomerItemsImport',
      '8801\tPV-1\t\t\t1\n9997\tPV-1\t\t\t3\n8802\tPV-2\t11/01/2026\t\t2\n',
    );
    expect(first.report).toMatchObject({ Inserted: 2, RejectedCount: 1 });
    expect(first.changes.map((c: { Line: number }) => c.Line)).toEqual([1, 3]);
    expect(first.changes[1].Fields).toEqual([
      { Field: 'StartDate', Before: null, After: '2026-11-01' },
      { Field: 'EndDate', Before: null, After: null },
      { Field: 'OrderNo', Before: null, After: 2 },
    ]);
    const second = await previewThenImport('/api/CustomerItemsImport', '8801\tPV-1\t\t12/31/2026\t1\n');
    expect(second.changes).toEqual([
      {
        Line: 1,
        Key: 'Company Id 8801 with code PV-1',
        Action: 'update',
        Fields: [{ Field: 'EndDate', Before: null, After: '2026-12-31' }],
      },
    ]);
  });

  it('order history: a changed order header shows on each of its lines', async () => {
    const first = await previewThenImport(
      '/api/OrderHistoryImport',
      historyLine('PV-H1', 8801, '11/23/2026', 'PV-1', 3) +
        historyLine('PV-H1', 8801, '11/23/2026', 'PV-2', 1) +
        historyLine('PV-H2', 9997, '11/23/2026', 'PV-1', 1),
    );
    expect(first.report).toMatchObject({ Inserted: 2, RejectedCount: 1 });
    expect(first.changes).toHaveLength(2);
    expect(first.changes[0]).toEqual({
      Line: 1,
      Key: 'Order PV-H1 item PV-1',
      Action: 'insert',
      Fields: [
        { Field: 'CompanyId', Before: null, After: 8801 },
        { Field: 'OrderType', Before: null, After: 'REG' },
        { Field: 'OrderDate', Before: null, After: '2026-11-20' },
        { Field: 'DeliveryDate', Before: null, After: '2026-11-23' },
        { Field: 'Name', Before: null, After: 'Pat' },
        { Field: 'Phone', Before: null, After: '3125550142' },
        { Field: 'ReferencePo', Before: null, After: '' },
        { Field: 'Status', Before: null, After: 'Completed' },
        { Field: 'Description', Before: null, After: 'Preview PV-1' },
        { Field: 'UnitsPerCase', Before: null, After: 12 },
        { Field: 'Cases', Before: null, After: 3 },
        { Field: 'Units', Before: null, After: 0 },
        { Field: 'IsCaseOnly', Before: null, After: false },
        { Field: 'IsReturn', Before: null, After: false },
        { Field: 'KnownItem', Before: null, After: true },
      ],
    });
    // Delivered tomorrow instead: the order is Open again; line 1 also has 5 cases now.
    const second = await previewThenImport(
      '/api/OrderHistoryImport',
      historyLine('PV-H1', 8801, '11/26/2026', 'PV-1', 5) +
        historyLine('PV-H1', 8801, '11/26/2026', 'PV-2', 1),
    );
    expect(second.report).toMatchObject({ Inserted: 0, Updated: 2, Unchanged: 0 });
    const header = [
      { Field: 'DeliveryDate', Before: '2026-11-23', After: '2026-11-26' },
      { Field: 'Status', Before: 'Completed', After: 'Open' },
    ];
    expect(second.changes).toEqual([
      {
        Line: 1,
        Key: 'Order PV-H1 item PV-1',
        Action: 'update',
        Fields: [...header, { Field: 'Cases', Before: 3, After: 5 }],
      },
      { Line: 2, Key: 'Order PV-H1 item PV-2', Action: 'update', Fields: header },
    ]);
  });

  it(`lists the first ${MAX_PREVIEW_CHANGES} changes, past a first batch without any, and counts them all`, async () => {
    const batch = BATCH_ROWS[t.database.kind];
    const base = Array.from({ length: batch }, (_, i) => itemLine(`CAP-${i}`, `Cap ${i}`)).join('');
    expect((await upload('/api/ItemImport', base)).json()).toMatchObject({ Inserted: batch });
    const added = MAX_PREVIEW_CHANGES + 200;
    const more = Array.from({ length: added }, (_, i) => itemLine(`CAP-NEW-${i}`, `New ${i}`)).join('');
    const { report, changes } = await previewThenImport('/api/ItemImport', base + more);
    expect(report).toMatchObject({ Lines: batch + added, Inserted: added, Unchanged: batch });
    expect(changes).toHaveLength(MAX_PREVIEW_CHANGES);
    expect(changes[0]).toMatchObject({ Line: batch + 1, Key: 'Code CAP-NEW-0', Action: 'insert' });
    expect(changes.at(-1)).toMatchObject({ Line: batch + MAX_PREVIEW_CHANGES });
  });
});
