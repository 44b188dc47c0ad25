import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, businessToday, dayOfWeek, daysBetween } from './business-date';
import {
  deliveryDateError,
  deliveryDateMessages,
  earliestDeliveryDate,
  firstSelectableDeliveryDate,
  isSelectableDeliveryDate,
  needsFarDateConfirmation,
  nextSelectableDeliveryDates,
} from './delivery-date';

const CHICAGO = 'America/Chicago';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const defaults = { leadHours: 24, cutoffHours: 16, cutoffMinutes: 0 };

const at = (iso: string, rule: Partial<typeof defaults> = {}, tz = CHICAGO) =>
  earliestDeliveryDate({ now: new Date(iso), tz, ...defaults, ...rule });

/**
 * Reference, written without Intl: Chicago's offset from the US rules in force since 2007
 * (daylight time from 02:00 on the second Sunday of March to 02:00 on the first Sunday of
 * November), then the spec's sentence taken literally as milliseconds in a wall-clock
 * frame where every day has 24 hours, rounding up to the next midnight.
 */
function nthSunday(year: number, month: number, n: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + (n - 1) * 7;
}
function chicagoOffsetHours(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  const dstStart = Date.UTC(year, 2, nthSunday(year, 2, 2), 8); // 02:00 CST
  const dstEnd = Date.UTC(year, 10, nthSunday(year, 10, 1), 7); // 02:00 CDT
  return ms >= dstStart && ms < dstEnd ? -5 : -6;
}
function referenceEarliest(
  nowMs: number,
  leadHours: number,
  cutoffHours: number,
  cutoffMinutes: number,
): string {
  const wall = nowMs + chicagoOffsetHours(nowMs) * HOUR;
  const intoDay = wall - Math.floor(wall / DAY) * DAY;
  const late = intoDay >= (cutoffHours * 60 + cutoffMinutes) * 60_000;
  const end = wall - intoDay + (leadHours + (late ? 48 : 24)) * HOUR;
  let day = Math.ceil(end / DAY) * DAY;
  if (new Date(day).getUTCDay() === 0) day += DAY;
  return new Date(day).toISOString().slice(0, 10);
}
/** The instant when Chicago's wall clock shows `wallMs` (read as UTC fields). */
function chicagoInstant(wallMs: number): number {
  const asStandard = wallMs + 6 * HOUR;
  return chicagoOffsetHours(asStandard) === -5 ? wallMs + 5 * HOUR : asStandard;
}

const rule = fc.record({
  leadHours: fc.oneof(fc.constantFrom(0, 24, 48, 72, 96), fc.integer({ min: 0, max: 240 })),
  cutoffHours: fc.integer({ min: 0, max: 23 }),
  cutoffMinutes: fc.integer({ min: 0, max: 59 }),
});
const anyInstant = fc.integer({ min: Date.UTC(2008, 0, 1), max: Date.UTC(2037, 11, 31) });
// Instants within two hours of a daylight-saving change, where a mistake would show.
const nearDstChange = fc
  .record({
    year: fc.integer({ min: 2008, max: 2037 }),
    spring: fc.boolean(),
    delta: fc.integer({ min: -2 * HOUR, max: 2 * HOUR }),
  })
  .map(({ year, spring, delta }) =>
    spring
      ? Date.UTC(year, 2, nthSunday(year, 2, 2), 8) + delta
      : Date.UTC(year, 10, nthSunday(year, 10, 1), 7) + delta,
  );

describe('earliestDeliveryDate', () => {
  it('uses the spec defaults: lead 24 h, cutoff 16:00', () => {
    // Wednesday 2026-07-15 in Chicago (CDT, UTC-5).
    expect(at('2026-07-15T14:00:00Z')).toBe('2026-07-17'); // 09:00: today + 1 day + 24 h
    expect(at('2026-07-15T22:00:00Z')).toBe('2026-07-18'); // 17:00: past the cutoff, + 48 h
  });

  it('counts the whole cutoff minute as late', () => {
    expect(at('2026-07-15T20:59:00Z')).toBe('2026-07-17'); // 15:59:00
    expect(at('2026-07-15T20:59:59.999Z')).toBe('2026-07-17'); // 15:59:59.999
    expect(at('2026-07-15T21:00:00Z')).toBe('2026-07-18'); // 16:00:00
    expect(at('2026-07-15T21:00:30Z')).toBe('2026-07-18'); // 16:00:30
    expect(at('2026-07-15T21:29:59Z', { cutoffMinutes: 30 })).toBe('2026-07-17'); // 16:29:59, cutoff 16:30
    expect(at('2026-07-15T21:30:00Z', { cutoffMinutes: 30 })).toBe('2026-07-18'); // 16:30:00
    // In standard time (CST, UTC-6) the same wall clock is an hour later in UTC.
    expect(at('2026-01-14T21:59:59Z')).toBe('2026-01-16');
    expect(at('2026-01-14T22:00:00Z')).toBe('2026-01-17');
  });

  it('moves a Sunday to Monday, but keeps a Saturday', () => {
    expect(at('2026-07-16T14:00:00Z')).toBe('2026-07-18'); // Thursday on time: Saturday
    expect(at('2026-07-16T22:00:00Z')).toBe('2026-07-20'); // Thursday late: Sunday -> Monday
    expect(at('2026-07-17T14:00:00Z')).toBe('2026-07-20'); // Friday on time: Sunday -> Monday
    expect(at('2026-07-17T22:00:00Z')).toBe('2026-07-20'); // Friday late: Monday
  });

  it('adds whole days of lead time, rounding partial days up', () => {
    expect(at('2026-07-15T14:00:00Z', { leadHours: 0 })).toBe('2026-07-16');
    expect(at('2026-07-15T14:00:00Z', { leadHours: 48 })).toBe('2026-07-18');
    expect(at('2026-07-15T14:00:00Z', { leadHours: 72 })).toBe('2026-07-20'); // Sunday -> Monday
    expect(at('2026-07-15T14:00:00Z', { leadHours: 36 })).toBe('2026-07-18'); // as 48
    expect(at('2026-07-15T14:00:00Z', { leadHours: 1 })).toBe('2026-07-17'); // as 24
  });

  it('gives the same calendar answer all through the spring-forward day (2026-03-08)', () => {
    // Local midnight 06:00Z to the next local midnight 05:00Z: 23 hours, every 10 minutes.
    for (
      let ms = Date.parse('2026-03-08T06:00:00Z');
      ms < Date.parse('2026-03-09T05:00:00Z');
      ms += 600_000
    ) {
      const late = ms >= Date.parse('2026-03-08T21:00:00Z'); // 16:00 CDT
      expect(at(new Date(ms).toISOString()), new Date(ms).toISOString()).toBe(
        late ? '2026-03-11' : '2026-03-10',
      );
    }
    // Lead 48 from the Saturday before the change, past the cutoff.
    expect(at('2026-03-07T23:00:00Z', { leadHours: 48 })).toBe('2026-03-11');
  });

  it('gives the same calendar answer all through the fall-back day (2026-11-01)', () => {
    // Local midnight 05:00Z to the next local midnight 06:00Z: 25 hours.
    for (
      let ms = Date.parse('2026-11-01T05:00:00Z');
      ms < Date.parse('2026-11-02T06:00:00Z');
      ms += 600_000
    ) {
      const late = ms >= Date.parse('2026-11-01T22:00:00Z'); // 16:00 CST
      expect(at(new Date(ms).toISOString()), new Date(ms).toISOString()).toBe(
        late ? '2026-11-04' : '2026-11-03',
      );
    }
    // Milliseconds would say 2026-11-02 here: local midnight 2026-10-31 (05:00Z) + 72 h is 23:00 on 11-02.
    expect(at('2026-10-31T14:00:00Z', { leadHours: 48 })).toBe('2026-11-03');
  });

  it('refuses a customer type it cannot apply', () => {
    expect(() => at('2026-07-15T14:00:00Z', { leadHours: -24 })).toThrow(RangeError);
    expect(() => at('2026-07-15T14:00:00Z', { leadHours: Number.NaN })).toThrow(RangeError);
    expect(() => at('2026-07-15T14:00:00Z', { cutoffHours: 24 })).toThrow(RangeError);
    expect(() => at('2026-07-15T14:00:00Z', { cutoffMinutes: 60 })).toThrow(RangeError);
    expect(() => at('2026-07-15T14:00:00Z', { cutoffMinutes: 1.5 })).toThrow(RangeError);
  });

  it('agrees with the millisecond reference in Chicago, also near daylight-saving changes', () => {
    fc.assert(
      fc.property(fc.oneof(anyInstant, nearDstChange), rule, (ms, r) => {
        expect(at(new Date(ms).toISOString(), r)).toBe(
          referenceEarliest(ms, r.leadHours, r.cutoffHours, r.cutoffMinutes),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the reference within a minute of the cutoff', () => {
    const day = fc.integer({ min: Date.UTC(2008, 0, 1) / DAY, max: Date.UTC(2037, 11, 31) / DAY });
    fc.assert(
      fc.property(day, rule, fc.integer({ min: -90_000, max: 90_000 }), (d, r, deltaMs) => {
        const ms = chicagoInstant(d * DAY + (r.cutoffHours * 60 + r.cutoffMinutes) * 60_000 + deltaMs);
        expect(at(new Date(ms).toISOString(), r)).toBe(
          referenceEarliest(ms, r.leadHours, r.cutoffHours, r.cutoffMinutes),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('is never a Sunday, never too soon, and never earlier later in the day, in any zone', () => {
    const zones = ['UTC', CHICAGO, 'Pacific/Auckland', 'Asia/Kolkata', 'Europe/London', 'America/St_Johns'];
    fc.assert(
      fc.property(
        anyInstant,
        fc.integer({ min: 0, max: 12 * HOUR }),
        rule,
        fc.constantFrom(...zones),
        (ms, later, r, tz) => {
          const now = new Date(ms);
          const today = businessToday(now, tz);
          const earliest = earliestDeliveryDate({ now, tz, ...r });
          const ahead = daysBetween(today, earliest);
          expect(dayOfWeek(earliest)).not.toBe(0);
          expect(ahead).toBeGreaterThanOrEqual(Math.ceil(r.leadHours / 24) + 1);
          expect(ahead).toBeLessThanOrEqual(Math.ceil(r.leadHours / 24) + 3);
          const afterwards = new Date(ms + later);
          if (businessToday(afterwards, tz) === today) {
            expect(earliestDeliveryDate({ now: afterwards, tz, ...r }) >= earliest).toBe(true);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('isSelectableDeliveryDate', () => {
  const earliest = '2026-07-17'; // a Friday

  it('offers no date before the earliest, no Sunday, and no Saturday for customer type 1', () => {
    expect(isSelectableDeliveryDate('2026-07-16', { earliest, customerTypeId: 2 })).toBe(false);
    expect(isSelectableDeliveryDate('2026-07-17', { earliest, customerTypeId: 2 })).toBe(true);
    expect(isSelectableDeliveryDate('2026-07-18', { earliest, customerTypeId: 2 })).toBe(true);
    expect(isSelectableDeliveryDate('2026-07-18', { earliest, customerTypeId: 1 })).toBe(false);
    expect(isSelectableDeliveryDate('2026-07-19', { earliest, customerTypeId: 2 })).toBe(false);
    expect(isSelectableDeliveryDate('2026-07-20', { earliest, customerTypeId: 1 })).toBe(true);
    expect(isSelectableDeliveryDate('2026-07-20T00:00:00Z', { earliest, customerTypeId: 2 })).toBe(false);
  });

  it('always offers some date in the week from the earliest, for every type', () => {
    fc.assert(
      fc.property(anyInstant, rule, fc.integer({ min: 1, max: 9 }), (ms, r, customerTypeId) => {
        const first = earliestDeliveryDate({ now: new Date(ms), tz: CHICAGO, ...r });
        const week = [0, 1, 2, 3, 4, 5, 6].map((n) => addDays(first, n));
        expect(
          week.filter((d) => isSelectableDeliveryDate(d, { earliest: first, customerTypeId })),
        ).toHaveLength(customerTypeId === 1 ? 5 : 6);
        if (customerTypeId !== 1)
          expect(isSelectableDeliveryDate(first, { earliest: first, customerTypeId })).toBe(true);
      }),
    );
  });
});

describe('deliveryDateError', () => {
  const ctx = { earliest: '2026-07-17', customerTypeId: 1 };

  it("uses the spec's exact words", () => {
    expect(deliveryDateMessages.required).toBe('Delivery Date  is required');
    expect(deliveryDateMessages.leadTime).toBe('Delivery Date violates Lead Time');
  });

  it('asks for a missing date', () => {
    for (const missing of [undefined, null, '', '   '])
      expect(deliveryDateError(missing, ctx)).toBe('Delivery Date  is required');
    expect(deliveryDateError('07/20/2026', ctx)).toBe(deliveryDateMessages.format);
  });

  it('refuses a date too soon, in the past, on a Sunday or on a type-1 Saturday', () => {
    for (const date of ['2026-07-16', '2025-01-02', '2026-07-19', '2026-07-18']) {
      expect(deliveryDateError(date, ctx), date).toBe('Delivery Date violates Lead Time');
    }
    expect(deliveryDateError('2026-07-18', { ...ctx, customerTypeId: 2 })).toBeNull();
    expect(deliveryDateError('2026-07-20', ctx)).toBeNull();
  });
});

describe('needsFarDateConfirmation', () => {
  it('asks from 60 days ahead of the business today', () => {
    expect(needsFarDateConfirmation('2026-09-12', '2026-07-15')).toBe(false); // 59 days
    expect(needsFarDateConfirmation('2026-09-13', '2026-07-15')).toBe(true); // 60 days
    expect(needsFarDateConfirmation('2027-07-15', '2026-07-15')).toBe(true);
  });
});

describe('firstSelectableDeliveryDate and nextSelectableDeliveryDates', () => {
  it('skip the Saturday a type-1 customer cannot take, and every Sunday', () => {
    // Saturday 11/28/2026 is the earliest date.
    expect(firstSelectableDeliveryDate({ earliest: '2026-11-28', customerTypeId: 1 })).toBe('2026-11-30');
    expect(firstSelectableDeliveryDate({ earliest: '2026-11-28', customerTypeId: 2 })).toBe('2026-11-28');
    expect(nextSelectableDeliveryDates({ earliest: '2026-11-26', customerTypeId: 1 }, 3)).toEqual([
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
    ]);
    expect(nextSelectableDeliveryDates({ earliest: '2026-11-27', customerTypeId: 3 }, 3)).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-30',
    ]);
  });
});
