import { count, desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { tableChecksums } from '#support/table-checksums.js';
import type { AppConfig } from '../../config.js';
import { auditEntries, prices } from '../../db/schema.js';

/** The prices file (design.md 8.4, decision 073): a sixth import, replacing the periods that have not ended. */

/** An app with its own clock (moved by the tests) and settings, its items imported. */
async function pricesApp(config: Partial<AppConfig> = {}) {
  const clock = { now: TEST_NOW };
  const t = await createTestApp({ now: () => clock.now, config });
  const session = { cookie: await signInAdmin(t.app) };
  const upload = (url: string, content: string, fileName = 'prices.txt', as = session.cookie) => {
    const body = multipartFile(content, { fileName });
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(as ? { cookie: as } : {}) },
    });
  };
  const items = [
    'PR-1\tPrices PR-1\t12\t2\tN\tBTL\tCS',
    'PR-2\tPrices PR-2\t24\t2\tN\tCAN\tCS',
    'PR-KEG\tPrices keg\t1\t2\tY\tKEG\tKEG',
  ];
  const res = await upload('/api/ItemImport', `${items.join('\n')}\n`);
  expect(res.statusCode, res.body).toBe(200);
  // No prices yet: the demo data posts a book of its own.
  await t.db.delete(prices);
  /** The stored prices as staff would read them, in a stable order. */
  const stored = async () => {
    const result = await t.db.execute(
      sql.raw(
        `select coalesce('T' || pr.customer_type_id, c.company_id::text) as level, p.code,
           pr.min_cases as "break", to_char(pr.from_date, 'YYYY-MM-DD') as "from",
           to_char(pr.to_date, 'YYYY-MM-DD') as "to", pr.case_price as "case",
           pr.unit_price as unit, pr.deposit_per_case as deposit
         from prices pr join products p on p.id = pr.product_id
           left join customers c on c.id = pr.customer_id
         order by 1, 2, 3, 4`,
      ),
    );
    return [...(result as unknown as { rows: Record<string, unknown>[] }).rows];
  };
  return {
    t,
    /** Moves the app's clock, and signs in again (a session ends after its idle time). */
    async at(now: Date) {
      clock.now = now;
      session.cookie = await signInAdmin(t.app);
    },
    upload,
    stored,
    importFile: (content: string, fileName?: string) => upload('/api/PriceImport', content, fileName),
    close: () => t.close(),
  };
}

const price = (
  level: string,
  code: string,
  breakAt: number,
  from: string,
  to: string | null,
  cents: number,
  unit: number | null = null,
  deposit = 0,
) => ({ level, code, break: breakAt, from, to, case: cents, unit, deposit });

describe('the prices import', () => {
  let a: Awaited<ReturnType<typeof pricesApp>>;
  beforeAll(async () => {
    a = await pricesApp();
  });
  afterAll(async () => a?.close());

  const lastAudit = async () =>
    (await a.t.db.select().from(auditEntries).orderBy(desc(auditEntries.id)).limit(1))[0];

  it('401 for nobody and 403 for a customer; nothing is stored', async () => {
    const file = 'T1\tPR-1\t24.99\t\t\t1\t12/01/2026\t12/31/2026\n';
    expect((await a.upload('/api/PriceImport', file, 'x.txt', '')).statusCode).toBe(401);
    const customer = await signInCustomer(a.t.app);
    expect((await a.upload('/api/PriceImport', file, 'x.txt', customer)).statusCode).toBe(403);
    expect(await a.stored()).toEqual([]);
  });

  it('refuses an empty file, or one whose every line is refused, as a whole: no price, no audit row', async () => {
    const audits = (await a.t.db.select({ n: count() }).from(auditEntries))[0]!.n;
    const empty = await a.importFile('');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().ErrorMessage).toBe('The file has no lines to import');
    const allWrong = await a.importFile(
      'T1\tNOPE\t24.99\t\t\t1\t12/01/2026\t12/31/2026\nT1\tPR-1\t24.999\t\t\t1\t12/01/2026\t12/31/2026\n',
    );
    expect(allWrong.statusCode).toBe(422);
    expect(allWrong.json().ErrorMessage).toBe(
      'No line of the file could be imported; the first problem is on line 1: Product NOPE does not exist',
    );
    expect(await a.stored()).toEqual([]);
    expect((await a.t.db.select({ n: count() }).from(auditEntries))[0]!.n).toBe(audits);
  });

  it('imports the file: report with refused lines and reasons, the prices in cents, the audit row', async () => {
    const file = [
      'Price Level\tItem Code\tCase Price\tUnit Price\tDeposit\tQuantity Break\tFrom Date\tTo Date',
      'T1\tPR-1\t24.99\t2.19\t1.20\t1\t12/01/2026\t12/31/2026',
      'T1\tPR-1\t23.5\t2.19\t1.20\t5\t12/01/2026\t12/31/2026',
      '1001\tPR-1\t22.00\t\t1.20\t\t12/01/2026\t',
      'T1\tPR-2\t19.99\t\t\t1\t10/01/2026\t10/31/2026',
      'T1\tPR-KEG\t129.00\t\t30\t1\t11/01/2026\t11/30/2026',
      'T99\tPR-1\t24.99\t\t\t1\t12/01/2026\t12/31/2026',
      '9876\tPR-1\t24.99\t\t\t1\t12/01/2026\t12/31/2026',
      'T1\tNOPE\t24.99\t\t\t1\t12/01/2026\t12/31/2026',
      'T1\tPR-KEG\t129.00\t5.00\t30\t1\t12/01/2026\t12/31/2026',
      'T1\tPR-2\t12.345\t\t\t1\t12/01/2026\t12/31/2026',
      'T2\tPR-2\t18.00\t\t\t1\t12/31/2026\t12/01/2026',
      'T2\tPR-2\t18.50\t\t\t1\t12/01/2026\t12/31/2026',
      't2\tPR-2\t18.75\t\t\t1\t2026-12-01\t2026-12-31',
    ].join('\r\n');
    const res = await a.importFile(file, 'prices-december.txt');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      Kind: 'Prices',
      FileName: 'prices-december.txt',
      Lines: 13,
      // T2's PR-2 twice in one batch: the earlier line counts Unchanged (decision 014).
      Inserted: 6,
      Updated: 0,
      Unchanged: 1,
      Rejected: [
        {
          Line: 7,
          Message: 'Customer type 99 does not exist',
          Text: 'T99\tPR-1\t24.99\t\t\t1\t12/01/2026\t12/31/2026',
        },
        {
          Line: 8,
          Message: 'Customer 9876 does not exist (import the customers file first)',
          Text: '9876\tPR-1\t24.99\t\t\t1\t12/01/2026\t12/31/2026',
        },
        {
          Line: 9,
          Message: 'Product NOPE does not exist',
          Text: 'T1\tNOPE\t24.99\t\t\t1\t12/01/2026\t12/31/2026',
        },
        {
          Line: 10,
          Message: 'Unit Price must be blank: PR-KEG is sold by the case only',
          Text: 'T1\tPR-KEG\t129.00\t5.00\t30\t1\t12/01/2026\t12/31/2026',
        },
        {
          Line: 11,
          Message: "Case Price must have at most 2 decimals (found '12.345')",
          Text: 'T1\tPR-2\t12.345\t\t\t1\t12/01/2026\t12/31/2026',
        },
        {
          Line: 12,
          Message: 'To Date must not be before From Date',
          Text: 'T2\tPR-2\t18.00\t\t\t1\t12/31/2026\t12/01/2026',
        },
      ],
      RejectedCount: 6,
      Notes: [
        'Line 14: Level T2, Code PR-2, Break 1, From 12/01/2026 is also on line 13; line 14 is applied',
      ],
    });
    expect(await a.stored()).toEqual([
      price('1001', 'PR-1', 1, '2026-12-01', null, 2200, null, 120),
      price('T1', 'PR-1', 1, '2026-12-01', '2026-12-31', 2499, 219, 120),
      price('T1', 'PR-1', 5, '2026-12-01', '2026-12-31', 2350, 219, 120),
      price('T1', 'PR-2', 1, '2026-10-01', '2026-10-31', 1999),
      price('T1', 'PR-KEG', 1, '2026-11-01', '2026-11-30', 12900, null, 3000),
      price('T2', 'PR-2', 1, '2026-12-01', '2026-12-31', 1875),
    ]);
    expect(await lastAudit()).toMatchObject({
      action: 'Import',
      entity: 'Import',
      entityId: 'Prices',
      summary:
        'Imported Prices file prices-december.txt: 13 lines, 6 inserted, 0 updated, 1 unchanged, 6 rejected',
    });
  });

  it('previews the next file: its changes in dollars and what it would remove, and nothing is applied', async () => {
    const before = await tableChecksums(a.t.db);
    const res = await a.upload(
      '/api/PriceImport?dryRun=1',
      [
        'T1\tPR-1\t24.49\t2.19\t1.20\t1\t12/01/2026\t12/31/2026',
        'T1\tPR-1\t23.50\t2.19\t1.20\t5\t12/01/2026\t12/31/2026',
        '1001\tPR-1\t22\t\t1.2\t1\t12/01/2026\t12/31/2026',
        'T1\tPR-2\t20.00\t\t\t1\t01/01/2027\t01/31/2027',
      ].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      Kind: 'Prices',
      FileName: 'prices.txt',
      Lines: 4,
      Inserted: 1,
      Updated: 2,
      Unchanged: 1,
      Rejected: [],
      RejectedCount: 0,
      // T1's PR-KEG (11/01 to 11/30) and T2's PR-2 have not ended; T1's October PR-2 has and stays.
      Notes: [
        '2 prices of a period that has not ended are not in this file, or their lines are rejected: applying this file will remove them (each file replaces the prices of the periods that have not ended)',
      ],
      DryRun: true,
      Changes: [
        {
          Line: 1,
          Key: 'Level T1, Code PR-1, Break 1, From 12/01/2026',
          Action: 'update',
          Fields: [{ Field: 'CasePrice', Before: '24.99', After: '24.49' }],
        },
        {
          Line: 3,
          Key: 'Level 1001, Code PR-1, Break 1, From 12/01/2026',
          Action: 'update',
          Fields: [{ Field: 'ToDate', Before: null, After: '2026-12-31' }],
        },
        {
          Line: 4,
          Key: 'Level T1, Code PR-2, Break 1, From 01/01/2027',
          Action: 'insert',
          Fields: [
            { Field: 'CasePrice', Before: null, After: '20.00' },
            { Field: 'UnitPrice', Before: null, After: null },
            { Field: 'DepositPerCase', Before: null, After: '0.00' },
            { Field: 'ToDate', Before: null, After: '2027-01-31' },
          ],
        },
      ],
    });
    expect(await tableChecksums(a.t.db)).toEqual(before);
  });

  it("replaces the prices of periods that have not ended; an ended period's stay", async () => {
    const res = await a.importFile(
      [
        'T1\tPR-1\t24.49\t2.19\t1.20\t1\t12/01/2026\t12/31/2026',
        'T1\tPR-1\t23.50\t2.19\t1.20\t5\t12/01/2026\t12/31/2026',
        '1001\tPR-1\t22\t\t1.2\t1\t12/01/2026\t12/31/2026',
        'T1\tPR-2\t20.00\t\t\t1\t01/01/2027\t01/31/2027',
      ].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      Inserted: 1,
      Updated: 2,
      Unchanged: 1,
      Notes: [
        '2 prices of a period that has not ended are not in this file, or their lines were rejected: they were removed (each file replaces the prices of the periods that have not ended)',
      ],
    });
    expect(await a.stored()).toEqual([
      price('1001', 'PR-1', 1, '2026-12-01', '2026-12-31', 2200, null, 120),
      price('T1', 'PR-1', 1, '2026-12-01', '2026-12-31', 2449, 219, 120),
      price('T1', 'PR-1', 5, '2026-12-01', '2026-12-31', 2350, 219, 120),
      price('T1', 'PR-2', 1, '2026-10-01', '2026-10-31', 1999),
      price('T1', 'PR-2', 1, '2027-01-01', '2027-01-31', 2000),
    ]);
  });
});

describe('the prices import with PRICE_POST_AND_HOLD=true and QUANTITY_BREAKS=false', () => {
  let a: Awaited<ReturnType<typeof pricesApp>>;
  beforeAll(async () => {
    a = await pricesApp({ pricePostAndHold: true, quantityBreaks: false });
  });
  afterAll(async () => a?.close());

  const december = 'T1\tPR-1\t24.99\t\t\t1\t12/01/2026\t12/31/2026';

  it('refuses each break above 1, and takes the line for 1 case', async () => {
    const res = await a.importFile(
      [
        december,
        'T1\tPR-1\t23.50\t\t\t2\t12/01/2026\t12/31/2026',
        'T1\tPR-1\t23.50\t\t\t1\t01/01/2027\t',
      ].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      Inserted: 2,
      Rejected: [
        {
          Line: 2,
          Message:
            'Quantity Break 2 is refused: quantity breaks are off (QUANTITY_BREAKS=false), so a price is for 1 case or more',
        },
      ],
    });
  });

  it('a period not started may change until the last minute of the day before its first, in business time', async () => {
    // 11:30 PM in Chicago on 11/30 is already 12/01 in UTC: the December period has not started.
    await a.at(new Date('2026-11-30T23:30:00-06:00'));
    const res = await a.importFile(
      ['T1\tPR-1\t24.49\t\t\t1\t12/01/2026\t12/31/2026', 'T1\tPR-1\t23.50\t\t\t1\t01/01/2027\t'].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Updated: 1, Unchanged: 1, RejectedCount: 0 });
  });

  it('refuses a change to a started period, or a price added to one, from its first day; the posted prices stay, left out or not', async () => {
    await a.at(new Date('2026-12-01T00:05:00-06:00'));
    const before = await a.stored();
    const res = await a.importFile(
      [
        'T1\tPR-1\t22.99\t\t\t1\t12/01/2026\t12/31/2026',
        'T1\tPR-2\t19.99\t\t\t1\t11/01/2026\t',
        'T1\tPR-1\t23.00\t\t\t1\t01/01/2027\t',
      ].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      Inserted: 0,
      Updated: 1,
      Unchanged: 0,
      Rejected: [
        {
          Line: 1,
          Message:
            'The price period from 12/01/2026 has started and price posting is on (PRICE_POST_AND_HOLD): its posted price cannot change (case price 24.49, unit price none, deposit 0.00, to date 12/31/2026)',
        },
        {
          Line: 2,
          Message:
            'The price period from 11/01/2026 has started and price posting is on (PRICE_POST_AND_HOLD): no price can be added to it',
        },
      ],
      RejectedCount: 2,
    });
    expect(await a.stored()).toEqual(before.map((p) => (p.from === '2027-01-01' ? { ...p, case: 2300 } : p)));
    // The next file leaves December out: it stays as posted, and the report says so.
    const next = await a.importFile(`T1\tPR-1\t23.00\t\t\t1\t01/01/2027\t\n${december}\n`);
    expect(next.json()).toMatchObject({ Unchanged: 1, RejectedCount: 1 });
    expect(next.json().Notes).toEqual([
      'One price of a period that has started is not in this file, or its line is rejected: it stays as posted (PRICE_POST_AND_HOLD)',
    ]);
    expect(await a.stored()).toEqual([
      price('T1', 'PR-1', 1, '2026-12-01', '2026-12-31', 2449),
      price('T1', 'PR-1', 1, '2027-01-01', null, 2300),
    ]);
  });
});
