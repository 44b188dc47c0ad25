import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek } from './business-date';
import { earliestDeliveryDate, isSelectableDeliveryDate } from './delivery-date';
import { deliveryDatesWithOrderBy, orderByInstant, toZonedIso, zonedInstant } from './order-by';

const CHICAGO = 'America/Chicago';
const type1 = { LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 };
const iso = (date: string, rules = type1) => toZonedIso(orderByInstant(date, rules, CHICAGO), CHICAGO);

describe('zonedInstant and toZonedIso', () => {
  it('reads the wall clock of the business zone, with its offset of the day', () => {
    expect(zonedInstant('2026-11-25', 16, 0, CHICAGO).toISOString()).toBe('2026-11-25T22:00:00.000Z');
    expect(zonedInstant('2026-07-15', 16, 0, CHICAGO).toISOString()).toBe('2026-07-15T21:00:00.000Z');
    expect(toZonedIso(new Date('2026-11-25T22:00:00Z'), CHICAGO)).toBe('2026-11-25T16:00:00-06:00');
    expect(toZonedIso(new Date('2026-07-15T21:00:00Z'), CHICAGO)).toBe('2026-07-15T16:00:00-05:00');
    expect(toZonedIso(new Date('2026-07-15T21:00:00Z'), 'Asia/Kolkata')).toBe('2026-07-16T02:30:00+05:30');
    expect(toZonedIso(new Date('2026-07-15T21:00:00Z'), 'UTC')).toBe('2026-07-15T21:00:00+00:00');
  });

  it('on the spring-forward day, a time that never shows is the change itself', () => {
    expect(toZonedIso(zonedInstant('2026-03-08', 1, 59, CHICAGO), CHICAGO)).toBe('2026-03-08T01:59:00-06:00');
    expect(toZonedIso(zonedInstant('2026-03-08', 2, 30, CHICAGO), CHICAGO)).toBe('2026-03-08T03:00:00-05:00');
    expect(toZonedIso(zonedInstant('2026-03-08', 3, 0, CHICAGO), CHICAGO)).toBe('2026-03-08T03:00:00-05:00');
  });

  it('on the fall-back day, a time read twice is its first reading', () => {
    expect(toZonedIso(zonedInstant('2026-11-01', 1, 30, CHICAGO), CHICAGO)).toBe('2026-11-01T01:30:00-05:00');
    expect(toZonedIso(zonedInstant('2026-11-01', 2, 0, CHICAGO), CHICAGO)).toBe('2026-11-01T02:00:00-06:00');
  });
});

describe('orderByInstant (decision 036)', () => {
  it('is the cutoff of the day LeadHours / 24 + 1 days before the delivery date', () => {
    expect(iso('2026-11-27')).toBe('2026-11-25T16:00:00-06:00'); // Friday: Wednesday 4 PM
    expect(iso('2026-11-30')).toBe('2026-11-28T16:00:00-06:00'); // Monday: Saturday 4 PM
    expect(iso('2026-11-30', { LeadHours: 48, CutoffHours: 14, CutoffMinutes: 30 })).toBe(
      '2026-11-27T14:30:00-06:00',
    );
    expect(iso('2026-11-30', { LeadHours: 36, CutoffHours: 14, CutoffMinutes: 30 })).toBe(
      '2026-11-27T14:30:00-06:00',
    ); // 36 hours act as 48
  });

  it('crosses midnight: a late-evening cutoff, and a cutoff at midnight itself', () => {
    expect(iso('2026-11-27', { LeadHours: 0, CutoffHours: 23, CutoffMinutes: 59 })).toBe(
      '2026-11-26T23:59:00-06:00',
    );
    expect(iso('2026-11-27', { LeadHours: 0, CutoffHours: 0, CutoffMinutes: 0 })).toBe(
      '2026-11-26T00:00:00-06:00',
    );
    // Ordering from a browser in Tokyo changes nothing: the instant is the same.
    expect(orderByInstant('2026-11-27', type1, CHICAGO).toISOString()).toBe('2026-11-25T22:00:00.000Z');
  });

  it('takes the offset of each daylight-saving day of 2026', () => {
    expect(iso('2026-03-10')).toBe('2026-03-08T16:00:00-05:00'); // spring forward: CDT
    expect(iso('2026-03-09')).toBe('2026-03-07T16:00:00-06:00'); // the day before: CST
    expect(iso('2026-11-03')).toBe('2026-11-01T16:00:00-06:00'); // fall back: CST
    expect(iso('2026-11-02')).toBe('2026-10-31T16:00:00-05:00'); // the day before: CDT
  });

  it('agrees with the rule: a date is on offer exactly until its OrderBy, on both DST days', () => {
    for (const [day, offset] of [
      ['2026-03-08', '-05:00'],
      ['2026-11-01', '-06:00'],
      ['2026-11-25', '-06:00'],
    ] as const) {
      const date = addDays(day, 2);
      const orderBy = orderByInstant(date, type1, CHICAGO).getTime();
      expect(orderBy).toBe(Date.parse(`${day}T16:00:00${offset}`));
      for (const ms of [orderBy - 60_000, orderBy - 1, orderBy, orderBy + 59_999]) {
        const earliest = earliestDeliveryDate({
          now: new Date(ms),
          tz: CHICAGO,
          leadHours: 24,
          cutoffHours: 16,
          cutoffMinutes: 0,
        });
        expect(
          isSelectableDeliveryDate(date, { earliest, customerTypeId: 2 }),
          new Date(ms).toISOString(),
        ).toBe(ms < orderBy);
      }
    }
  });

  it('agrees with the rule at any instant, for any lead time and cutoff (outside the 0-2 AM hours DST moves)', () => {
    const property = fc.property(
      fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') }),
      fc.integer({ min: 0, max: 120 }),
      fc.integer({ min: 3, max: 23 }),
      fc.integer({ min: 0, max: 59 }),
      fc.integer({ min: 0, max: 12 }),
      (ms, leadHours, cutoffHours, cutoffMinutes, ahead) => {
        const rules = { LeadHours: leadHours, CutoffHours: cutoffHours, CutoffMinutes: cutoffMinutes };
        const now = new Date(ms);
        const earliest = earliestDeliveryDate({ now, tz: CHICAGO, leadHours, cutoffHours, cutoffMinutes });
        const date = addDays(earliest, ahead - 3);
        if (dayOfWeek(date) === 0) return;
        const onOffer = isSelectableDeliveryDate(date, { earliest, customerTypeId: 2 });
        expect(onOffer).toBe(ms < orderByInstant(date, rules, CHICAGO).getTime());
      },
    );
    fc.assert(property, { numRuns: 2000 });
  });
});

describe('deliveryDatesWithOrderBy', () => {
  it('lists the next dates a customer may pick, holidays skipped, each with its OrderBy', () => {
    const ctx = {
      earliest: '2026-11-26',
      customerTypeId: 1,
      holidays: new Map([['2026-11-26', 'Thanksgiving Day']]),
    };
    expect(deliveryDatesWithOrderBy(ctx, type1, CHICAGO, 3)).toEqual([
      { Date: '2026-11-27', OrderBy: '2026-11-25T16:00:00-06:00' },
      { Date: '2026-11-30', OrderBy: '2026-11-28T16:00:00-06:00' },
      { Date: '2026-12-01', OrderBy: '2026-11-29T16:00:00-06:00' },
    ]);
  });
});
