import { describe, expect, it } from 'vitest';
import { addDays } from './business-date';
import {
  deliveryDateError,
  firstSelectableDeliveryDate,
  isSelectableDeliveryDate,
  nextSelectableDeliveryDates,
} from './delivery-date';
import { deliveryDateContext, validateOrder } from './order.schema';

const CHICAGO = 'America/Chicago';
const thanksgiving = new Map([['2026-11-26', 'Thanksgiving Day']]);
const type1 = { Id: 1, LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 };

describe('holidays in the delivery date rules (design.md 7.2)', () => {
  it('never offers a holiday, for any customer type', () => {
    for (const customerTypeId of [1, 2, 6]) {
      const ctx = { earliest: '2026-11-25', customerTypeId, holidays: thanksgiving };
      expect(isSelectableDeliveryDate('2026-11-26', ctx)).toBe(false);
      expect(isSelectableDeliveryDate('2026-11-27', ctx)).toBe(true);
    }
  });

  it('moves the first date and the one-tap dates past a holiday', () => {
    const ctx = { earliest: '2026-11-26', customerTypeId: 1, holidays: thanksgiving };
    expect(firstSelectableDeliveryDate(ctx)).toBe('2026-11-27');
    expect(nextSelectableDeliveryDates(ctx, 3)).toEqual(['2026-11-27', '2026-11-30', '2026-12-01']);
    // Without the holiday, as before.
    expect(nextSelectableDeliveryDates({ ...ctx, holidays: undefined }, 2)).toEqual([
      '2026-11-26',
      '2026-11-27',
    ]);
  });

  it('skips a run of holidays, and stops looking after a year of them', () => {
    const closed = new Map<string, string>();
    for (let d = '2026-12-24'; d <= '2027-01-01'; d = addDays(d, 1)) closed.set(d, 'Winter closing');
    expect(firstSelectableDeliveryDate({ earliest: '2026-12-23', customerTypeId: 2, holidays: closed })).toBe(
      '2026-12-23',
    );
    expect(
      nextSelectableDeliveryDates({ earliest: '2026-12-24', customerTypeId: 2, holidays: closed }, 1),
    ).toEqual(['2027-01-02']);
    const always = { has: () => true, get: () => 'Closed' } as unknown as ReadonlyMap<string, string>;
    expect(
      nextSelectableDeliveryDates({ earliest: '2026-12-24', customerTypeId: 2, holidays: always }, 3),
    ).toEqual([]);
  });

  it("refuses a holiday with design 7.2's words, after the spec's lead-time message", () => {
    const ctx = { earliest: '2026-11-26', customerTypeId: 2, holidays: thanksgiving };
    expect(deliveryDateError('2026-11-26', ctx)).toBe('No deliveries on Thanksgiving Day (11/26/2026)');
    // A holiday inside the lead time is first of all too soon.
    expect(deliveryDateError('2026-11-26', { ...ctx, earliest: '2026-11-27' })).toBe(
      'Delivery Date violates Lead Time',
    );
    // A holiday on a Sunday is a Sunday.
    expect(deliveryDateError('2026-11-29', { ...ctx, holidays: new Map([['2026-11-29', 'X']]) })).toBe(
      'Delivery Date violates Lead Time',
    );
    expect(deliveryDateError('2026-11-27', ctx)).toBeNull();
  });

  it('validateOrder refuses a holiday, as POST Order answers', () => {
    const order = {
      DeliveryDate: '2026-12-25',
      Name: 'Pat',
      Phone: '3125550142',
      Email: 'pat@example.com',
      ProductQuantities: [{ Code: 'A1', CaseQuantity: 1 }],
    };
    const products = new Map([['A1', { UnitsPerCase: 24, IsCaseOnly: false }]]);
    const now = new Date('2026-11-25T16:00:00Z'); // Wednesday 10:00 CST
    const holidays = new Map([['2026-12-25', 'Christmas Day']]);
    const refused = validateOrder(order, { now, tz: CHICAGO, customerType: type1, products, holidays });
    expect(refused).toMatchObject({
      ok: false,
      message: 'No deliveries on Christmas Day (12/25/2026)',
      errors: [{ Field: 'DeliveryDate', Message: 'No deliveries on Christmas Day (12/25/2026)' }],
    });
    // The same order on another day, and the same day without the holiday, pass.
    expect(
      validateOrder(
        { ...order, DeliveryDate: '2026-12-24' },
        { now, tz: CHICAGO, customerType: type1, products, holidays },
      ).ok,
    ).toBe(true);
    expect(validateOrder(order, { now, tz: CHICAGO, customerType: type1, products }).ok).toBe(true);
  });

  it('walks the cutoff minute and both daylight-saving days with a holiday on the next date', () => {
    const cases = [
      // [day of the cutoff, the date that closes at its cutoff, the holiday after it, the date after that]
      ['2026-03-08', '2026-03-10', '2026-03-11', '2026-03-12'],
      ['2026-11-01', '2026-11-03', '2026-11-04', '2026-11-05'],
      ['2026-11-25', '2026-11-27', '2026-11-28', '2026-11-30'], // a Saturday holiday, then Sunday
    ] as const;
    for (const [day, date, holiday, after] of cases) {
      const holidays = new Map([[holiday, 'Closed']]);
      for (const [wall, late] of [
        ['15:59', false],
        ['16:00', true],
      ] as const) {
        const offset = day === '2026-03-08' ? '-05:00' : '-06:00';
        const now = new Date(`${day}T${wall}:00${offset}`);
        const ctx = deliveryDateContext({ now, tz: CHICAGO, customerType: { ...type1, Id: 2 }, holidays });
        // On time, the date closing at the cutoff; late, the holiday is skipped to the day after.
        expect(firstSelectableDeliveryDate(ctx), `${day} ${wall}`).toBe(late ? after : date);
        expect(deliveryDateError(holiday, ctx)).toBe(
          `No deliveries on Closed (${holiday.slice(5, 7)}/${holiday.slice(8)}/2026)`,
        );
      }
    }
  });
});
