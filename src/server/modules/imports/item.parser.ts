import { PRODUCT_CODE_MAX } from '../../../domain/order.schema.js';
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_UNITS_MAX,
  PRODUCT_UOM_MAX,
} from '../../../domain/product.schema.js';
import { columnCountMessage, LineFields, type ParseResult } from './field-parsers.js';
import { type HeaderNames, PRODUCT_CODE_NAMES } from './header-line.js';

/** Items file (spec section 3): one product per line, keyed by product code. */
export const ITEM_COLUMNS = [
  'product code',
  'description',
  'units per case',
  'product type',
  'case only',
  'unit UOM',
  'case UOM',
] as const;

/** The names a header line may give each column (header-line.ts; the README lists them). */
export const ITEM_HEADER_NAMES: HeaderNames = [
  PRODUCT_CODE_NAMES,
  ['DESCRIPTION', 'ITEM_DESCRIPTION', 'ITEM_DESC', 'PRODUCT_DESCRIPTION', 'DESC', 'NAME'],
  ['UNITS_PER_CASE', 'UNITS_CASE', 'UNITS', 'PACK', 'CASE_PACK', 'PACK_SIZE'],
  ['PRODUCT_TYPE', 'TYPE', 'ITEM_TYPE'],
  ['CASE_ONLY', 'CASE_ONLY_FLAG'],
  ['UNIT_UOM', 'UOM'],
  ['CASE_UOM'],
];

export interface ItemRow {
  line: number;
  code: string;
  description: string;
  units: number;
  type: number;
  isCaseOnly: boolean;
  unitUom: string;
  caseUom: string;
}

export function parseItemLine(cols: string[], lineNo: number): ParseResult<ItemRow> {
  if (cols.length !== ITEM_COLUMNS.length) {
    return { ok: false, message: columnCountMessage(cols.length, ITEM_COLUMNS) };
  }
  const f = new LineFields(cols);
  return f.result({
    line: lineNo,
    code: f.text(0, 'Product Code', PRODUCT_CODE_MAX, true),
    description: f.text(1, 'Description', PRODUCT_DESCRIPTION_MAX, true),
    units: f.whole(2, 'Units per case', 1, PRODUCT_UNITS_MAX),
    type: f.productType(3, 'Product type'),
    // The spec's default for a product is case-only.
    isCaseOnly: f.flag(4, 'Case only', true),
    unitUom: f.text(5, 'Unit UOM', PRODUCT_UOM_MAX),
    caseUom: f.text(6, 'Case UOM', PRODUCT_UOM_MAX),
  });
}
