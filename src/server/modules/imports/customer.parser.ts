import { CUSTOMER_NAME_MAX } from '../../../domain/customer.schema.js';
import { CUSTOMER_TYPE_ID_MAX } from '../../../domain/customer-type.schema.js';
import { columnCountMessage, LineFields, type ParseResult } from './field-parsers.js';
import { COMPANY_ID_NAMES, type HeaderNames } from './header-line.js';

/** Customers file (spec section 3): COMPANY_ID, CUSTOMER_NAME, ZIP_CODE, CUST_TYPE_ID. */
export const CUSTOMER_COLUMNS = ['COMPANY_ID', 'CUSTOMER_NAME', 'ZIP_CODE', 'CUST_TYPE_ID'] as const;
export const CUSTOMER_HEADER_NAMES: HeaderNames = [
  COMPANY_ID_NAMES,
  ['CUSTOMER_NAME', 'CUST_NAME', 'NAME', 'COMPANY_NAME'],
  ['ZIP_CODE', 'ZIP', 'ZIPCODE', 'POSTAL_CODE'],
  ['CUST_TYPE_ID', 'CUSTOMER_TYPE_ID', 'CUSTOMER_TYPE', 'CUST_TYPE', 'TYPE'],
];

export interface CustomerRow {
  line: number;
  companyId: number;
  name: string;
  zipcode: number;
  customerTypeId: number;
}

// ZIP+4 ('60601-1234'): the customer signs in with the 5-digit part.
const ZIP_PLUS_FOUR = /^(\d{5})-\d{4}$/;

export function parseCustomerLine(cols: string[], lineNo: number): ParseResult<CustomerRow> {
  if (cols.length !== CUSTOMER_COLUMNS.length) {
    return { ok: false, message: columnCountMessage(cols.length, CUSTOMER_COLUMNS) };
  }
  const zip = ZIP_PLUS_FOUR.exec(cols[2]!);
  const f = new LineFields(zip ? [cols[0]!, cols[1]!, zip[1]!, cols[3]!] : cols);
  return f.result({
    line: lineNo,
    companyId: f.whole(0, 'Company Id', 1, 9999),
    name: f.text(1, 'Customer Name', CUSTOMER_NAME_MAX, true),
    zipcode: f.whole(2, 'Zip Code', 1, 99999),
    customerTypeId: f.whole(3, 'Customer Type', 1, CUSTOMER_TYPE_ID_MAX),
  });
}
