import { describe, expect, it } from 'vitest';
import { addDays } from './business-date';
import { dashboardDeliveryDays, sameWeekdayAverage, sameWeekdayDates } from './dashboard.schema';
import { missesUsualOrder, usualDatesFor, usualWeekdays } from './usual-orders';

// Wednesday 11/25/2026; Thursday 11/26 is Thanksgiving in these tests.
const today = '2026-11-25';
const thanksgiving = new Map([['2026-11-26', 'Thanksgiving Day']]);

describe('the dashboard’s days (design.md 7.8)', () => {
  it('takes the next 7 delivery days from today on: no Sundays, no holidays, Saturdays kept', () => {
    expect(dashboardDeliveryDays(today, thanksgiving)).toEqual([
      '2026-11-25',
      '2026-11-27',
      '2026-11-28',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    // A Sunday today is not a delivery day: the list starts on Monday.
    expect(dashboardDeliveryDays('2026-11-29', new Map(), 2)).toEqual(['2026-11-30', '2026-12-01']);
  });

  it('averages the web orders of the same weekday over the 4 weeks before today, a day without any as 0', () => {
    expect(sameWeekdayDates(today)).toEqual(['2026-11-18', '2026-11-11', '2026-11-04', '2026-10-28']);
    const counts = new Map([
      ['2026-11-18', 3],
      ['2026-11-11', 2],
      ['2026-11-04', 0],
      // Not the same weekday or not in the 4 weeks: ignored.
      ['2026-11-24', 40],
      ['2026-10-21', 40],
    ]);
    expect(sameWeekdayAverage(counts, today)).toBe(1.3);
    expect(sameWeekdayAverage(new Map(), today)).toBe(0);
  });
});

describe('misses a usual order (design.md 7.4, shared by reminders and dashboard)', () => {
  const fridays = ['2026-11-13', '2026-11-20'];
  it('holds for a weekday ordered in 2 of the last 4 weeks, when the date has no order', () => {
    expect(missesUsualOrder(new Set(fridays), '2026-11-27', today)).toBe(true);
  });
  it('does not hold once the date has an order, for another weekday, or with one week only', () => {
    expect(missesUsualOrder(new Set([...fridays, '2026-11-27']), '2026-11-27', today)).toBe(false);
    expect(missesUsualOrder(new Set(fridays), '2026-11-30', today)).toBe(false);
    expect(missesUsualOrder(new Set(['2026-11-20']), '2026-11-27', today)).toBe(false);
  });
  it('looks at the 4 dates of the weekday before today, and agrees with usualWeekdays for every date and history', () => {
    expect(usualDatesFor('2026-11-27', today)).toEqual([
      '2026-10-30',
      '2026-11-06',
      '2026-11-13',
      '2026-11-20',
    ]);
    expect(usualDatesFor('2026-11-25', today)).toEqual([
      '2026-10-28',
      '2026-11-04',
      '2026-11-11',
      '2026-11-18',
    ]);
    // Every subset of 5 of the 28 days before today (and today) against each date of the next two weeks.
    const window = Array.from({ length: 29 }, (_, k) => addDays(today, -28 + k));
    for (let seed = 1; seed < 200; seed++) {
      const dates = new Set(window.filter((_, k) => (seed * (k + 3) * 7919) % 11 < 3));
      for (let ahead = 0; ahead < 14; ahead++) {
        const date = addDays(today, ahead);
        const usual = usualWeekdays(dates, today).has(new Date(`${date}T00:00:00Z`).getUTCDay() as 0);
        expect(missesUsualOrder(dates, date, today)).toBe(usual && !dates.has(date));
      }
    }
  });
});
