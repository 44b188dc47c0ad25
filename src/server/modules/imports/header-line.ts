/**
 * A file's header line (issue 43). ERPs write their own names, and some put the columns in
 * another order: a header is read, not skipped. Each column of a file has the names it is
 * known by (listed in the README, section "ERP files"), compared as `headerName` spells them,
 * so 'Units Per Case', 'UNITS_PER_CASE' and 'units-per-case' are one name.
 *
 * Only a line most of whose cells are such names is a header: any other first line is data,
 * and is rejected with a reason when it cannot be read (a first line whose units are '12PK'
 * used to vanish as a "header" because a number column held a word).
 */

/** For each column of a file, in the file's order, the names it is known by (the first is shown). */
export type HeaderNames = readonly (readonly string[])[];

/** The names a customer's number is known by, in every file that has one. */
export const COMPANY_ID_NAMES = [
  'COMPANY_ID',
  'CUSTOMER_NO',
  'CUSTOMER_NUMBER',
  'CUSTOMER_NUM',
  'CUSTOMER_ID',
  'CUST_NO',
  'CUST_ID',
  'CUSTOMER',
  'ACCOUNT_NO',
  'ACCOUNT',
] as const;

/** The names a product's code is known by, in the items and customer items files. */
export const PRODUCT_CODE_NAMES = [
  'PRODUCT_CODE',
  'ITEM_NO',
  'ITEM_NUMBER',
  'ITEM_CODE',
  'ITEM',
  'CODE',
  'SKU',
  'PRODUCT_NO',
] as const;

/** A header line the import cannot map: the file is refused, naming what is wrong. */
export class HeaderError extends Error {
  override name = 'HeaderError';
}

/** 'Units Per Case', 'units_per_case' and 'UnitsPerCase' alike: UNITS_PER_CASE; 'Item #' is ITEM_NO. */
export function headerName(cell: string): string {
  return cell
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toUpperCase()
    .replaceAll('#', '_NO')
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function columnOf(names: HeaderNames, cell: string): number {
  const name = headerName(cell);
  return name === '' ? -1 : names.findIndex((known) => known.includes(name));
}

/** A line is a header when at least two of its cells, and at least half of those not blank, are column names. */
export function isHeaderLine(cols: readonly string[], names: HeaderNames): boolean {
  let filled = 0;
  let known = 0;
  for (const cell of cols) {
    if (cell === '') continue;
    filled++;
    if (columnOf(names, cell) !== -1) known++;
  }
  return known >= 2 && known * 2 >= filled;
}

/**
 * Where each column is on a data line (the cell index, -1 where the file has no such column),
 * the columns after the last one present left out; `required` columns must all be named.
 * Throws a HeaderError naming the unknown, repeated and missing names.
 */
export function readHeader(cols: readonly string[], names: HeaderNames, required: number): number[] {
  const positions: number[] = names.map(() => -1);
  const unknown: string[] = [];
  const twice: string[] = [];
  cols.forEach((cell, i) => {
    if (cell === '') return;
    const column = columnOf(names, cell);
    if (column === -1) unknown.push(`'${cell}'`);
    else if (positions[column] !== -1) twice.push(`'${cell}'`);
    else positions[column] = i;
  });
  const missing = names.slice(0, required).flatMap((known, i) => (positions[i] === -1 ? [known[0]!] : []));
  const problems = [
    unknown.length
      ? `names ${unknown.length === 1 ? 'a column' : 'columns'} this file does not have: ${unknown.join(', ')}`
      : '',
    twice.length ? `names a column twice: ${twice.join(', ')}` : '',
    missing.length ? `has no column ${missing.join(', ')}` : '',
  ].filter(Boolean);
  if (problems.length) {
    throw new HeaderError(
      `The header line ${problems.join('; it ')}. Name the columns as the README's section "ERP files" lists them, or leave the header line out and put the columns in their order: ${names.map((n) => n[0]).join(', ')}`,
    );
  }
  while (positions.length && positions.at(-1) === -1) positions.pop();
  return positions;
}
