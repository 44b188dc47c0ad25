import { ORDER_NO_MAX } from '../../../domain/customer.schema.js';
import { PRODUCT_CODE_MAX } from '../../../domain/order.schema.js';
import { endBeforeStartMessage, endsBeforeStart } from '../../../domain/schema-fields.js';
import { columnCountMessage, LineFields, type ParseResult } from './field-parsers.js';
import { COMPANY_ID_NAMES, type HeaderNames, PRODUCT_CODE_NAMES } from './header-line.js';

/**
 * Customer items file (spec section 3): which products a customer may order, from when to
 * when (blank dates: open), in which order. Keyed by (company id, product code).
 */
export const CUSTOMER_ITEM_COLUMNS = [
  'company id',
  'product code',
  'start date',
  'end date',
  'order no',
] as const;
export const CUSTOMER_ITEM_HEADER_NAMES: HeaderNames = [
  COMPANY_ID_NAMES,
  PRODUCT_CODE_NAMES,
  ['START_DATE', 'START', 'FROM_DATE'],
  ['END_DATE', 'END', 'TO_DATE'],
  ['ORDER_NO', 'SORT_ORDER', 'SEQUENCE', 'SEQ'],
];

export interface CustomerItemRow {
  line: number;
  companyId: number;
  code: string;
  startDate: string | null;
  endDate: string | null;
  orderNo: number;
}

export function parseCustomerItemLine(cols: string[], lineNo: number): ParseResult<CustomerItemRow> {
  if (cols.length !== CUSTOMER_ITEM_COLUMNS.length) {
    return { ok: false, message: columnCountMessage(cols.length, CUSTOMER_ITEM_COLUMNS) };
  }
  const f = new LineFields(cols);
  const row: CustomerItemRow = {
    line: lineNo,
    companyId: f.whole(0, 'Company Id', 1, 9999),
    code: f.text(1, 'Product Code', PRODUCT_CODE_MAX, true),
    startDate: f.date(2, 'Start Date', false),
    endDate: f.date(3, 'End Date', false),
    orderNo: f.whole(4, 'Order No', 0, ORDER_NO_MAX, 0),
  };
  if (endsBeforeStart(row.startDate, row.endDate)) f.fail(endBeforeStartMessage);
  return f.result(row);
}
