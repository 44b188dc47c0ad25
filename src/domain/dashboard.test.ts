import { describe, expect, it } from 'vitest';
import {
  dashboardDeliveryDays,
  lastDeliveryDate,
  sameWeekdayAverage,
  sameWeekdayDates,
} from './dashboard.schema';
import { missesUsualOrder } from './usual-orders';

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

  it('takes the last delivery date up to today, not a date ahead', () => {
    expect(lastDeliveryDate(['2026-11-13', '2026-11-20', '2026-12-04'], today)).toBe('2026-11-20');
    expect(lastDeliveryDate(['2026-11-25'], today)).toBe('2026-11-25');
    expect(lastDeliveryDate(['2026-12-04'], today)).toBeNull();
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
});
