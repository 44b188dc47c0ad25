import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseFixture } from '#support/import-fixtures/read-fixture.js';
import { parseFile } from '#support/parse-file.js';
import {
  PRICE_COLUMNS,
  PRICE_HEADER_NAMES,
  PRICE_MIN_COLUMNS,
  type PriceFileRow,
  parsePriceLine,
} from './prices.parser.js';
import {
  type PriceRecord,
  planPrices,
  postedPeriodMessage,
  quantityBreaksOffMessage,
  resolvePrices,
  type StoredPrice,
} from './prices-import.service.js';
import { readTsvLines } from './tsv-reader.js';

const format = {
  columns: PRICE_COLUMNS,
  minColumns: PRICE_MIN_COLUMNS,
  headerNames: PRICE_HEADER_NAMES,
  parse: parsePriceLine,
};

const fileRow = (over: Partial<PriceFileRow>): PriceFileRow => ({
  line: 1,
  typeId: 1,
  companyId: null,
  code: 'PR-1',
  casePrice: 2499,
  unitPrice: null,
  deposit: 0,
  minCases: 1,
  fromDate: '2026-12-01',
  toDate: '2026-12-31',
  ...over,
});

describe('prices file (design.md 8.4)', () => {
  it('reads the header, CRLF, both kinds of level, money as cents, blank cells and the three date forms', async () => {
    const { rows, rejected, lines } = await parseFixture('prices-header-crlf.txt', format);
    expect(rejected).toEqual([]);
    expect(lines).toBe(4);
    expect(rows).toEqual([
      {
        line: 2,
        typeId: 1,
        companyId: null,
        code: 'PR-100',
        casePrice: 2499,
        unitPrice: 219,
        deposit: 120,
        minCases: 1,
        fromDate: '2026-12-01',
        toDate: '2026-12-31',
      },
      {
        line: 3,
        typeId: 1,
        companyId: null,
        code: 'PR-100',
        casePrice: 2350,
        unitPrice: null,
        deposit: 120,
        minCases: 5,
        fromDate: '2026-12-01',
        toDate: '2026-12-31',
      },
      // Blank unit price: none (case only); blank deposit: 0; blank break: 1; blank to date: no end.
      {
        line: 4,
        typeId: null,
        companyId: 1001,
        code: 'PR-101',
        casePrice: 1800,
        unitPrice: null,
        deposit: 0,
        minCases: 1,
        fromDate: '2026-12-01',
        toDate: null,
      },
      {
        line: 6,
        typeId: null,
        companyId: 42,
        code: 'PR-102',
        casePrice: 999,
        unitPrice: 85,
        deposit: 0,
        minCases: 10,
        fromDate: '2026-12-01',
        toDate: null,
      },
    ]);
  });

  it('without a header, a line may end after the from date', () => {
    expect(parsePriceLine(['T3', 'PR-1', '12.5', '', '', '', '1/9/2027'], 3)).toEqual({
      ok: true,
      row: fileRow({
        line: 3,
        typeId: 3,
        code: 'PR-1',
        casePrice: 1250,
        fromDate: '2027-01-09',
        toDate: null,
      }),
    });
  });

  it('rejects each broken line with its number and every reason, and keeps the good ones', async () => {
    const { rows, rejected } = await parseFixture('prices-broken.txt', format);
    expect(rows.map((r) => r.code)).toEqual(['PR-200']);
    const message = (line: number) => rejected.find((r) => r.Line === line)?.Message;
    const level = (found: string) =>
      `Price Level must be T and a customer type (such as T3) or a company id from 1 to 9999 (found '${found}')`;
    expect(message(2)).toBe(level('X1'));
    expect(message(3)).toBe(level('T0'));
    expect(message(4)).toBe('Price Level is required');
    expect(message(5)).toBe(level('10000'));
    expect(message(6)).toBe('Item Code is required');
    expect(message(7)).toBe("Case Price must have at most 2 decimals (found '12.345')");
    expect(message(8)).toBe("Case Price must not be negative (found '-5.00')");
    expect(message(9)).toBe("Case Price must be an amount such as 12.50 (found 'free')");
    expect(message(10)).toBe("Case Price must be above 0 (found '0.00')");
    expect(message(11)).toBe('Case Price is required');
    expect(message(12)).toBe("Case Price must be at most 999999.99 (found '1000000')");
    expect(message(13)).toBe("Unit Price must be an amount such as 12.50 (found '1,50')");
    expect(message(14)).toBe("Deposit Per Case must not be negative (found '-1.20')");
    expect(message(15)).toBe("Quantity Break must be a whole number from 1 to 9999 (found '0')");
    expect(message(16)).toBe("Quantity Break must be a whole number from 1 to 9999 (found '2.5')");
    expect(message(17)).toBe('From Date is required');
    expect(message(18)).toBe("From Date '31/12/2026' is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD");
    expect(message(19)).toBe('To Date must not be before From Date');
    expect(message(20)).toBe(
      'The line has 6 columns; expected 7 or 8 separated by tabs: price level, item code, case price, unit price, deposit per case, quantity break, from date, to date',
    );
    expect(message(21)).toMatch(/^The line has 9 columns; expected 7 or 8/);
    expect(message(22)).toBe(
      `${level('Q')}; Item Code is required; Case Price must have at most 2 decimals (found '1.234'); ` +
        "Unit Price must be above 0 (found '0'); Deposit Per Case must not be negative (found '-1'); " +
        "Quantity Break must be a whole number from 1 to 9999 (found 'lots'); " +
        "From Date 'soon' is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD",
    );
    expect(rejected.map((r) => r.Line)).toEqual(Array.from({ length: 21 }, (_, i) => i + 2));
  });

  it('an empty file, or one of blank lines and a header, has no line to import', async () => {
    const parse = (text: string) => parseFile(readTsvLines(Readable.from([Buffer.from(text)])), format);
    expect(await parse('')).toEqual({ rows: [], rejected: [], lines: 0 });
    expect(
      await parse('Price Level\tItem Code\tCase Price\tUnit Price\tDeposit\tBreak\tFrom Date\n\n'),
    ).toEqual({ rows: [], rejected: [], lines: 0 });
  });
});

describe("the prices file's lines against this site and its settings", () => {
  const lookups = {
    typeIds: new Set([1, 2]),
    customerIds: new Map([[1001, 7]]),
    products: new Map([
      ['PR-1', { id: 11, isCaseOnly: false }],
      ['KEG', { id: 12, isCaseOnly: true }],
    ]),
  };

  it('refuses an unknown type, customer or item, and a unit price for an item sold by the case only', () => {
    const { records, rejected } = resolvePrices(
      [
        fileRow({ line: 1 }),
        fileRow({ line: 2, typeId: 9 }),
        fileRow({ line: 3, typeId: null, companyId: 1001, unitPrice: 219 }),
        fileRow({ line: 4, typeId: null, companyId: 1002 }),
        fileRow({ line: 5, code: 'NOPE' }),
        fileRow({ line: 6, code: 'KEG', unitPrice: 500 }),
        fileRow({ line: 7, code: 'KEG' }),
        fileRow({ line: 8, typeId: 9, code: 'NOPE' }),
      ],
      lookups,
      { quantityBreaks: true },
    );
    expect(records.map((r) => [r.line, r.t, r.cu, r.p])).toEqual([
      [1, 1, null, 11],
      [3, null, 7, 11],
      [7, 1, null, 12],
    ]);
    expect(rejected).toEqual([
      { Line: 2, Message: 'Customer type 9 does not exist' },
      { Line: 4, Message: 'Customer 1002 does not exist (import the customers file first)' },
      { Line: 5, Message: 'Product NOPE does not exist' },
      { Line: 6, Message: 'Unit Price must be blank: KEG is sold by the case only' },
      { Line: 8, Message: 'Customer type 9 does not exist; Product NOPE does not exist' },
    ]);
  });

  it('QUANTITY_BREAKS=false refuses breaks above 1; true takes them', () => {
    const rows = [
      fileRow({ line: 1, minCases: 1 }),
      fileRow({ line: 2, minCases: 2 }),
      fileRow({ line: 3, minCases: 10 }),
    ];
    const off = resolvePrices(rows, lookups, { quantityBreaks: false });
    expect(off.records.map((r) => r.line)).toEqual([1]);
    expect(off.rejected).toEqual([
      { Line: 2, Message: quantityBreaksOffMessage(2) },
      { Line: 3, Message: quantityBreaksOffMessage(10) },
    ]);
    expect(quantityBreaksOffMessage(2)).toBe(
      'Quantity Break 2 is refused: quantity breaks are off (QUANTITY_BREAKS=false), so a price is for 1 case or more',
    );
    expect(resolvePrices(rows, lookups, { quantityBreaks: true }).records.map((r) => r.line)).toEqual([
      1, 2, 3,
    ]);
  });

  describe('post and hold: a period that has started keeps its posted prices', () => {
    const record = (over: Partial<PriceRecord>): PriceRecord => ({
      line: 1,
      t: 1,
      cu: null,
      p: 11,
      b: 1,
      f: '2026-12-01',
      e: '2026-12-31',
      cp: 2499,
      up: null,
      d: 0,
      ...over,
    });
    const posted: StoredPrice = { id: 5, cp: 2499, up: null, d: 0, e: '2026-12-31' };
    const stored = new Map([['1||11|1|2026-12-01', posted]]);

    it("refuses a change to a started period's price, and a new price in a started period, from its first day", () => {
      const lines = [
        record({ line: 1, cp: 2399 }),
        record({ line: 2, e: '2027-01-31' }),
        record({ line: 3, b: 5, cp: 2299 }),
        record({ line: 4 }),
      ];
      // 12/01 is the period's first day: it has started.
      const plan = planPrices(lines, stored, { today: '2026-12-01' });
      expect(plan.rejected).toEqual([
        { Line: 1, Message: postedPeriodMessage('2026-12-01', posted) },
        { Line: 2, Message: postedPeriodMessage('2026-12-01', posted) },
        { Line: 3, Message: postedPeriodMessage('2026-12-01', undefined) },
      ]);
      // The price as posted is accepted, unchanged, and its row kept.
      expect(plan.write).toEqual([]);
      expect(plan.keptIds).toEqual([5]);
      expect(plan.counts).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
      expect(postedPeriodMessage('2026-12-01', posted)).toBe(
        'The price period from 12/01/2026 has started and price posting is on (PRICE_POST_AND_HOLD): its posted price cannot change (case price 24.99, unit price none, deposit 0.00, to date 12/31/2026)',
      );
      expect(postedPeriodMessage('2026-12-01', undefined)).toBe(
        'The price period from 12/01/2026 has started and price posting is on (PRICE_POST_AND_HOLD): no price can be added to it',
      );
    });

    it('the day before a period starts, its prices may change; without post and hold, always', () => {
      const lines = [record({ line: 1, cp: 2399 }), record({ line: 2, b: 5, cp: 2299 })];
      for (const hold of [{ today: '2026-11-30' }, null]) {
        const plan = planPrices(lines, stored, hold);
        expect(plan.rejected).toEqual([]);
        expect(plan.write.map((r) => r.line)).toEqual([1, 2]);
        expect(plan.counts).toEqual({ inserted: 1, updated: 1, unchanged: 0 });
      }
    });

    it('a key repeated in a batch: the later line is written, the earlier counted unchanged', () => {
      const plan = planPrices([record({ line: 1, cp: 100 }), record({ line: 2, cp: 200 })], new Map(), null);
      expect(plan.write.map((r) => [r.line, r.cp])).toEqual([[2, 200]]);
      expect(plan.counts).toEqual({ inserted: 1, updated: 0, unchanged: 1 });
    });
  });
});
