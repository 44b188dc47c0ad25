import { describe, expect, it } from 'vitest';
import { dayOfWeek } from './business-date';
import { lastWeekday, nthWeekday, usFederalHolidays } from './federal-holidays';

describe('usFederalHolidays', () => {
  it('gives the 11 federal holidays of 2027', () => {
    expect(usFederalHolidays(2027)).toEqual([
      { Date: '2027-01-01', Name: "New Year's Day" },
      { Date: '2027-01-18', Name: 'Martin Luther King Jr. Day' },
      { Date: '2027-02-15', Name: "Washington's Birthday" },
      { Date: '2027-05-31', Name: 'Memorial Day' },
      { Date: '2027-06-19', Name: 'Juneteenth' },
      { Date: '2027-07-04', Name: 'Independence Day' },
      { Date: '2027-09-06', Name: 'Labor Day' },
      { Date: '2027-10-11', Name: 'Columbus Day' },
      { Date: '2027-11-11', Name: 'Veterans Day' },
      { Date: '2027-11-25', Name: 'Thanksgiving Day' },
      { Date: '2027-12-25', Name: 'Christmas Day' },
    ]);
  });

  it('knows the moving ones in other years', () => {
    const dates = (year: number) => Object.fromEntries(usFederalHolidays(year).map((h) => [h.Name, h.Date]));
    expect(dates(2026)).toMatchObject({
      'Martin Luther King Jr. Day': '2026-01-19',
      "Washington's Birthday": '2026-02-16',
      'Memorial Day': '2026-05-25',
      'Labor Day': '2026-09-07',
      'Columbus Day': '2026-10-12',
      'Thanksgiving Day': '2026-11-26',
    });
    expect(dates(2028)).toMatchObject({ 'Memorial Day': '2028-05-29', 'Thanksgiving Day': '2028-11-23' });
  });

  it('puts every Monday holiday on a Monday and Thanksgiving on a Thursday, in its month', () => {
    for (let year = 2020; year <= 2040; year++) {
      for (const h of usFederalHolidays(year)) {
        if (/King|Washington|Memorial|Labor|Columbus/.test(h.Name)) expect(dayOfWeek(h.Date), h.Date).toBe(1);
        if (h.Name === 'Thanksgiving Day') expect(dayOfWeek(h.Date)).toBe(4);
        expect(h.Date.startsWith(String(year))).toBe(true);
      }
    }
  });

  it('finds nth and last weekdays at the ends of months', () => {
    expect(nthWeekday(2026, 3, 0, 2)).toBe('2026-03-08'); // DST starts on the second Sunday of March
    expect(nthWeekday(2026, 11, 0, 1)).toBe('2026-11-01'); // and ends on the first of November
    expect(lastWeekday(2026, 12, 4)).toBe('2026-12-31');
    expect(lastWeekday(2027, 2, 0)).toBe('2027-02-28');
  });
});
