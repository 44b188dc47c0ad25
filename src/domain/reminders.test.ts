import { describe, expect, it } from 'vitest';
import { deliveryDateContext } from './order.schema';
import { dueReminders, type ReminderCustomer, reminderMail } from './reminders';
import { usualWeekdays, usualWindow } from './usual-orders';

const tz = 'America/Chicago';
const type = { Id: 2, LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 };
/** Wednesday 11/25/2026 10:00 AM Central, the tests' day (decision 028). */
const NOW = new Date('2026-11-25T10:00:00-06:00');

/** A customer of `type` at `now` who took deliveries on `dates`. */
function customer(
  now: Date,
  dates: string[],
  over: Partial<Omit<ReminderCustomer, 'ctx'>> & {
    holidays?: Map<string, string>;
    reminderHours?: number;
  } = {},
): ReminderCustomer {
  const holidays = over.holidays ?? new Map<string, string>();
  return {
    rules: { ...type, ReminderHours: over.reminderHours ?? 24 },
    ctx: deliveryDateContext({ now, tz, customerType: type, holidays }),
    remindersOff: over.remindersOff ?? false,
    isActive: over.isActive ?? true,
    email: over.email ?? 'pat@bar.example.com',
    orderedDates: new Set(dates),
  };
}

const due = (c: ReminderCustomer, now: Date) =>
  dueReminders(c, now, tz).map((r) => ({ date: r.deliveryDate, orderBy: r.orderBy.toISOString() }));

/** Two Fridays of the last four: 11/13 and 11/20. */
const fridays = ['2026-11-13', '2026-11-20'];

describe('usually orders', () => {
  it('means deliveries on the weekday in at least 2 of the 4 weeks before today', () => {
    expect(usualWindow('2026-11-25')).toEqual({ from: '2026-10-28', to: '2026-11-24' });
    expect([...usualWeekdays(fridays, '2026-11-25')]).toEqual([5]);
    expect([...usualWeekdays(['2026-11-20'], '2026-11-25')]).toEqual([]);
    // Two orders for one date are one week.
    expect([...usualWeekdays(['2026-11-20', '2026-11-20'], '2026-11-25')]).toEqual([]);
    // 10/27 is 29 days back, today and the future do not count either.
    expect([...usualWeekdays(['2026-10-27', '2026-11-24'], '2026-11-25')]).toEqual([]);
    expect([...usualWeekdays(['2026-10-28', '2026-11-18'], '2026-11-25')]).toEqual([3]);
    expect([...usualWeekdays(['2026-11-25', '2026-12-02', '2026-11-18'], '2026-11-25')]).toEqual([]);
    expect(
      new Set(usualWeekdays([...fridays, '2026-11-16', '2026-11-02', '2026-11-09'], '2026-11-25')),
    ).toEqual(new Set([1, 5]));
  });
});

describe('which reminders are due', () => {
  it('is due from ReminderHours before the next Friday’s cutoff, for a customer with no order for it', () => {
    // Friday 11/27's OrderBy is Wednesday 11/25 4:00 PM; 24 hours before is Tuesday 4:00 PM.
    expect(due(customer(NOW, fridays), NOW)).toEqual([
      { date: '2026-11-27', orderBy: '2026-11-25T22:00:00.000Z' },
    ]);
  });

  it('is not due for a customer who ordered for the date already, opted out, is inactive or has no email', () => {
    expect(due(customer(NOW, [...fridays, '2026-11-27']), NOW)).toEqual([]);
    expect(due(customer(NOW, fridays, { remindersOff: true }), NOW)).toEqual([]);
    expect(due(customer(NOW, fridays, { isActive: false }), NOW)).toEqual([]);
    expect(due(customer(NOW, fridays, { email: '' }), NOW)).toEqual([]);
  });

  it('is off with ReminderHours 0, and never for a weekday the customer does not usually order for', () => {
    expect(due(customer(NOW, fridays, { reminderHours: 0 }), NOW)).toEqual([]);
    expect(due(customer(NOW, ['2026-11-20']), NOW)).toEqual([]);
    // Tuesdays: 12/1's cutoff is Sunday 11/29 4:00 PM, so its 72 hours open Thursday 4:00 PM.
    expect(due(customer(NOW, ['2026-11-17', '2026-11-10'], { reminderHours: 72 }), NOW)).toEqual([]);
  });

  it('opens exactly ReminderHours before the cutoff and closes at the cutoff itself', () => {
    const at = (iso: string) => due(customer(new Date(iso), fridays, { reminderHours: 4 }), new Date(iso));
    expect(at('2026-11-25T11:59:59.999-06:00')).toEqual([]);
    expect(at('2026-11-25T12:00:00-06:00')).toEqual([
      { date: '2026-11-27', orderBy: '2026-11-25T22:00:00.000Z' },
    ]);
    expect(at('2026-11-25T15:59:59.999-06:00')).toHaveLength(1);
    // From 4:00 PM Friday 11/27 is gone; the next Friday's window opens on Sunday 11/29.
    expect(at('2026-11-25T16:00:00-06:00')).toEqual([]);
    const monday = new Date('2026-11-30T12:00:00-06:00');
    expect(due(customer(monday, fridays, { reminderHours: 72 }), monday)).toEqual([
      { date: '2026-12-04', orderBy: '2026-12-02T22:00:00.000Z' },
    ]);
  });

  it('reminds for each usual weekday whose window is open, each its own date', () => {
    const dates = [...fridays, '2026-11-12', '2026-11-19']; // Thursdays too
    expect(
      due(
        customer(new Date('2026-11-23T17:00:00-06:00'), dates, { reminderHours: 72 }),
        new Date('2026-11-23T17:00:00-06:00'),
      ),
    ).toEqual([
      { date: '2026-11-26', orderBy: '2026-11-24T22:00:00.000Z' },
      { date: '2026-11-27', orderBy: '2026-11-25T22:00:00.000Z' },
    ]);
  });

  it('skips a holiday: the reminder is about the next deliverable date of the weekday', () => {
    const thursdays = ['2026-11-12', '2026-11-19'];
    const monday = new Date('2026-11-23T10:00:00-06:00');
    expect(due(customer(monday, thursdays, { reminderHours: 48 }), monday)).toEqual([
      { date: '2026-11-26', orderBy: '2026-11-24T22:00:00.000Z' },
    ]);
    const holidays = new Map([['2026-11-26', 'Thanksgiving Day']]);
    expect(due(customer(monday, thursdays, { reminderHours: 48, holidays }), monday)).toEqual([]);
    // Thursday 12/3 instead: its cutoff is Tuesday 12/1 4:00 PM, 48 hours before is Sunday 4:00 PM.
    const at = (iso: string) =>
      due(customer(new Date(iso), thursdays, { reminderHours: 48, holidays }), new Date(iso));
    expect(at('2026-11-29T15:59:59-06:00')).toEqual([]);
    expect(at('2026-11-29T16:00:00-06:00')).toEqual([
      { date: '2026-12-03', orderBy: '2026-12-01T22:00:00.000Z' },
    ]);
  });

  it('counts hours as they pass on the day the clocks go back (25-hour Sunday 11/01/2026)', () => {
    // Tuesday 11/3's cutoff is Sunday 11/1 4:00 PM CST; 24 hours earlier is Saturday 5:00 PM CDT.
    const tuesdays = ['2026-10-20', '2026-10-27'];
    const at = (iso: string) => due(customer(new Date(iso), tuesdays), new Date(iso));
    expect(at('2026-10-31T16:59:59-05:00')).toEqual([]);
    expect(at('2026-10-31T17:00:00-05:00')).toEqual([
      { date: '2026-11-03', orderBy: '2026-11-01T22:00:00.000Z' },
    ]);
    expect(at('2026-11-01T15:59:59-06:00')).toHaveLength(1);
    expect(at('2026-11-01T16:00:00-06:00')).toEqual([]);
  });

  it('counts hours as they pass on the day the clocks go forward (23-hour Sunday 03/08/2026)', () => {
    // Tuesday 3/10's cutoff is Sunday 3/8 4:00 PM CDT; 24 hours earlier is Saturday 3:00 PM CST.
    const tuesdays = ['2026-02-24', '2026-03-03'];
    const at = (iso: string) => due(customer(new Date(iso), tuesdays), new Date(iso));
    expect(at('2026-03-07T14:59:59-06:00')).toEqual([]);
    expect(at('2026-03-07T15:00:00-06:00')).toEqual([
      { date: '2026-03-10', orderBy: '2026-03-08T21:00:00.000Z' },
    ]);
    expect(at('2026-03-08T15:59:59-05:00')).toHaveLength(1);
    expect(at('2026-03-08T16:00:00-05:00')).toEqual([]);
  });

  it('never reminds a type-1 customer about a Saturday, which they cannot order for', () => {
    const saturdays = ['2026-11-14', '2026-11-21'];
    const t1 = { ...type, Id: 1 };
    const c: ReminderCustomer = {
      ...customer(NOW, saturdays, { reminderHours: 72 }),
      ctx: deliveryDateContext({ now: NOW, tz, customerType: t1 }),
    };
    expect(due(c, NOW)).toEqual([]);
    expect(due(customer(NOW, saturdays, { reminderHours: 72 }), NOW)).toEqual([
      { date: '2026-11-28', orderBy: '2026-11-26T22:00:00.000Z' },
    ]);
  });
});

describe('the reminder mail', () => {
  const mail = reminderMail({
    customerName: 'Pat <Murphy> & Sons',
    deliveryDate: '2026-12-03',
    orderBy: new Date('2026-12-01T22:00:00Z'),
    tz,
    startUrl: 'https://orders.example.com/order/form/0',
    stopUrl: 'https://orders.example.com/api/v1/Reminders/Off?token=12.abc&x=1',
  });

  it('names the delivery date and the cutoff in the business zone, and carries both links', () => {
    expect(mail.subject).toBe('Order by 4:00 PM Central on Tuesday 12/01 for delivery Thursday 12/03');
    expect(mail.text).toContain('no order from you yet for delivery on Thursday 12/03/2026');
    expect(mail.text).toContain('accepted until 4:00 PM Central on Tuesday 12/01');
    expect(mail.text).toContain('Start your order: https://orders.example.com/order/form/0');
    expect(mail.text).toContain(
      'To stop these reminders: https://orders.example.com/api/v1/Reminders/Off?token=12.abc&x=1',
    );
    expect(mail.text.startsWith('Hello Pat <Murphy> & Sons,')).toBe(true);
  });

  it('escapes the customer’s name and the links in the HTML', () => {
    expect(mail.html).toContain('Hello Pat &lt;Murphy&gt; &amp; Sons,');
    expect(mail.html).toContain('<a href="https://orders.example.com/order/form/0">Start your order</a>');
    expect(mail.html).toContain(
      'href="https://orders.example.com/api/v1/Reminders/Off?token=12.abc&amp;x=1"',
    );
    expect(mail.html).toContain('<strong>Thursday 12/03/2026</strong>');
    expect(mail.html).not.toContain('<Murphy>');
  });
});
