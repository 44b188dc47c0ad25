import { formatCompanyId } from '../../../domain/company-id.js';
import { CUSTOMER_TYPE_ID_MAX } from '../../../domain/customer-type.schema.js';
import { PRODUCT_CODE_MAX } from '../../../domain/order.schema.js';
import { columnCountMessage, LineFields, money, type ParseResult, quote } from './field-parsers.js';
import { type HeaderNames, PRODUCT_CODE_NAMES } from './header-line.js';

/**
 * Prices file (design.md 8.4, decision 073): the distributor's price book, one price a line.
 * The to date may be left out (no end), so a line may end after the from date.
 */
export const PRICE_COLUMNS = [
  'price level',
  'item code',
  'case price',
  'unit price',
  'deposit per case',
  'quantity break',
  'from date',
  'to date',
] as const;
/** The fewest columns a line may have: the to date may be left out. */
export const PRICE_MIN_COLUMNS = 7;
export const PRICE_HEADER_NAMES: HeaderNames = [
  ['PRICE_LEVEL', 'LEVEL', 'PRICE_LIST', 'PRICE_GROUP'],
  PRODUCT_CODE_NAMES,
  ['CASE_PRICE', 'PRICE', 'PRICE_PER_CASE', 'CS_PRICE'],
  ['UNIT_PRICE', 'PRICE_PER_UNIT', 'BOTTLE_PRICE', 'BTL_PRICE', 'EACH_PRICE'],
  ['DEPOSIT_PER_CASE', 'DEPOSIT', 'CASE_DEPOSIT', 'DEP'],
  ['QUANTITY_BREAK', 'QTY_BREAK', 'BREAK', 'MIN_CASES', 'MIN_QTY', 'MINIMUM_CASES'],
  ['FROM_DATE', 'START_DATE', 'EFFECTIVE_DATE', 'FROM', 'START'],
  ['TO_DATE', 'END_DATE', 'THROUGH_DATE', 'EXPIRATION_DATE', 'TO', 'END', 'THROUGH'],
];

/** The most cases a break may start at: an order line's most (order-fields' 9999). */
export const PRICE_BREAK_MAX = 9999;

export interface PriceFileRow {
  line: number;
  /** The level: a customer type (`T3`) or one customer (`1001`); exactly one is set. */
  typeId: number | null;
  companyId: number | null;
  code: string;
  /** Cents. */
  casePrice: number;
  /** Cents; null when the cell is blank (case only). */
  unitPrice: number | null;
  /** Cents; 0 when the cell is blank. */
  deposit: number;
  minCases: number;
  /** 'YYYY-MM-DD'. */
  fromDate: string;
  /** 'YYYY-MM-DD', or null: no end. */
  toDate: string | null;
}

/** The level as the file writes it: 'T3', or a company id's four digits. */
export const levelText = (r: Pick<PriceFileRow, 'typeId' | 'companyId'>) =>
  r.typeId !== null ? `T${r.typeId}` : formatCompanyId(r.companyId!);

const TYPE_LEVEL = /^[Tt](\d{1,4})$/;
const COMPANY_LEVEL = /^\d{1,4}$/;

function level(f: LineFields, cell: string): { typeId: number | null; companyId: number | null } {
  const type = TYPE_LEVEL.exec(cell);
  const id = type ? Number(type[1]) : COMPANY_LEVEL.test(cell) ? Number(cell) : 0;
  if (cell === '') f.fail('Price Level is required');
  else if (id < 1 || id > (type ? CUSTOMER_TYPE_ID_MAX : 9999))
    f.fail(
      `Price Level must be T and a customer type (such as T3) or a company id from 1 to 9999 (found ${quote(cell)})`,
    );
  return type ? { typeId: id, companyId: null } : { typeId: null, companyId: id };
}

export function parsePriceLine(cols: string[], lineNo: number): ParseResult<PriceFileRow> {
  if (cols.length < PRICE_MIN_COLUMNS || cols.length > PRICE_COLUMNS.length) {
    return { ok: false, message: columnCountMessage(cols.length, PRICE_COLUMNS, PRICE_MIN_COLUMNS) };
  }
  const f = new LineFields(cols);
  const { typeId, companyId } = level(f, cols[0]!);
  const code = f.text(1, 'Item Code', PRODUCT_CODE_MAX, true);
  const casePrice = money(f, cols[2]!, 'Case Price', true);
  const unitPrice = money(f, cols[3]!, 'Unit Price', true, null);
  const deposit = money(f, cols[4]!, 'Deposit Per Case', false, 0);
  const minCases = f.whole(5, 'Quantity Break', 1, PRICE_BREAK_MAX, 1);
  const fromDate = f.date(6, 'From Date', true) ?? '';
  const toDate = f.date(7, 'To Date', false);
  if (fromDate && toDate !== null && toDate < fromDate) f.fail('To Date must not be before From Date');
  return f.result({
    line: lineNo,
    typeId,
    companyId,
    code,
    casePrice,
    unitPrice,
    deposit,
    minCases,
    fromDate,
    toDate,
  });
}
