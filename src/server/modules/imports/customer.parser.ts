import { CUSTOMER_NAME_MAX } from '../../../domain/customer.schema.js';
import { CUSTOMER_TYPE_ID_MAX } from '../../../domain/customer-type.schema.js';
import { LICENSE_NUMBER_MAX } from '../../../domain/license.js';
import { normalizePaymentTerms, paymentTermsMessage } from '../../../domain/payment-terms.js';
import { columnCountMessage, LineFields, type ParseResult, quote } from './field-parsers.js';
import { COMPANY_ID_NAMES, type HeaderNames } from './header-line.js';

/**
 * Customers file (spec section 3): COMPANY_ID, CUSTOMER_NAME, ZIP_CODE, CUST_TYPE_ID, then the
 * liquor license's two optional columns (design.md 8.2) and the payment terms (design.md 8.4):
 * a line may end after the 4th, 5th or 6th, as the files written before them do. Later optional
 * columns go at the end, after these.
 */
export const CUSTOMER_COLUMNS = [
  'COMPANY_ID',
  'CUSTOMER_NAME',
  'ZIP_CODE',
  'CUST_TYPE_ID',
  'LICENSE_NUMBER',
  'LICENSE_EXPIRES',
  'PAYMENT_TERMS',
] as const;
/** The fewest columns a line may have: the license's and the terms' columns may be left out. */
export const CUSTOMER_MIN_COLUMNS = 4;
export const CUSTOMER_HEADER_NAMES: HeaderNames = [
  COMPANY_ID_NAMES,
  ['CUSTOMER_NAME', 'CUST_NAME', 'NAME', 'COMPANY_NAME'],
  ['ZIP_CODE', 'ZIP', 'ZIPCODE', 'POSTAL_CODE'],
  ['CUST_TYPE_ID', 'CUSTOMER_TYPE_ID', 'CUSTOMER_TYPE', 'CUST_TYPE', 'TYPE'],
  ['LICENSE_NUMBER', 'LICENSE_NO', 'LIQUOR_LICENSE', 'LICENSE'],
  ['LICENSE_EXPIRES', 'LICENSE_EXPIRY', 'LICENSE_EXPIRATION', 'LICENSE_EXP_DATE'],
  ['PAYMENT_TERMS', 'PAY_TERMS', 'TERMS', 'TERMS_CODE'],
];

export interface CustomerRow {
  line: number;
  companyId: number;
  name: string;
  zipcode: number;
  customerTypeId: number;
  /**
   * The license's columns where the line has them (null: the cell is blank, and clears it);
   * absent where the file has no such column, which leaves the customer's as it is.
   */
  licenseNumber?: string | null;
  /** 'YYYY-MM-DD', null or absent, as `licenseNumber`. */
  licenseExpires?: string | null;
  /** 'COD', 'EFT' or 'NET30' (design.md 8.4), null or absent, as `licenseNumber`. */
  paymentTerms?: string | null;
}

// ZIP+4 ('60601-1234'): the customer signs in with the 5-digit part.
const ZIP_PLUS_FOUR = /^(\d{5})-\d{4}$/;

export function parseCustomerLine(
  cols: string[],
  lineNo: number,
  unnamed?: readonly boolean[],
): ParseResult<CustomerRow> {
  if (cols.length < CUSTOMER_MIN_COLUMNS || cols.length > CUSTOMER_COLUMNS.length) {
    return { ok: false, message: columnCountMessage(cols.length, CUSTOMER_COLUMNS, CUSTOMER_MIN_COLUMNS) };
  }
  const zip = ZIP_PLUS_FOUR.exec(cols[2]!);
  const f = new LineFields(zip ? [cols[0]!, cols[1]!, zip[1]!, ...cols.slice(3)] : cols);
  const has = (i: number) => i < cols.length && !unnamed?.[i];
  const row: CustomerRow = {
    line: lineNo,
    companyId: f.whole(0, 'Company Id', 1, 9999),
    name: f.text(1, 'Customer Name', CUSTOMER_NAME_MAX, true),
    zipcode: f.whole(2, 'Zip Code', 1, 99999),
    customerTypeId: f.whole(3, 'Customer Type', 1, CUSTOMER_TYPE_ID_MAX),
  };
  if (has(4)) row.licenseNumber = f.text(4, 'License Number', LICENSE_NUMBER_MAX) || null;
  if (has(5)) row.licenseExpires = f.date(5, 'License Expires', false);
  if (has(6)) {
    const cell = cols[6]!;
    const terms = cell === '' ? null : normalizePaymentTerms(cell);
    if (cell !== '' && terms === null) f.fail(`${paymentTermsMessage} (found ${quote(cell)})`);
    row.paymentTerms = terms;
  }
  return f.result(row);
}
