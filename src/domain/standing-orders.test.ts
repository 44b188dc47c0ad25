import { describe, expect, it } from 'vitest';
import { toZonedIso } from './order-by';
import {
  coversDate,
  dueDates,
  isDue,
  nextOccurrences,
  notPlacedMail,
  StandingOrderSaveSchema,
  type StandingTypeRules,
  weekdaysText,
} from './standing-orders';

const tz = 'America/Chicago';
/** Wednesday 11/25/2026 10:00 AM Central. */
const now = new Date('2026-11-25T10:00:00-06:00');
const bar: StandingTypeRules = {
  Id: 1,
  LeadHours: 24,
  CutoffHours: 16,
  CutoffMinutes: 0,
  StandingOrderHours: 24,
};
const restaurant: StandingTypeRules = { ...bar, Id: 2 };
const tuesFri = { Weekdays: [2, 5], StartDate: '2026-11-25', EndDate: null };
const none = new Map<string, string>();
const dates = (occ: { date: string }[]) => occ.map((o) => o.date);

describe('the next dates of a standing order', () => {
  it('lists the next 4 dates it covers whose cutoff is ahead, each with its OrderBy', () => {
    const next = nextOccurrences(tuesFri, bar, { now, tz, holidays: none });
    expect(dates(next)).toEqual(['2026-11-27', '2026-12-01', '2026-12-04', '2026-12-08']);
    expect(next.map((o) => toZonedIso(o.orderBy, tz))).toEqual([
      '2026-11-25T16:00:00-06:00',
      '2026-11-29T16:00:00-06:00',
      '2026-12-02T16:00:00-06:00',
      '2026-12-06T16:00:00-06:00',
    ]);
  });

  it('leaves out a date whose cutoff has passed', () => {
    const at4 = new Date('2026-11-25T16:00:00-06:00');
    expect(dates(nextOccurrences(tuesFri, bar, { now: at4, tz, holidays: none }))[0]).toBe('2026-12-01');
  });

  it('names a holiday and keeps it in the list: the customer sees why nothing comes', () => {
    const holidays = new Map([['2026-12-01', 'Founders Day']]);
    const next = nextOccurrences(tuesFri, bar, { now, tz, holidays });
    expect(next.map((o) => [o.date, o.holiday])).toEqual([
      ['2026-11-27', null],
      ['2026-12-01', 'Founders Day'],
      ['2026-12-04', null],
      ['2026-12-08', null],
    ]);
  });

  it('never covers a Saturday for type 1, nor a Sunday for anyone', () => {
    const saturdays = { Weekdays: [6], StartDate: '2026-11-25', EndDate: null };
    expect(coversDate(saturdays, '2026-11-28', 1)).toBe(false);
    expect(coversDate(saturdays, '2026-11-28', 2)).toBe(true);
    expect(nextOccurrences(saturdays, bar, { now, tz, holidays: none })).toEqual([]);
    expect(dates(nextOccurrences(saturdays, restaurant, { now, tz, holidays: none }))[0]).toBe('2026-11-28');
    expect(coversDate({ ...saturdays, Weekdays: [0] }, '2026-11-29', 2)).toBe(false);
  });

  it('stops at the end date, and starts at a start date ahead', () => {
    const ending = { ...tuesFri, EndDate: '2026-12-04' };
    expect(dates(nextOccurrences(ending, bar, { now, tz, holidays: none }))).toEqual([
      '2026-11-27',
      '2026-12-01',
      '2026-12-04',
    ]);
    const later = { ...tuesFri, StartDate: '2027-01-01' };
    expect(dates(nextOccurrences(later, bar, { now, tz, holidays: none }))).toEqual([
      '2027-01-01',
      '2027-01-05',
      '2027-01-08',
      '2027-01-12',
    ]);
    expect(coversDate(ending, '2026-12-08', 1)).toBe(false);
    expect(coversDate(later, '2026-12-29', 1)).toBe(false);
  });

  it('keeps the cutoff on the wall clock across the end of daylight saving time', () => {
    const monTue = { Weekdays: [1, 2], StartDate: '2026-10-28', EndDate: null };
    const before = new Date('2026-10-30T12:00:00-05:00');
    const next = nextOccurrences(monTue, bar, { now: before, tz, holidays: none }, 2);
    expect(next.map((o) => [o.date, toZonedIso(o.orderBy, tz)])).toEqual([
      ['2026-11-02', '2026-10-31T16:00:00-05:00'],
      ['2026-11-03', '2026-11-01T16:00:00-06:00'],
    ]);
  });
});

describe('when a date is placed', () => {
  const orderBy = new Date('2026-11-25T16:00:00-06:00');
  it('from StandingOrderHours before its OrderBy until the OrderBy itself', () => {
    expect(isDue(orderBy, 24, new Date('2026-11-24T15:59:59.999-06:00'))).toBe(false);
    expect(isDue(orderBy, 24, new Date('2026-11-24T16:00:00-06:00'))).toBe(true);
    expect(isDue(orderBy, 24, new Date('2026-11-25T15:59:59.999-06:00'))).toBe(true);
    expect(isDue(orderBy, 24, orderBy)).toBe(false);
  });

  it("is the type's dates whose window is open now, Saturdays left out for type 1", () => {
    expect(dates(dueDates(bar, now, tz))).toEqual(['2026-11-27']);
    // Three days ahead: Saturday 11/28's window opened Monday 4 PM for a type that delivers it.
    expect(dates(dueDates({ ...restaurant, StandingOrderHours: 72 }, now, tz))).toEqual([
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(dates(dueDates({ ...bar, StandingOrderHours: 72 }, now, tz))).toEqual(['2026-11-27']);
    expect(dueDates(bar, new Date('2026-11-25T16:00:00-06:00'), tz)).toEqual([]);
  });

  it('counts the hours as hours on the day the clocks go back', () => {
    // Tuesday 11/03's OrderBy is Sunday 11/01 4 PM CST; 24 hours before is Saturday 5 PM CDT.
    expect(dates(dueDates(bar, new Date('2026-10-31T16:59:00-05:00'), tz))).toEqual([]);
    expect(dates(dueDates(bar, new Date('2026-10-31T17:00:00-05:00'), tz))).toEqual(['2026-11-03']);
  });
});

describe('the saved body', () => {
  const body = {
    Weekdays: [5, 2, 5],
    Lines: [{ Code: 'BR-1', CaseQuantity: 2 }],
    Name: 'Pat',
    Phone: '(312) 555-0142',
    Email: 'pat@bar.example.com',
    StartDate: '2026-11-25',
  };
  it('sorts the weekdays, drops repeats, and reads the phone as digits', () => {
    const parsed = StandingOrderSaveSchema.parse(body);
    expect(parsed).toMatchObject({ Weekdays: [2, 5], Phone: '3125550142', EndDate: null, ReferencePO: null });
    expect(parsed.Lines).toEqual([{ Code: 'BR-1', CaseQuantity: 2, UnitQuantity: 0 }]);
    expect(weekdaysText(parsed.Weekdays)).toBe('Tuesday and Friday');
    expect(weekdaysText([1, 3, 5])).toBe('Monday, Wednesday and Friday');
  });

  it('refuses an end before the start, and a day outside Monday to Saturday', () => {
    const end = StandingOrderSaveSchema.safeParse({ ...body, EndDate: '2026-11-01' });
    expect(end.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['EndDate', 'End Date must not be before Start Date'],
    ]);
    const sunday = StandingOrderSaveSchema.safeParse({ ...body, Weekdays: [7] });
    expect(sunday.error?.issues[0]?.message).toBe('Delivery days are 1 (Monday) to 6 (Saturday)');
  });
});

describe('the mail of a date not placed', () => {
  const base = {
    customerName: 'Blue Heron Tavern',
    deliveryDate: '2026-12-11',
    orderBy: new Date('2026-12-09T16:00:00-06:00'),
    tz,
    orderUrl: 'https://orders.example.com/order/form/0',
  };
  it('says why, and for a refusal asks the customer to order by hand before the cutoff', () => {
    const refused = notPlacedMail({
      ...base,
      outcome: 'refused',
      detail: 'Order must have at least 10 cases',
    });
    expect(refused.subject).toBe('Standing order not placed for Friday 12/11: action needed');
    expect(refused.text).toContain('The order was refused: Order must have at least 10 cases.');
    expect(refused.text).toContain(
      'place the order yourself by 4:00 PM Central on Wednesday 12/09: https://orders.example.com/order/form/0',
    );
    expect(refused.html).toContain('<a href="https://orders.example.com/order/form/0">');
    const skipped = notPlacedMail({ ...base, outcome: 'skipped', detail: null });
    expect(skipped.subject).toBe('Standing order not placed for Friday 12/11');
    expect(skipped.text).toContain('You skipped this date.');
    expect(skipped.text).not.toContain('order/form');
  });

  it('escapes what a customer or a rule wrote in the HTML', () => {
    const mail = notPlacedMail({ ...base, customerName: '<b>Bar</b>', outcome: 'refused', detail: 'a < b' });
    expect(mail.html).toContain('&lt;b&gt;Bar&lt;/b&gt;');
    expect(mail.html).toContain('a &lt; b');
  });
});
