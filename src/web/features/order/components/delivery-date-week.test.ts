import { describe, expect, it } from 'vitest';
import { addDays, businessClock, dayOfWeek } from '../../../../domain/business-date';
import { firstSelectableDeliveryDate } from '../../../../domain/delivery-date';
import { type CustomerTypeRules, deliveryDateContext, validateOrder } from '../../../../domain/order.schema';
import { excludedDeliveryDate } from './delivery-date-input';

/*
 * Issue 13: the order form's hint, the date picker's enabled days and the server's answer must
 * agree at every moment, or a test (or a customer) sees one date where another part expects
 * another. This walks every hour of the two weeks in which Chicago changes its clocks (spring
 * forward on Sunday 03/08/2026, fall back on Sunday 11/01/2026), plus the minute before and the
 * minute of each cutoff, for customer types that cover the rules: type 1 (no Saturdays), other
 * types, lead times of 0 to 96 hours, and cutoffs at 16:00, 14:30 and 02:30 (an hour that does
 * not exist on the spring-forward day).
 */

const TZ = 'America/Chicago';
const HOUR = 3_600_000;

const types: CustomerTypeRules[] = [
  { Id: 1, LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 },
  { Id: 1, LeadHours: 48, CutoffHours: 16, CutoffMinutes: 0 },
  { Id: 2, LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 },
  { Id: 6, LeadHours: 72, CutoffHours: 14, CutoffMinutes: 30 },
  { Id: 3, LeadHours: 0, CutoffHours: 2, CutoffMinutes: 30 },
  { Id: 1, LeadHours: 96, CutoffHours: 0, CutoffMinutes: 0 },
];

const products = new Map([['A1', { UnitsPerCase: 24, IsCaseOnly: true }]]);

/** What the server answers for an order asking for `date` at `now` (validateOrder is POST Order's rule check). */
function serverAccepts(date: string, now: Date, customerType: CustomerTypeRules): boolean {
  const result = validateOrder(
    {
      DeliveryDate: date,
      Name: 'Pat Murphy',
      Phone: '3125550142',
      Email: 'pat@bar.example.com',
      ReferencePO: 'PO-1',
      ProductQuantities: [{ Code: 'A1', CaseQuantity: 1, UnitQuantity: 0 }],
    },
    { now, tz: TZ, customerType, products },
  );
  if (!result.ok)
    expect(result.errors).toEqual([{ Field: 'DeliveryDate', Message: 'Delivery Date violates Lead Time' }]);
  return result.ok;
}

/**
 * A plain reference, written from the spec's words and not from the domain's code: count whole
 * days from today (one, or two once the cutoff minute has come, plus the lead time in days
 * rounded up), skip a Sunday, then walk to a day the customer's type takes.
 */
function referenceFirstDate(now: Date, t: CustomerTypeRules): string {
  const wall = businessClock(now, TZ);
  const late =
    wall.hours > t.CutoffHours || (wall.hours === t.CutoffHours && wall.minutes >= t.CutoffMinutes);
  let date = addDays(wall.date, Math.ceil(t.LeadHours / 24) + (late ? 2 : 1));
  const refused = (d: string) => dayOfWeek(d) === 0 || (t.Id === 1 && dayOfWeek(d) === 6);
  while (refused(date)) date = addDays(date, 1);
  return date;
}

/** Every hour from local midnight of `sunday` for a week, and each cutoff's minute before and minute of. */
function moments(sundayMidnightUtc: string, t: CustomerTypeRules): Date[] {
  const start = Date.parse(sundayMidnightUtc);
  const out: Date[] = [];
  for (let h = 0; h < 7 * 24 + 2; h++) out.push(new Date(start + h * HOUR));
  for (let day = 0; day < 7; day++) {
    const date = addDays(businessClock(new Date(start), TZ).date, day);
    // The cutoff's wall-clock time on that day, found by scanning the day's minutes (this is a test).
    // From two hours before the 24-hour mark: after a 23-hour day local midnight comes earlier.
    for (let m = 0; m < 28 * 60; m++) {
      const at = new Date(start + (day * 24 - 2) * HOUR + m * 60_000);
      const c = businessClock(at, TZ);
      if (c.date === date && c.hours === t.CutoffHours && c.minutes === t.CutoffMinutes) {
        out.push(new Date(at.getTime() - 1000), at);
        break;
      }
    }
  }
  return out;
}

describe.each([
  ['spring forward', '2026-03-08T06:00:00Z'],
  ['fall back', '2026-11-01T05:00:00Z'],
])('the week of the %s change', (_name, sunday) => {
  it.each(types)(
    'type $Id, $LeadHours h, cutoff $CutoffHours:$CutoffMinutes: hint, picker and server agree',
    (t) => {
      let checked = 0;
      for (const now of moments(sunday, t)) {
        const ctx = deliveryDateContext({ now, tz: TZ, customerType: t });
        const hint = firstSelectableDeliveryDate(ctx);
        const excluded = excludedDeliveryDate(ctx);
        const today = businessClock(now, TZ).date;
        const where = `${now.toISOString()} (${today} ${businessClock(now, TZ).hours}h)`;

        expect(hint, where).toBe(referenceFirstDate(now, t));
        // The picker's first enabled day is the hint, and it never offers a Sunday, a type-1
        // Saturday or a day before the earliest; the server accepts exactly the days it offers.
        for (let d = addDays(today, -1); d <= addDays(today, 12); d = addDays(d, 1)) {
          const offered = !excluded(d);
          expect(serverAccepts(d, now, t), `${where} ${d}`).toBe(offered);
          if (d < hint) expect(offered, `${where} ${d} before the hint`).toBe(false);
          if (d === hint) expect(offered, `${where} hint ${d}`).toBe(true);
          if (offered) expect(dayOfWeek(d) === 0 || (t.Id === 1 && dayOfWeek(d) === 6)).toBe(false);
        }
        checked++;
      }
      // Every hour, and both cutoff moments of each day (02:30 does not exist on spring-forward day).
      expect(checked).toBeGreaterThanOrEqual(7 * 24 + 13);
    },
  );
});

describe('the moments CI failed at (issue 13)', () => {
  const bars48 = types[1]!;
  it.each([
    ['Tuesday 4:57 PM, after the cutoff', '2026-11-24T16:57:00-06:00', '2026-11-30'],
    ['Wednesday 10:00 AM, before it', '2026-11-25T10:00:00-06:00', '2026-11-30'],
    ['Wednesday 4:00 PM, at it', '2026-11-25T16:00:00-06:00', '2026-11-30'],
    ['Tuesday 3:59 PM, before it', '2026-11-24T15:59:00-06:00', '2026-11-27'],
  ])('%s: a 48-hour bar can first pick %s', (_when, at, first) => {
    const ctx = deliveryDateContext({ now: new Date(at), tz: TZ, customerType: bars48 });
    expect(firstSelectableDeliveryDate(ctx)).toBe(first);
  });
});
