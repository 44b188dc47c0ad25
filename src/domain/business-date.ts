/**
 * Calendar dates ('YYYY-MM-DD' strings) and wall-clock time in the business time zone.
 *
 * Dates are plain strings on purpose: a delivery date is a day on the distributor's
 * calendar, not an instant, so it must never pass through a `Date` in the machine's local
 * zone (where midnight can shift it by a day). Only `Intl` turns an instant into the
 * business zone's wall clock, so the same code runs in Node and in the browser.
 */

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface BusinessClock {
  /** The calendar date in the business time zone, 'YYYY-MM-DD'. */
  date: string;
  /** 0-23 */
  hours: number;
  /** 0-59 */
  minutes: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

// Building a DateTimeFormat costs far more than using one; there are only a handful of zones.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let formatter = formatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      // 'h23', not hour12: false: the latter prints midnight as '24' in some ICU versions.
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(tz, formatter);
  }
  return formatter;
}

/** The wall clock in `tz` at the instant `now`. Throws a RangeError for an invalid date or zone. */
export function businessClock(now: Date, tz: string): BusinessClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(tz).formatToParts(now)) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  return {
    date: formatDate(year, month, day),
    hours: Number(parts.hour) % 24,
    minutes: Number(parts.minute),
  };
}

/** Today's date on the business calendar ('YYYY-MM-DD'). */
export function businessToday(now: Date, tz: string): string {
  return businessClock(now, tz).date;
}

/** True for a real calendar date written 'YYYY-MM-DD' (so '2026-02-30' is false). */
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const match = ISO_DATE.exec(s);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const utc = new Date(utcMidnight(y, m, d));
  return utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d;
}

/** The date `n` calendar days after `date` (before, when `n` is negative). */
export function addDays(date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`addDays: ${n} is not a whole number of days`);
  // UTC has no daylight saving, so a UTC day is always 24 hours and the arithmetic is exact.
  const utc = new Date(toUtcMs(date) + n * MS_PER_DAY);
  return formatDate(utc.getUTCFullYear(), utc.getUTCMonth() + 1, utc.getUTCDate());
}

/** 0 = Sunday ... 6 = Saturday, as `Date.prototype.getDay`. */
export function dayOfWeek(date: string): Weekday {
  return new Date(toUtcMs(date)).getUTCDay() as Weekday;
}

/** Calendar days from `a` to `b`: positive when `b` is later, 0 on the same day. */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtcMs(b) - toUtcMs(a)) / MS_PER_DAY);
}

function toUtcMs(date: string): number {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${String(date)}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return utcMidnight(y, m, d);
}

function utcMidnight(year: number, month: number, day: number): number {
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

function formatDate(year: number, month: number, day: number): string {
  if (year < 1 || year > 9999) throw new RangeError(`Year ${year} is outside 0001-9999`);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
