import { describe, expect, it } from 'vitest';
import { countdownText, formatTimeLeft, wallTime, zoneName } from './delivery-countdown';
import { orderByInstant, toZonedIso } from './order-by';

const CHICAGO = 'America/Chicago';
const MIN = 60_000;
const type1 = { LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 };
const dates = (...ds: string[]) =>
  ds.map((date) => ({ Date: date, OrderBy: toZonedIso(orderByInstant(date, type1, CHICAGO), CHICAGO) }));
const thanksgivingWeek = dates('2026-11-27', '2026-11-30');

describe('formatTimeLeft', () => {
  it('counts minutes, hours and days, rounding down', () => {
    expect(formatTimeLeft(14 * MIN + 59_999)).toBe('14 min');
    expect(formatTimeLeft(59 * MIN)).toBe('59 min');
    expect(formatTimeLeft(60 * MIN)).toBe('1 h');
    expect(formatTimeLeft(134 * MIN)).toBe('2 h 14 min');
    expect(formatTimeLeft(24 * 60 * MIN - 1)).toBe('23 h 59 min');
    expect(formatTimeLeft(24 * 60 * MIN)).toBe('1 d');
    expect(formatTimeLeft(27 * 60 * MIN + 59 * MIN)).toBe('1 d 3 h');
  });

  it('still says 1 min in the last minute', () => {
    expect(formatTimeLeft(59_999)).toBe('1 min');
    expect(formatTimeLeft(1)).toBe('1 min');
  });
});

describe('countdownText', () => {
  it("reads as issue 20's example", () => {
    expect(countdownText(new Date('2026-11-25T13:46:00-06:00'), thanksgivingWeek, CHICAGO)).toBe(
      'Order within 2 h 14 min for delivery Friday 11/27. After 4:00 PM Central the earliest delivery is Monday 11/30.',
    );
  });

  it('counts minutes under an hour, and days over a day', () => {
    expect(countdownText(new Date('2026-11-25T15:46:00-06:00'), thanksgivingWeek, CHICAGO)).toMatch(
      /^Order within 14 min for delivery Friday 11\/27\. After 4:00 PM Central/,
    );
    // Tuesday 12:00 for Friday: the cutoff is Wednesday, named.
    expect(countdownText(new Date('2026-11-24T12:00:00-06:00'), thanksgivingWeek, CHICAGO)).toBe(
      'Order within 1 d 4 h for delivery Friday 11/27. After Wednesday 4:00 PM Central the earliest delivery is Monday 11/30.',
    );
  });

  it('at the cutoff minute moves on to the next date, never counting down to a passed one', () => {
    const at = (wall: string) =>
      countdownText(new Date(`2026-11-25T${wall}-06:00`), thanksgivingWeek, CHICAGO);
    expect(at('15:59:00')).toMatch(/^Order within 1 min for delivery Friday 11\/27\./);
    expect(at('15:59:59')).toMatch(/^Order within 1 min for delivery Friday 11\/27\./);
    // At 16:00:00 orders for Friday are late (decision 007): the answer is stale, Monday is next.
    expect(at('16:00:00')).toBe('Order within 3 d for delivery Monday 11/30.');
    expect(countdownText(new Date('2026-11-29T00:00:00-06:00'), thanksgivingWeek, CHICAGO)).toBeNull();
  });

  it('across midnight: counts from the evening before to the next afternoon', () => {
    // Before midnight the cutoff is tomorrow's, so it is named; after midnight it is today's.
    expect(countdownText(new Date('2026-11-24T23:30:00-06:00'), thanksgivingWeek, CHICAGO)).toMatch(
      /^Order within 16 h 30 min for delivery Friday 11\/27\. After Wednesday 4:00 PM Central/,
    );
    expect(countdownText(new Date('2026-11-25T00:00:00-06:00'), thanksgivingWeek, CHICAGO)).toMatch(
      /^Order within 16 h for delivery Friday 11\/27\. After 4:00 PM Central/,
    );
  });

  it('counts real time across both daylight-saving days of 2026', () => {
    // Sunday 03/08: 00:00 CST to 16:00 CDT is 15 real hours (02:00-03:00 never happens).
    const spring = dates('2026-03-10', '2026-03-11');
    expect(countdownText(new Date('2026-03-08T00:00:00-06:00'), spring, CHICAGO)).toBe(
      'Order within 15 h for delivery Tuesday 03/10. After 4:00 PM Central the earliest delivery is Wednesday 03/11.',
    );
    // Sunday 11/01: 00:00 CDT to 16:00 CST is 17 real hours (01:00-02:00 happens twice).
    const fall = dates('2026-11-03', '2026-11-04');
    expect(countdownText(new Date('2026-11-01T00:00:00-05:00'), fall, CHICAGO)).toBe(
      'Order within 17 h for delivery Tuesday 11/03. After 4:00 PM Central the earliest delivery is Wednesday 11/04.',
    );
  });

  it('says nothing without dates', () => {
    expect(countdownText(new Date('2026-11-25T12:00:00Z'), [], CHICAGO)).toBeNull();
  });
});

describe('wallTime and zoneName', () => {
  it('write the cutoff as customers say it', () => {
    expect(wallTime(new Date('2026-11-25T22:00:00Z'), CHICAGO)).toBe('4:00 PM');
    expect(wallTime(new Date('2026-11-25T06:05:00Z'), CHICAGO)).toBe('12:05 AM');
    expect(wallTime(new Date('2026-11-25T18:30:00Z'), CHICAGO)).toBe('12:30 PM');
    expect(zoneName(CHICAGO)).toBe('Central');
    expect(zoneName('America/New_York')).toBe('Eastern');
  });
});
