import { PRODUCT_CODE_MAX } from '../../../domain/order.schema.js';
import { columnCountMessage, LineFields, type ParseResult, quote } from './field-parsers.js';
import { type HeaderNames, PRODUCT_CODE_NAMES } from './header-line.js';

/**
 * Availability file (design.md 8.3): the distributor's stock, one item a line. Expected date
 * and substitute code are optional, so a line may end after the status.
 */
export const AVAILABILITY_COLUMNS = [
  'item code',
  'cases available',
  'status',
  'expected date',
  'substitute code',
] as const;
/** The fewest columns a line may have: expected date and substitute may be left out. */
export const AVAILABILITY_MIN_COLUMNS = 3;
export const AVAILABILITY_HEADER_NAMES: HeaderNames = [
  PRODUCT_CODE_NAMES,
  ['CASES_AVAILABLE', 'CASES', 'AVAILABLE', 'QTY_AVAILABLE', 'QTY_ON_HAND', 'ON_HAND', 'STOCK'],
  ['STATUS', 'STOCK_STATUS', 'AVAILABILITY'],
  ['EXPECTED_DATE', 'EXPECTED', 'BACK_DATE', 'ETA', 'DUE_DATE'],
  ['SUBSTITUTE_CODE', 'SUBSTITUTE', 'SUB_CODE', 'SUB_ITEM', 'SUBSTITUTE_ITEM'],
];

/** The statuses the table takes (migration 0022's check). */
export const AVAILABILITY_STATUSES = ['IN', 'LOW', 'OUT'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/** Cases available: a column of the `integer` type, so well within it; an ERP's stock of one item fits. */
export const AVAILABILITY_CASES_MAX = 9_999_999;

export interface AvailabilityRow {
  line: number;
  code: string;
  /** null: the file left it blank (unknown). */
  cases: number | null;
  status: AvailabilityStatus;
  /** 'YYYY-MM-DD' or null. */
  expectedDate: string | null;
  /** The substitute's product code, or null. */
  substituteCode: string | null;
}

export function parseAvailabilityLine(cols: string[], lineNo: number): ParseResult<AvailabilityRow> {
  if (cols.length < AVAILABILITY_MIN_COLUMNS || cols.length > AVAILABILITY_COLUMNS.length) {
    return {
      ok: false,
      message: columnCountMessage(cols.length, AVAILABILITY_COLUMNS, AVAILABILITY_MIN_COLUMNS),
    };
  }
  const f = new LineFields(cols);
  const code = f.text(0, 'Item Code', PRODUCT_CODE_MAX, true);
  // Blank is unknown, which is not 0: an `IN` item of unknown count is not out.
  const cases = cols[1] === '' ? null : f.whole(1, 'Cases available', 0, AVAILABILITY_CASES_MAX);
  // In any case, as the other files read their codes (Y/N, F/N, order types); kept upper case.
  const statusCell = cols[2]!;
  const status = statusCell.toUpperCase() as AvailabilityStatus;
  if (statusCell === '') f.fail('Status is required');
  else if (!AVAILABILITY_STATUSES.includes(status))
    f.fail(`Status must be IN, LOW or OUT (found ${quote(statusCell)})`);
  const expectedDate = f.date(3, 'Expected Date', false);
  const substituteCode = f.text(4, 'Substitute Code', PRODUCT_CODE_MAX) || null;
  if (substituteCode !== null && substituteCode === code)
    f.fail(`Substitute Code ${quote(substituteCode)} is the item itself`);
  return f.result({ line: lineNo, code, cases, status, expectedDate, substituteCode });
}
