import { type Substitution, substitutionLetter } from '../../../domain/availability.js';
import { MAX_QUANTITY, NAME_MAX, PRODUCT_CODE_MAX, REFERENCE_PO_MAX } from '../../../domain/order.schema.js';
import { normalizePhone } from '../../../domain/phone.js';
import { PRODUCT_DESCRIPTION_MAX, PRODUCT_UNITS_MAX } from '../../../domain/product.schema.js';
import { columnCountMessage, LineFields, type ParseResult } from './field-parsers.js';
import { COMPANY_ID_NAMES, type HeaderNames } from './header-line.js';

/**
 * Order history file (spec section 3), one line per product of an order; the same layout
 * as the back-office export (order-export.ts), so the ERP reads and writes one format. The
 * 14th column, the Reference PO, and the 15th, the substitution (`A`, `N` or `C`), are the
 * export's (design.md 5.5, 8.3): a line may end after the 13th or the 14th, as the ERP's own
 * history files do.
 */
export const ORDER_HISTORY_COLUMNS = [
  'order date',
  'customer number',
  'customer name',
  'delivery date',
  'order number',
  'contact name',
  'contact phone',
  'order type',
  'item number',
  'item description',
  'units per case',
  'units',
  'cases',
  'reference PO',
  'substitution',
] as const;
/** The fewest columns a line may have: the 14th, the Reference PO, and the 15th may be left out. */
export const ORDER_HISTORY_MIN_COLUMNS = 13;
export const ORDER_HISTORY_HEADER_NAMES: HeaderNames = [
  ['ORDER_DATE', 'ORD_DATE', 'DOC_DATE', 'DATE'],
  COMPANY_ID_NAMES,
  ['CUSTOMER_NAME', 'CUST_NAME', 'NAME'],
  ['DELIVERY_DATE', 'DELIV_DATE', 'DEL_DATE', 'SHIP_DATE', 'DUE_DATE', 'DOC_DUE_DATE'],
  ['ORDER_NO', 'ORDER_NUMBER', 'ORDER_NUM', 'ORD_NO', 'ORDER', 'DOC_NO', 'DOC_NUM', 'INVOICE_NO'],
  ['CONTACT', 'CONTACT_NAME'],
  ['PHONE', 'CONTACT_PHONE', 'PHONE_NO', 'PHONE_NUMBER'],
  ['ORDER_TYPE', 'ORD_TYPE', 'DOC_TYPE', 'TYPE'],
  ['ITEM_NO', 'ITEM_NUMBER', 'ITEM_CODE', 'ITEM', 'PRODUCT_CODE', 'CODE', 'SKU'],
  ['ITEM_DESC', 'ITEM_DESCRIPTION', 'DESCRIPTION', 'DESC'],
  ['UNITS_PER_CASE', 'UNITS_CASE', 'PACK', 'CASE_PACK', 'PACK_SIZE'],
  ['UNITS', 'QTY_UNITS', 'UNIT_QTY', 'UNITS_QTY', 'BOTTLES'],
  ['CASES', 'QTY_CASES', 'CASE_QTY', 'CASES_QTY'],
  ['REFERENCE_PO', 'REF_PO', 'PO', 'PO_NO', 'PO_NUMBER', 'CUSTOMER_PO'],
  ['SUBSTITUTION', 'SUBSTITUTE', 'SUBST', 'SUB_OK', 'ALLOW_SUB'],
];

const substitutionOfLetter = new Map(
  Object.entries(substitutionLetter).map(([preference, letter]) => [letter, preference as Substitution]),
);
export const substitutionColumnMessage = 'Substitution must be A, N or C (or empty)';

export const ORDER_NUM_MAX = 64;
const PHONE_MAX = 40;
const ORDER_TYPE_MAX = 20;

export interface OrderHistoryRow {
  line: number;
  orderDate: string;
  companyId: number;
  deliveryDate: string;
  orderNum: string;
  name: string;
  phone: string;
  orderType: string;
  code: string;
  description: string;
  unitsPerCase: number;
  units: number;
  cases: number;
  /** Negative quantities in the file: a return (the order type may make it one too, in the writers). */
  isReturn: boolean;
  /** The 14th column; null for a 13-column line, which leaves an imported order's PO as it was. */
  referencePo: string | null;
  /** The 15th column; Allow, the default, when it is empty or left out. */
  substitution: Substitution;
}

export function parseOrderHistoryLine(cols: string[], lineNo: number): ParseResult<OrderHistoryRow> {
  if (cols.length < ORDER_HISTORY_MIN_COLUMNS || cols.length > ORDER_HISTORY_COLUMNS.length) {
    return {
      ok: false,
      message: columnCountMessage(cols.length, ORDER_HISTORY_COLUMNS, ORDER_HISTORY_MIN_COLUMNS),
    };
  }
  const f = new LineFields(cols);
  const phone = f.text(6, 'Contact phone', PHONE_MAX);
  // A credit's quantities may be negative: the line is then a return (issue 43), stored positive.
  const units = f.signedWhole(11, 'Units', MAX_QUANTITY);
  const cases = f.signedWhole(12, 'Cases', MAX_QUANTITY);
  if ((units < 0 && cases > 0) || (units > 0 && cases < 0))
    f.fail('Units and Cases must both be returns (negative) or both not');
  return f.result({
    line: lineNo,
    orderDate: f.date(0, 'Order date', true) ?? '',
    companyId: f.whole(1, 'Customer number', 1, 9999),
    // Column 2, the customer name, is the ERP's copy: the customers file is where names change.
    deliveryDate: f.date(3, 'Delivery date', true) ?? '',
    orderNum: f.text(4, 'Order number', ORDER_NUM_MAX, true),
    name: f.text(5, 'Contact name', NAME_MAX),
    // Stored unmasked like a web order's phone when it is a 10-digit number; as written otherwise.
    phone: normalizePhone(phone) ?? phone,
    orderType: f.text(7, 'Order type', ORDER_TYPE_MAX),
    code: f.text(8, 'Item number', PRODUCT_CODE_MAX, true),
    description: f.text(9, 'Item description', PRODUCT_DESCRIPTION_MAX),
    unitsPerCase: f.whole(10, 'Units per case', 0, PRODUCT_UNITS_MAX),
    units: Math.abs(units),
    cases: Math.abs(cases),
    isReturn: units < 0 || cases < 0,
    referencePo:
      cols.length > ORDER_HISTORY_MIN_COLUMNS ? f.text(13, 'Reference PO', REFERENCE_PO_MAX) : null,
    substitution: substitutionOf(f, cols[14]),
  });
}

function substitutionOf(f: LineFields, cell: string | undefined): Substitution {
  const letter = (cell ?? '').trim().toUpperCase();
  if (letter === '') return 'Allow';
  const preference = substitutionOfLetter.get(letter as 'A');
  if (!preference) f.fail(substitutionColumnMessage);
  return preference ?? 'Allow';
}
