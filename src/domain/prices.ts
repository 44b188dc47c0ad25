/**
 * Prices (design.md 8.4, decision 073): money as whole cents, never binary floats, and which
 * posted price applies to a line. Pure, so the server (the prices file, the order's estimate)
 * and the screens read prices by the same rules.
 */

/** The largest price or deposit a file may give: $999,999.99 (a column of the `integer` type holds $21M). */
export const MONEY_MAX_CENTS = 99_999_999;

/** Why a money cell is refused. */
export type MoneyProblem = 'format' | 'negative' | 'decimals' | 'too-large';

export type MoneyResult = { ok: true; cents: number } | { ok: false; problem: MoneyProblem };

// '12', '12.5', '12.50', '.99', '$12.50'; a leading '-' is read so that it can be called negative.
const MONEY = /^(-)?\$?(\d{0,12})(?:\.(\d*))?$/;

/**
 * A dollar amount as cents, read from its digits (never through a float): '12.5' is 1250,
 * '12.345' is refused (more than 2 decimals), '-1' is refused as negative, '1,250.00' and
 * '12 USD' as not an amount. Trailing zeros past the cents are allowed ('12.500' is 1250), as
 * some ERPs write 3 or 4 decimals that are all zero.
 */
export function parseMoney(text: string): MoneyResult {
  const m = MONEY.exec(text.trim());
  if (!m) return { ok: false, problem: 'format' };
  const [, minus, whole = '', fraction] = m;
  if (whole === '' && !fraction) return { ok: false, problem: 'format' };
  const decimals = (fraction ?? '').replace(/0+$/, '');
  if (decimals.length > 2) return { ok: false, problem: 'decimals' };
  const cents = Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0'));
  if (minus && cents !== 0) return { ok: false, problem: 'negative' };
  if (cents > MONEY_MAX_CENTS) return { ok: false, problem: 'too-large' };
  return { ok: true, cents };
}

/** Cents from a dollar amount, or null for anything parseMoney refuses. */
export function parseCents(text: string): number | null {
  const r = parseMoney(text);
  return r.ok ? r.cents : null;
}

/** Cents as dollars with two decimals, no sign or separators: 1250 is '12.50', -5 is '-0.05'. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as a customer reads them: '$1,234.50'. */
export function formatDollars(cents: number): string {
  const [whole, fraction] = formatCents(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}$${Number(whole).toLocaleString('en-US')}.${fraction}`;
}

/** Adds cents; throws if a sum would leave the integers a double holds exactly (it never should). */
export function sumCents(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) {
    if (!Number.isInteger(v)) throw new RangeError(`Not a whole number of cents: ${v}`);
    total += v;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError('A sum of cents is too large');
  return total;
}

/** Whose price a row is: the customer's own, or its customer type's. */
export type PriceLevel = 'Customer' | 'Type';

/** One posted price of a product, as the prices file gave it (cents; dates 'YYYY-MM-DD'). */
export interface PriceRow {
  level: PriceLevel;
  /** The least cases the price is for (1: every line). */
  minCases: number;
  /** The period, both days included; `toDate` null: no end. */
  fromDate: string;
  toDate: string | null;
  casePrice: number;
  /** null: the product's units have no price of their own (case only). */
  unitPrice: number | null;
  depositPerCase: number;
}

export interface PriceBreak {
  MinCases: number;
  CasePrice: number;
}

/** A product's price for a line, in cents (the API's shape, design.md 8.4). */
export interface LinePrice {
  CasePrice: number;
  UnitPrice: number | null;
  DepositPerCase: number;
  /**
   * What a case costs from each number of cases on, as the rules give it (the customer's own
   * breaks and its type's, merged, a break listed only where the price changes), ascending.
   */
  PriceBreaks: PriceBreak[];
}

/** Whether a row's period holds the date (both ends included; business-calendar dates compare as text). */
export function inPeriod(row: Pick<PriceRow, 'fromDate' | 'toDate'>, date: string): boolean {
  return row.fromDate <= date && (row.toDate === null || date <= row.toDate);
}

/**
 * The row that applies to `cases` cases at one level: the highest break the cases reach; of two
 * rows of that break whose periods both hold the date, the one that started later (a shorter
 * promotion inside a longer period).
 */
function rowAt(rows: readonly PriceRow[], cases: number): PriceRow | null {
  let best: PriceRow | null = null;
  for (const r of rows) {
    if (r.minCases > cases) continue;
    if (!best || r.minCases > best.minCases || (r.minCases === best.minCases && r.fromDate > best.fromDate))
      best = r;
  }
  return best;
}

/**
 * The posted row that prices a line of `cases` cases delivered on `date`, or null: of the rows
 * whose period holds the date, the customer's own level if one of its breaks is reached, else
 * its type's; within the level, the highest break reached. A line of units only (0 cases) is
 * priced as one case would be.
 */
export function priceRowFor(rows: readonly PriceRow[], date: string, cases: number): PriceRow | null {
  const reach = Math.max(1, cases);
  const current = rows.filter((r) => inPeriod(r, date));
  return (
    rowAt(
      current.filter((r) => r.level === 'Customer'),
      reach,
    ) ??
    rowAt(
      current.filter((r) => r.level === 'Type'),
      reach,
    )
  );
}

/**
 * A product's price for a line of `cases` cases delivered on `date` (cents), with its breaks;
 * null when no posted price applies ("Price on invoice").
 */
export function priceFor(rows: readonly PriceRow[], date: string, cases = 1): LinePrice | null {
  const row = priceRowFor(rows, date, cases);
  if (!row) return null;
  // The price changes only where some break starts: the case price at each, merged and deduplicated.
  const starts = [...new Set(rows.filter((r) => inPeriod(r, date)).map((r) => r.minCases))].sort(
    (a, b) => a - b,
  );
  const breaks: PriceBreak[] = [];
  for (const minCases of starts) {
    const at = priceRowFor(rows, date, minCases);
    if (!at || breaks.at(-1)?.CasePrice === at.casePrice) continue;
    breaks.push({ MinCases: minCases, CasePrice: at.casePrice });
  }
  return {
    CasePrice: row.casePrice,
    UnitPrice: row.unitPrice,
    DepositPerCase: row.depositPerCase,
    PriceBreaks: breaks,
  };
}

/**
 * A product's price on `date` as the API carries it on the guide's and the form's products
 * (design.md 8.4): from its first break (1 case when it has one), with every break after it; null
 * when no posted price applies that day ("Price on invoice").
 */
export function productPrice(rows: readonly PriceRow[], date: string): LinePrice | null {
  const current = rows.filter((r) => inPeriod(r, date));
  if (current.length === 0) return null;
  return priceFor(current, date, Math.min(...current.map((r) => r.minCases)));
}

/**
 * What a case costs on a line of `cases` cases: the last break the cases reach (a line of units
 * only as one case); null below the first break.
 */
export function casePriceAt(price: Pick<LinePrice, 'PriceBreaks'>, cases: number): number | null {
  const reach = Math.max(1, cases);
  let at: number | null = null;
  for (const b of price.PriceBreaks) if (b.MinCases <= reach) at = b.CasePrice;
  return at;
}

/** A line priced: its goods and its deposits, in cents. */
export interface PricedLine {
  CasePrice: number;
  /** Cases times the case price, plus units times the unit price; null when units have no price. */
  LineTotal: number | null;
  Deposits: number;
}

/**
 * A line of `cases` cases and `units` units at a product's price (`productPrice`, or the API's
 * fields): the case price of the break reached, the product's unit price and deposit per case;
 * null with no price, or below the first break. Exact: whole cents times whole quantities. The
 * server's estimate and the form's use this one function.
 */
export function priceLine(price: LinePrice | null, cases: number, units: number): PricedLine | null {
  if (!price) return null;
  const casePrice = casePriceAt(price, cases);
  if (casePrice === null) return null;
  const unitsTotal = units === 0 ? 0 : price.UnitPrice === null ? null : units * price.UnitPrice;
  return {
    CasePrice: casePrice,
    LineTotal: unitsTotal === null ? null : sumCents([cases * casePrice, unitsTotal]),
    Deposits: cases * price.DepositPerCase,
  };
}

/** A line delivered on `date`, priced by the posted rows (`productPrice`, then `priceLine`). */
export function pricedLine(
  rows: readonly PriceRow[],
  date: string,
  cases: number,
  units: number,
): PricedLine | null {
  return priceLine(productPrice(rows, date), cases, units);
}
