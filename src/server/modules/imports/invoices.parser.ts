import { PRODUCT_CODE_MAX } from '../../../domain/order.schema.js';
import { columnCountMessage, LineFields, money, type ParseResult } from './field-parsers.js';
import { type HeaderNames, PRODUCT_CODE_NAMES } from './header-line.js';

/**
 * Invoices file (design.md 8.4, decision 076): one invoice line a line, the invoice's own
 * columns repeated on each. A line is an item (item code, cases, units, case price, deposit) or
 * a fee (fee description and amount, the item columns empty).
 */
export const INVOICE_COLUMNS = [
  'invoice number',
  'order number',
  'invoice date',
  'due date',
  'item code',
  'cases',
  'units',
  'case price',
  'deposit',
  'fee description',
  'fee amount',
  'paid',
] as const;
export const INVOICE_HEADER_NAMES: HeaderNames = [
  ['INVOICE_NUMBER', 'INVOICE_NUM', 'INVOICE_NO', 'INVOICE', 'INV_NUM', 'INV_NO'],
  ['ORDER_NUMBER', 'ORDER_NUM', 'ORDER_NO', 'ORDER', 'ORDER_ID', 'WEB_CONF'],
  ['INVOICE_DATE', 'INV_DATE', 'DATE'],
  ['DUE_DATE', 'DUE', 'PAYMENT_DUE'],
  PRODUCT_CODE_NAMES,
  ['CASES', 'CASE_QTY', 'QTY_CASES', 'CASE_QUANTITY'],
  ['UNITS', 'UNIT_QTY', 'QTY_UNITS', 'UNIT_QUANTITY'],
  ['CASE_PRICE', 'PRICE', 'PRICE_PER_CASE', 'CS_PRICE'],
  ['DEPOSIT', 'DEPOSIT_PER_CASE', 'CASE_DEPOSIT', 'DEP'],
  ['FEE_DESCRIPTION', 'FEE', 'FEE_DESC', 'CHARGE'],
  ['FEE_AMOUNT', 'FEE_AMT', 'CHARGE_AMOUNT'],
  ['PAID', 'IS_PAID', 'PAID_FLAG'],
];

/** An invoice or order number's most characters (a Web Conf # is 7). */
export const INVOICE_NUM_MAX = 20;
export const FEE_DESCRIPTION_MAX = 60;

interface InvoiceHeader {
  line: number;
  invoiceNum: string;
  orderNum: string;
  /** 'YYYY-MM-DD'. */
  invoiceDate: string;
  dueDate: string;
  paid: boolean;
}

export type InvoiceFileRow = InvoiceHeader &
  (
    | { code: string; cases: number; units: number; casePrice: number; deposit: number; fee: null }
    | { code: null; fee: { description: string; amount: number } }
  );

export const bothKindsMessage =
  'A line is an item (Item Code, Cases, Units, Case Price) or a fee (Fee Description, Fee Amount), not both';
export const neitherKindMessage = 'Item Code is required, or Fee Description and Fee Amount for a fee line';

export function parseInvoiceLine(cols: string[], lineNo: number): ParseResult<InvoiceFileRow> {
  if (cols.length < INVOICE_COLUMNS.length - 1 || cols.length > INVOICE_COLUMNS.length) {
    return {
      ok: false,
      message: columnCountMessage(cols.length, INVOICE_COLUMNS, INVOICE_COLUMNS.length - 1),
    };
  }
  const f = new LineFields(cols);
  const invoiceNum = f.text(0, 'Invoice Number', INVOICE_NUM_MAX, true);
  const orderNum = f.text(1, 'Order Number', INVOICE_NUM_MAX, true);
  const invoiceDate = f.date(2, 'Invoice Date', true) ?? '';
  const dueDate = f.date(3, 'Due Date', true) ?? '';
  if (invoiceDate && dueDate && dueDate < invoiceDate) f.fail('Due Date must not be before Invoice Date');
  const paid = f.flag(11, 'Paid', false);
  const header: InvoiceHeader = { line: lineNo, invoiceNum, orderNum, invoiceDate, dueDate, paid };
  const itemCells = [4, 5, 6, 7, 8].some((i) => (cols[i] ?? '') !== '');
  const feeCells = [9, 10].some((i) => (cols[i] ?? '') !== '');
  const code = f.text(4, 'Item Code', PRODUCT_CODE_MAX, itemCells && !feeCells);
  if (itemCells && feeCells) {
    f.fail(bothKindsMessage);
    return f.result({ ...header, code: null, fee: { description: '', amount: 0 } });
  }
  if (feeCells) {
    const description = f.text(9, 'Fee Description', FEE_DESCRIPTION_MAX, true);
    const amount = money(f, cols[10] ?? '', 'Fee Amount', false);
    return f.result({ ...header, code: null, fee: { description, amount } });
  }
  if (!itemCells) f.fail(neitherKindMessage);
  const cases = f.whole(5, 'Cases', 0, 9999, 0);
  const units = f.whole(6, 'Units', 0, 9999, 0);
  const casePrice = money(f, cols[7] ?? '', 'Case Price', false);
  const deposit = money(f, cols[8] ?? '', 'Deposit', false, 0);
  if (itemCells && cases + units === 0) f.fail('Cases or Units must be above 0 on an item line');
  return f.result({ ...header, code, cases, units, casePrice, deposit, fee: null });
}
