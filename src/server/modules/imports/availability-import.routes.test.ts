import { asc, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { tableChecksums } from '#support/table-checksums.js';
import { auditEntries, availability, availabilityFile, products } from '../../db/schema.js';

/** The availability file (design.md 8.3, decision 070): a fifth import, each file replacing the last. */
describe('the availability import', () => {
  let t: TestApp;
  let cookie: string;
  // The app's clock, moved by the tests: the file's time is the app's `now`, never the wall clock.
  let now = TEST_NOW;
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
    // No file yet: the demo data's morning file is taken away, so the first upload is the first.
    await t.db.delete(availability);
    await t.db.delete(availabilityFile);
    cookie = await signInAdmin(t.app);
    const items = ['AV-1', 'AV-2', 'AV-3', 'AV-4'].map((c) => `${c}\tAvailability ${c}\t12\t2\tY\tBTL\tCS\n`);
    const res = await upload('/api/ItemImport', items.join(''));
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => t?.close());

  function upload(url: string, content: string, fileName = 'stock.txt', as = cookie) {
    const body = multipartFile(content, { fileName });
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(as ? { cookie: as } : {}) },
    });
  }
  const importFile = (content: string, fileName?: string) =>
    upload('/api/AvailabilityImport', content, fileName);

  /** The stock as staff would read it: by code, with the substitute's code. */
  async function stock() {
    const rows = await t.db
      .select({
        code: products.code,
        status: availability.status,
        cases: availability.cases,
        expected: availability.expectedDate,
        substituteId: availability.substituteId,
      })
      .from(availability)
      .innerJoin(products, eq(products.id, availability.productId))
      .orderBy(asc(products.code));
    const codes = new Map((await t.db.select().from(products)).map((p) => [p.id, p.code]));
    return rows.map(({ substituteId, ...r }) => ({
      ...r,
      substitute: substituteId === null ? null : codes.get(substituteId),
    }));
  }
  const appliedAt = async () => (await t.db.select().from(availabilityFile))[0]?.appliedAt ?? null;
  const lastAudit = async () =>
    (await t.db.select().from(auditEntries).orderBy(desc(auditEntries.id)).limit(1))[0];

  it('401 for nobody and 403 for a customer; nothing is applied', async () => {
    const file = 'AV-1\t5\tIN\n';
    expect((await upload('/api/AvailabilityImport', file, 'x.txt', '')).statusCode).toBe(401);
    const customer = await signInCustomer(t.app);
    expect((await upload('/api/AvailabilityImport', file, 'x.txt', customer)).statusCode).toBe(403);
    expect(await stock()).toEqual([]);
    expect(await appliedAt()).toBeNull();
  });

  it('refuses an empty file, or one whose every line is refused, as a whole: no stock, no time, no audit row', async () => {
    const audits = (await t.db.select({ n: count() }).from(auditEntries))[0]!.n;
    const empty = await importFile('');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().ErrorMessage).toBe('The file has no lines to import');
    const allWrong = await importFile('NOPE\t1\tIN\nAV-1\t1\tMAYBE\n');
    expect(allWrong.statusCode).toBe(422);
    expect(allWrong.json().ErrorMessage).toBe(
      'No line of the file could be imported; the first problem is on line 1: Product NOPE does not exist',
    );
    expect(await stock()).toEqual([]);
    expect(await appliedAt()).toBeNull();
    expect((await t.db.select({ n: count() }).from(auditEntries))[0]!.n).toBe(audits);
  });

  it('imports the file: report with refused lines and reasons, the rows, the time applied, the audit row', async () => {
    now = new Date('2026-11-25T10:40:00-06:00');
    const file = [
      'Item Code\tCases\tStatus\tExpected Date\tSubstitute',
      'AV-1\t40\tIN\t\t',
      'AV-2\t3\tlow\t12/05/2026\tAV-1',
      'AV-3\t\tOUT\t2026-12-10\tAV-4',
      'NOPE\t1\tIN\t\t',
      'AV-4\t1\tIN\t\tGONE',
      'AV-4\t1\tIN\t\tAV-4',
      'AV-4\t1\tSOON\t\t',
      'AV-4\t-2\tIN\t\t',
      'AV-4\t0\tOUT\t31/12/2026\t',
      'AV-1\t41\tIN\t\t',
    ].join('\r\n');
    const res = await importFile(file, 'stock-1040.txt');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      Kind: 'Availability',
      FileName: 'stock-1040.txt',
      Lines: 10,
      // AV-1 twice in one batch: the earlier line counts Unchanged (decision 014).
      Inserted: 3,
      Updated: 0,
      Unchanged: 1,
      Rejected: [
        { Line: 5, Message: 'Product NOPE does not exist', Text: 'NOPE\t1\tIN\t\t' },
        { Line: 6, Message: 'Substitute Product GONE does not exist', Text: 'AV-4\t1\tIN\t\tGONE' },
        { Line: 7, Message: "Substitute Code 'AV-4' is the item itself", Text: 'AV-4\t1\tIN\t\tAV-4' },
        { Line: 8, Message: "Status must be IN, LOW or OUT (found 'SOON')", Text: 'AV-4\t1\tSOON\t\t' },
        {
          Line: 9,
          Message: "Cases available must be a whole number from 0 to 9999999 (found '-2')",
          Text: 'AV-4\t-2\tIN\t\t',
        },
        {
          Line: 10,
          Message: "Expected Date '31/12/2026' is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD",
          Text: 'AV-4\t0\tOUT\t31/12/2026\t',
        },
      ],
      RejectedCount: 6,
      // A repeated item: the later line wins, as in every import (decision 030).
      Notes: ['Line 11: Code AV-1 is also on line 2; line 11 is applied'],
    });
    expect(await stock()).toEqual([
      { code: 'AV-1', status: 'IN', cases: 41, expected: null, substitute: null },
      { code: 'AV-2', status: 'LOW', cases: 3, expected: '2026-12-05', substitute: 'AV-1' },
      { code: 'AV-3', status: 'OUT', cases: null, expected: '2026-12-10', substitute: 'AV-4' },
    ]);
    expect(await appliedAt()).toEqual(now);
    expect(await lastAudit()).toMatchObject({
      action: 'Import',
      entity: 'Import',
      entityId: 'Availability',
      summary:
        'Imported Availability file stock-1040.txt: 10 lines, 3 inserted, 0 updated, 1 unchanged, 6 rejected',
    });
    expect((await lastAudit())!.changes).toContainEqual({
      Field: 'FileName',
      Before: null,
      After: 'stock-1040.txt',
    });
  });

  it('previews the next file: what it changes and removes, and nothing is applied', async () => {
    const before = await tableChecksums(t.db);
    now = new Date('2026-11-25T11:15:00-06:00');
    const res = await upload(
      '/api/AvailabilityImport?dryRun=1',
      'AV-1\t41\tIN\nAV-2\t0\tOUT\t12/07/2026\nAV-4\t\tLOW\n',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      Kind: 'Availability',
      FileName: 'stock.txt',
      Lines: 3,
      Inserted: 1,
      Updated: 1,
      Unchanged: 1,
      Rejected: [],
      RejectedCount: 0,
      Notes: [
        'One item of the last availability file is not in this one, or its line is rejected: applying this file will make its availability unknown (each file replaces the last)',
      ],
      DryRun: true,
      Changes: [
        {
          Line: 2,
          Key: 'Code AV-2',
          Action: 'update',
          Fields: [
            { Field: 'Status', Before: 'LOW', After: 'OUT' },
            { Field: 'Cases', Before: 3, After: 0 },
            { Field: 'ExpectedDate', Before: '2026-12-05', After: '2026-12-07' },
            { Field: 'SubstituteCode', Before: 'AV-1', After: null },
          ],
        },
        {
          Line: 3,
          Key: 'Code AV-4',
          Action: 'insert',
          Fields: [
            { Field: 'Status', Before: null, After: 'LOW' },
            { Field: 'Cases', Before: null, After: null },
            { Field: 'ExpectedDate', Before: null, After: null },
            { Field: 'SubstituteCode', Before: null, After: null },
          ],
        },
      ],
    });
    expect(await tableChecksums(t.db)).toEqual(before);
    expect(await appliedAt()).toEqual(new Date('2026-11-25T10:40:00-06:00'));
  });

  it('replaces the last file: items it leaves out lose their availability, and its time is kept', async () => {
    now = new Date('2026-11-25T11:20:00-06:00');
    const res = await importFile('AV-1\t41\tIN\nAV-2\t0\tOUT\t12/07/2026\nAV-4\t\tLOW\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      Inserted: 1,
      Updated: 1,
      Unchanged: 1,
      Notes: [
        'One item of the last availability file is not in this one, or its line was rejected: its availability is now unknown (each file replaces the last)',
      ],
    });
    expect(await stock()).toEqual([
      { code: 'AV-1', status: 'IN', cases: 41, expected: null, substitute: null },
      { code: 'AV-2', status: 'OUT', cases: 0, expected: '2026-12-07', substitute: null },
      { code: 'AV-4', status: 'LOW', cases: null, expected: null, substitute: null },
    ]);
    expect(await appliedAt()).toEqual(now);

    // A line refused for an item the last file named: that item's old stock is not kept either.
    now = new Date('2026-11-25T11:30:00-06:00');
    const next = await importFile('AV-1\t40\tIN\nAV-2\t1\tGONE\n');
    expect(next.json()).toMatchObject({ Updated: 1, RejectedCount: 1 });
    expect(next.json().Notes).toEqual([
      '2 items of the last availability file are not in this one, or their lines were rejected: their availability is now unknown (each file replaces the last)',
    ]);
    expect(await stock()).toEqual([
      { code: 'AV-1', status: 'IN', cases: 40, expected: null, substitute: null },
    ]);
    expect(await appliedAt()).toEqual(now);
  });
});
