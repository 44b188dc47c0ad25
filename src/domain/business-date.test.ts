import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, businessClock, businessToday, dayOfWeek, daysBetween, isIsoDate } from './business-date';

const CHICAGO = 'America/Chicago';

// References written without Date: the Gregorian rules by hand.
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const monthLength = (y: number, m: number) =>
  [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const iso = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

function referenceAddDays(date: string, n: number): string {
  let [y, m, d] = date.split('-').map(Number) as [number, number, number];
  for (let i = 0; i < Math.abs(n); i++) {
    if (n > 0) {
      d++;
      if (d > monthLength(y, m)) [d, m] = [1, m + 1];
      if (m > 12) [m, y] = [1, y + 1];
    } else {
      d--;
      if (d < 1) {
        m--;
        if (m < 1) [m, y] = [12, y - 1];
        d = monthLength(y, m);
      }
    }
  }
  return iso(y, m, d);
}

// Sakamoto's day-of-week method.
function referenceDayOfWeek(date: string): number {
  const [y0, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
  const y = m < 3 ? y0 - 1 : y0;
  return (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + t[m - 1]! + d) % 7;
}

const calendarDate = fc
  .record({
    y: fc.integer({ min: 1900, max: 2200 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ y, m, d }) => iso(y, m, Math.min(d, monthLength(y, m))));

// Instants between 1971 and 2100; away from the ends so shifting by a zone offset stays in range.
const instant = fc
  .integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2100, 0, 1) })
  .map((ms) => new Date(ms));

describe('isIsoDate', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2026-03-08')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('0001-01-01')).toBe(true);
    for (const bad of ['2026-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-01-00']) {
      expect(isIsoDate(bad), bad).toBe(false);
    }
    for (const bad of ['', '2026-3-8', '03/08/2026', '2026-03-08T00:00:00Z', ' 2026-03-08', '0000-01-01']) {
      expect(isIsoDate(bad), bad).toBe(false);
    }
    expect(isIsoDate(20260308)).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });

  it('agrees with the Gregorian rules for every generated date', () => {
    fc.assert(fc.property(calendarDate, (date) => isIsoDate(date)));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 29, max: 31 }),
        (y, m, d) => {
          expect(isIsoDate(iso(y, m, d))).toBe(d <= monthLength(y, m));
        },
      ),
    );
  });
});

describe('addDays, dayOfWeek, daysBetween', () => {
  it('cross month, year and leap-day boundaries', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-08', 0)).toBe('2026-03-08');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
  });

  it('refuse a fractional day count or a malformed date', () => {
    expect(() => addDays('2026-03-08', 1.5)).toThrow(RangeError);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => dayOfWeek('tomorrow')).toThrow(RangeError);
  });

  it('number weekdays from Sunday = 0', () => {
    expect(dayOfWeek('2026-03-08')).toBe(0); // a Sunday, and the spring daylight-saving change
    expect(dayOfWeek('2026-03-14')).toBe(6);
    expect(dayOfWeek('2026-11-02')).toBe(1);
  });

  it('count days from a to b', () => {
    expect(daysBetween('2026-03-08', '2026-03-10')).toBe(2);
    expect(daysBetween('2026-03-10', '2026-03-08')).toBe(-2);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
  });

  it('agree with day-by-day stepping and with each other', () => {
    fc.assert(
      fc.property(calendarDate, fc.integer({ min: -800, max: 800 }), (date, n) => {
        const later = addDays(date, n);
        expect(later).toBe(referenceAddDays(date, n));
        expect(daysBetween(date, later)).toBe(n);
        expect(dayOfWeek(later)).toBe(referenceDayOfWeek(later));
        expect(dayOfWeek(later)).toBe((((dayOfWeek(date) + n) % 7) + 7) % 7);
      }),
    );
  });
});

describe('businessClock and businessToday', () => {
  it('matches toISOString in UTC', () => {
    fc.assert(
      fc.property(instant, (now) => {
        const s = now.toISOString();
        expect(businessClock(now, 'UTC')).toEqual({
          date: s.slice(0, 10),
          hours: Number(s.slice(11, 13)),
          minutes: Number(s.slice(14, 16)),
        });
      }),
    );
  });

  it('matches plain offset arithmetic in fixed-offset zones, including half hours', () => {
    const zones: [string, number][] = [
      ['Etc/GMT+6', -6 * 60], // POSIX sign: GMT+6 is six hours behind UTC
      ['Asia/Kolkata', 5 * 60 + 30],
      ['Etc/GMT-14', 14 * 60],
    ];
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), (now, [tz, offsetMinutes]) => {
        const wall = new Date(now.getTime() + offsetMinutes * 60_000).toISOString();
        const clock = businessClock(now, tz);
        expect(clock.date).toBe(wall.slice(0, 10));
        expect(clock.hours * 60 + clock.minutes).toBe(
          Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16)),
        );
      }),
    );
  });

  it('follows Chicago through both daylight-saving changes of 2026', () => {
    // Spring forward: 01:59 CST is followed by 03:00 CDT.
    expect(businessClock(new Date('2026-03-08T07:59:00Z'), CHICAGO)).toEqual({
      date: '2026-03-08',
      hours: 1,
      minutes: 59,
    });
    expect(businessClock(new Date('2026-03-08T08:00:00Z'), CHICAGO)).toEqual({
      date: '2026-03-08',
      hours: 3,
      minutes: 0,
    });
    // Fall back: 01:00-01:59 happens twice.
    expect(businessClock(new Date('2026-11-01T06:30:00Z'), CHICAGO)).toEqual({
      date: '2026-11-01',
      hours: 1,
      minutes: 30,
    });
    expect(businessClock(new Date('2026-11-01T07:30:00Z'), CHICAGO)).toEqual({
      date: '2026-11-01',
      hours: 1,
      minutes: 30,
    });
    // Midnight is hour 0, not 24; the last minute of the day is still that day.
    expect(businessClock(new Date('2026-11-02T06:00:00Z'), CHICAGO)).toEqual({
      date: '2026-11-02',
      hours: 0,
      minutes: 0,
    });
    expect(businessClock(new Date('2026-11-02T05:59:59Z'), CHICAGO)).toEqual({
      date: '2026-11-01',
      hours: 23,
      minutes: 59,
    });
  });

  it('gives the business date, not the UTC date, in the evening', () => {
    // 20:30 in Chicago on 2026-07-15 is already 2026-07-16 in UTC.
    expect(businessToday(new Date('2026-07-16T01:30:00Z'), CHICAGO)).toBe('2026-07-15');
  });

  it('refuses an invalid instant or zone', () => {
    expect(() => businessClock(new Date(Number.NaN), CHICAGO)).toThrow(RangeError);
    expect(() => businessClock(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
