import { describe, expect, it } from 'vitest';
import { parseFixture } from '#support/import-fixtures/read-fixture.js';
import {
  CUSTOMER_ITEM_COLUMNS,
  CUSTOMER_ITEM_HEADER_NAMES,
  parseCustomerItemLine,
} from './customer-item.parser.js';

const format = {
  columns: CUSTOMER_ITEM_COLUMNS,
  headerNames: CUSTOMER_ITEM_HEADER_NAMES,
  parse: parseCustomerItemLine,
};

describe('customer items file', () => {
  it('reads dates in the three formats and blank (open) dates, skips blank lines, keeps line numbers', async () => {
    const { rows, rejected, lines } = await parseFixture('customer-items-dates.txt', format);
    expect(lines).toBe(9);
    expect(rows.map((r) => [r.line, r.code, r.startDate, r.endDate, r.orderNo])).toEqual([
      [1, 'FX-100', '2025-01-15', '2099-12-31', 1],
      [3, 'FX-101', '2025-01-15', null, 2],
      [5, 'FX-102', '2025-01-15', '2099-12-31', 3],
      [6, 'FX-103', null, null, 0],
      // Unknown customers and products are the database's to judge, not the parser's.
      [9, 'FX-100', null, null, 1],
      [10, 'NO-SUCH', null, null, 1],
      [11, 'FX-106', '2025-01-05', null, 7],
    ]);
    expect(rejected).toMatchObject([
      { Line: 7, Message: "Start Date '13/45/2025' is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD" },
      { Line: 8, Message: 'End Date must not be before Start Date' },
    ]);
  });

  it('needs the five columns even when the last ones are blank', () => {
    const r = parseCustomerItemLine(['1001', 'FX-100'], 4);
    expect(r.ok).toBe(false);
  });
});
