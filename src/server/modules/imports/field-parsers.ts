import { ProductType } from '../../../domain/enums.js';
import { maxLengthMessage, requiredMessage } from '../../../domain/order.schema.js';
import { formatCents, MONEY_MAX_CENTS, type MoneyProblem, parseMoney } from '../../../domain/prices.js';

/**
 * The cell formats of the import files (design.md 5.8), as pure functions: dates as
 * MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD; flags as Y/N, 1/0 or true/false; product type as
 * 1/2, F/N or Frozen/Non-Frozen (0 or blank: Unknown). Each returns null for a value it
 * does not understand, and `LineFields` turns that into a message a clerk can act on.
 */

export type ParseResult<T> = { ok: true; row: T } | { ok: false; message: string };

/** Trims a cell and unwraps the double quotes a spreadsheet puts around some values. */
export function cleanCell(raw: string): string {
  const n = raw.length;
  if (n === 0) return raw;
  // Most cells start and end with a printable ASCII character other than a quote: nothing to do.
  const first = raw.charCodeAt(0);
  const last = raw.charCodeAt(n - 1);
  if (first > 32 && first < 127 && first !== 34 && last > 32 && last < 127 && last !== 34) return raw;
  const s = raw.trim();
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"'))
    return s.slice(1, -1).replaceAll('""', '"').trim();
  return s;
}

/** The cells of a line; empty cells after the last expected column (a stray tab) are dropped. */
export function splitColumns(text: string, expected: number): string[] {
  const cols = text.split('\t');
  for (let i = 0; i < cols.length; i++) cols[i] = cleanCell(cols[i]!);
  while (cols.length > expected && cols[cols.length - 1] === '') cols.pop();
  return cols;
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;
// Spreadsheets and ERPs often write a midnight time after the date; the date is what counts.
const TIME_SUFFIX = /[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?[AaPp][Mm])?$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);
}

function readDate(value: string): string | null {
  const s = value.trim().replace(TIME_SUFFIX, '');
  const us = US_DATE.exec(s);
  const other = us ? null : (ISO_DATE.exec(s) ?? COMPACT_DATE.exec(s));
  if (!us && !other) return null;
  const [y, m, d] = us ? [us[3]!, us[1]!, us[2]!] : [other![1]!, other![2]!, other![3]!];
  if (!isCalendarDate(Number(y), Number(m), Number(d))) return null;
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

// The lines of one order repeat its dates: a small memo makes a large file's dates nearly free.
const dateMemo = new Map<string, string | null>();

/** 'YYYY-MM-DD' for a real calendar date (1900-2999) in one of the three formats, else null. */
export function parseDate(value: string): string | null {
  let iso = dateMemo.get(value);
  if (iso === undefined) {
    iso = readDate(value);
    if (dateMemo.size >= 4096) dateMemo.clear();
    dateMemo.set(value, iso);
  }
  return iso;
}

const TRUE_FLAGS = new Set(['y', 'yes', '1', 'true', 't']);
const FALSE_FLAGS = new Set(['n', 'no', '0', 'false', 'f']);

/** Y/N, 1/0, true/false in any case; null for anything else (blank included). */
export function parseFlag(value: string): boolean | null {
  const s = value.trim().toLowerCase();
  if (TRUE_FLAGS.has(s)) return true;
  if (FALSE_FLAGS.has(s)) return false;
  return null;
}

const PRODUCT_TYPES = new Map<string, ProductType>([
  ['', ProductType.None],
  ['0', ProductType.None],
  ['unknown', ProductType.None],
  ['1', ProductType.Frozen],
  ['f', ProductType.Frozen],
  ['frozen', ProductType.Frozen],
  ['2', ProductType.NonFrozen],
  ['n', ProductType.NonFrozen],
  ['non-frozen', ProductType.NonFrozen],
  ['nonfrozen', ProductType.NonFrozen],
  ['non frozen', ProductType.NonFrozen],
]);

export function parseProductType(value: string): ProductType | null {
  return PRODUCT_TYPES.get(value.trim().toLowerCase()) ?? null;
}

// '12', '+12', '-3' and '12.00' (some ERPs write decimals); not '1,000' or '12.5'.
const WHOLE = /^[+-]?\d{1,15}(?:\.0*)?$/;
// A credit's quantity: '-2', '(2)' (accounting) or '2-' (AS/400's trailing sign).
const NEGATIVE = /^(?:-\s*([\d.]+)|\(\s*([\d.]+)\s*\)|([\d.]+)\s*-)$/;

export function parseWholeNumber(value: string): number | null {
  // Fast path for the common case, a few plain digits.
  const n = value.length;
  if (n > 0 && n < 10) {
    let v = 0;
    let i = 0;
    for (; i < n; i++) {
      const c = value.charCodeAt(i) - 48;
      if (c < 0 || c > 9) break;
      v = v * 10 + c;
    }
    if (i === n) return v;
  }
  const s = value.trim();
  return WHOLE.test(s) ? Math.trunc(Number(s)) : null;
}

/** `min`: the fewest columns a line may have when the last ones are optional. */
export function columnCountMessage(found: number, columns: readonly string[], min = columns.length): string {
  const expected =
    min === columns.length
      ? `${min}`
      : `${min} ${columns.length - min === 1 ? 'or' : 'to'} ${columns.length}`;
  return `The line has ${found} ${found === 1 ? 'column' : 'columns'}; expected ${expected} separated by tabs: ${columns.join(', ')}`;
}

/** A cell as quoted in a message: short, so a report of broken lines stays small. */
export function quote(value: string): string {
  return `'${value.length > 40 ? `${value.slice(0, 40)}...` : value}'`;
}

/**
 * Reads one line's cells by position, collecting every problem, so a clerk sees all that
 * is wrong with a line at once ('Units per case ...; Case only ...').
 */
export class LineFields {
  private readonly errors: string[] = [];
  constructor(private readonly cols: string[]) {}

  private cell(i: number): string {
    return this.cols[i] ?? '';
  }

  text(i: number, label: string, max: number, required = false): string {
    const s = this.cell(i);
    if (required && s === '') this.errors.push(requiredMessage(label));
    else if (s.length > max) this.errors.push(maxLengthMessage(label, max));
    return s;
  }

  /** A whole number from min to max; a blank cell is `blank`, or required when that is undefined. */
  whole(i: number, label: string, min: number, max: number, blank?: number): number {
    const s = this.cell(i);
    if (s === '' && blank !== undefined) return blank;
    if (s === '') {
      this.errors.push(requiredMessage(label));
      return 0;
    }
    const n = parseWholeNumber(s);
    if (n === null || n < min || n > max) {
      this.errors.push(`${label} must be a whole number from ${min} to ${max} (found ${quote(s)})`);
      return 0;
    }
    return n;
  }

  /**
   * A whole number up to `max` either way, as ERPs write a credit's: '-2', '(2)' or '2-' are -2;
   * blank is 0.
   */
  signedWhole(i: number, label: string, max: number): number {
    const s = this.cell(i);
    if (s === '') return 0;
    const negative = NEGATIVE.exec(s);
    const n = parseWholeNumber(negative ? (negative[1] ?? negative[2] ?? negative[3])! : s);
    if (n === null || n < -max || n > max) {
      this.errors.push(`${label} must be a whole number from -${max} to ${max} (found ${quote(s)})`);
      return 0;
    }
    return negative ? -n : n;
  }

  /** 'YYYY-MM-DD'; null for a blank cell when the date is optional. */
  date(i: number, label: string, required: boolean): string | null {
    const s = this.cell(i);
    if (s === '') {
      if (required) this.errors.push(requiredMessage(label));
      return null;
    }
    const iso = parseDate(s);
    if (!iso) this.errors.push(`${label} ${quote(s)} is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD`);
    return iso;
  }

  flag(i: number, label: string, blank: boolean): boolean {
    const s = this.cell(i);
    if (s === '') return blank;
    const f = parseFlag(s);
    if (f === null) this.errors.push(`${label} must be Y or N, 1 or 0, true or false (found ${quote(s)})`);
    return f ?? blank;
  }

  productType(i: number, label: string): ProductType {
    const s = this.cell(i);
    const t = parseProductType(s);
    if (t === null) {
      this.errors.push(
        `${label} must be 1 (Frozen), 2 (Non-Frozen), F, N, Frozen or Non-Frozen (found ${quote(s)})`,
      );
    }
    return t ?? ProductType.None;
  }

  /** For rules between fields ('End Date must not be before Start Date'). */
  fail(message: string) {
    this.errors.push(message);
  }

  result<T>(row: T): ParseResult<T> {
    return this.errors.length ? { ok: false, message: this.errors.join('; ') } : { ok: true, row };
  }
}

const moneyProblems: Record<MoneyProblem, string> = {
  format: 'must be an amount such as 12.50',
  negative: 'must not be negative',
  decimals: 'must have at most 2 decimals',
  'too-large': `must be at most ${formatCents(MONEY_MAX_CENTS)}`,
};

/** A money cell in cents; `blank` for an empty cell, required when undefined. Prices must be above 0. */
export function money<Blank extends number | null = number>(
  f: LineFields,
  cell: string,
  label: string,
  positive: boolean,
  blank?: Blank,
): number | Blank {
  if (cell === '') {
    if (blank !== undefined) return blank;
    f.fail(`${label} is required`);
    return 0;
  }
  const m = parseMoney(cell);
  if (!m.ok) f.fail(`${label} ${moneyProblems[m.problem]} (found ${quote(cell)})`);
  else if (positive && m.cents === 0) f.fail(`${label} must be above 0 (found ${quote(cell)})`);
  return m.ok ? m.cents : 0;
}
