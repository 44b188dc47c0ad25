import { addDays, dayOfWeek, type Weekday } from './business-date';

/**
 * The 11 US federal holidays of a year (5 U.S.C. 6103), for the holidays screen's
 * suggestion. The dates are the holidays themselves, not the days federal offices observe
 * them (a Saturday Independence Day is observed on the Friday): a distributor closes on the
 * day, and staff edit the list before adding it.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The `n`th `weekday` (0 = Sunday) of a month (1-12). */
export function nthWeekday(year: number, month: number, weekday: Weekday, n: number): string {
  const first = ymd(year, month, 1);
  return addDays(first, ((weekday - dayOfWeek(first) + 7) % 7) + (n - 1) * 7);
}

/** The last `weekday` of a month (1-12). */
export function lastWeekday(year: number, month: number, weekday: Weekday): string {
  const last = addDays(month === 12 ? ymd(year + 1, 1, 1) : ymd(year, month + 1, 1), -1);
  return addDays(last, -((dayOfWeek(last) - weekday + 7) % 7));
}

export interface SuggestedHoliday {
  Date: string;
  Name: string;
}

const MONDAY = 1;
const THURSDAY = 4;

/** The year's federal holidays, in date order. */
export function usFederalHolidays(year: number): SuggestedHoliday[] {
  return [
    { Date: ymd(year, 1, 1), Name: "New Year's Day" },
    { Date: nthWeekday(year, 1, MONDAY, 3), Name: 'Martin Luther King Jr. Day' },
    { Date: nthWeekday(year, 2, MONDAY, 3), Name: "Washington's Birthday" },
    { Date: lastWeekday(year, 5, MONDAY), Name: 'Memorial Day' },
    { Date: ymd(year, 6, 19), Name: 'Juneteenth' },
    { Date: ymd(year, 7, 4), Name: 'Independence Day' },
    { Date: nthWeekday(year, 9, MONDAY, 1), Name: 'Labor Day' },
    { Date: nthWeekday(year, 10, MONDAY, 2), Name: 'Columbus Day' },
    { Date: ymd(year, 11, 11), Name: 'Veterans Day' },
    { Date: nthWeekday(year, 11, THURSDAY, 4), Name: 'Thanksgiving Day' },
    { Date: ymd(year, 12, 25), Name: 'Christmas Day' },
  ];
}
