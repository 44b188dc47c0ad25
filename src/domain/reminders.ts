import { z } from 'zod';
import { businessToday, dayOfWeek, isIsoDate, type Weekday } from './business-date';
import { wallTime, weekdayMonthDay, zoneName } from './delivery-countdown';
import { type DeliveryDateContext, nextSelectableDeliveryDates } from './delivery-date';
import { type OrderByRules, orderByInstant } from './order-by';
import { missesUsualOrder } from './usual-orders';

/**
 * Cutoff reminders (design.md 7.4, decision 038): a customer who usually orders for a weekday
 * and has no order yet for its next deliverable date gets one mail, from `ReminderHours` before
 * that date's OrderBy (decision 036) until the OrderBy itself. Who "usually orders" is
 * `usual-orders.ts`'s rule, shared with the dashboard (7.8).
 */

/**
 * How far ahead the next date of a weekday is looked for: a week, plus two more for weeks whose
 * day is a holiday (Thanksgiving, then Christmas). Beyond that the weekday is left for later.
 */
const LOOKAHEAD_DATES = 21;
const HOUR = 3_600_000;

export interface ReminderCustomer {
  /** The customer type's rules; ReminderHours 0 is off. */
  rules: OrderByRules & { ReminderHours: number };
  /** The delivery context at `now` (earliest date, type, holidays from the earliest date on). */
  ctx: DeliveryDateContext;
  remindersOff: boolean;
  isActive: boolean;
  /** The email of the customer's last order that had one; '' when none. */
  email: string;
  /** Delivery dates of the customer's orders: the last 4 weeks and the dates ahead. */
  orderedDates: ReadonlySet<string>;
}

export interface DueReminder {
  deliveryDate: string;
  orderBy: Date;
  /** The first instant the reminder may go: OrderBy - ReminderHours. */
  from: Date;
}

/**
 * For a customer type at `now`: the next date of each weekday the calendar offers (lead time,
 * cutoff, no Sundays, no type-1 Saturdays, no holidays), in date order, with its OrderBy and the
 * first instant of its reminder window. The same for every customer of the type, so a check of
 * many customers computes it once per type.
 */
export function reminderWindows(
  ctx: DeliveryDateContext,
  rules: ReminderCustomer['rules'],
  tz: string,
): DueReminder[] {
  if (rules.ReminderHours <= 0) return [];
  const windows: DueReminder[] = [];
  const seen = new Set<Weekday>();
  for (const date of nextSelectableDeliveryDates(ctx, LOOKAHEAD_DATES)) {
    const weekday = dayOfWeek(date);
    if (seen.has(weekday)) continue;
    seen.add(weekday);
    const orderBy = orderByInstant(date, rules, tz);
    windows.push({
      deliveryDate: date,
      orderBy,
      from: new Date(orderBy.getTime() - rules.ReminderHours * HOUR),
    });
  }
  return windows;
}

/**
 * The reminders a customer is due at `now`: for each weekday they usually order for, the next
 * date of that weekday the calendar offers, when `now` is within ReminderHours before its
 * OrderBy and they have no order for it. None when the type's ReminderHours is 0, the customer
 * opted out, is inactive or has no email to write to. Whether a reminder for the date went out
 * already is the database's to say. `windows` are `reminderWindows` for the customer's type.
 */
export function dueReminders(
  customer: ReminderCustomer,
  now: Date,
  tz: string,
  windows: readonly DueReminder[] = reminderWindows(customer.ctx, customer.rules, tz),
): DueReminder[] {
  if (
    customer.rules.ReminderHours <= 0 ||
    customer.remindersOff ||
    !customer.isActive ||
    customer.email === ''
  )
    return [];
  const today = businessToday(now, tz);
  return windows.filter(
    (w) => now >= w.from && now < w.orderBy && missesUsualOrder(customer.orderedDates, w.deliveryDate, today),
  );
}

export interface ReminderMailInput {
  customerName: string;
  deliveryDate: string;
  orderBy: Date;
  tz: string;
  /** Opens a new order (after sign-in). */
  startUrl: string;
  /** The signed link that turns reminders off. */
  stopUrl: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** 'Tuesday 12/01' for the cutoff's day. */
const cutoffDay = (orderBy: Date, tz: string) => weekdayMonthDay(businessToday(orderBy, tz));

/** The reminder's subject, text and HTML: the delivery date, the cutoff, a link to order, a link to stop. */
export function reminderMail(m: ReminderMailInput): { subject: string; text: string; html: string } {
  const delivery = `${weekdayMonthDay(m.deliveryDate)}/${m.deliveryDate.slice(0, 4)}`;
  const cutoff = `${wallTime(m.orderBy, m.tz)} ${zoneName(m.tz)} on ${cutoffDay(m.orderBy, m.tz)}`;
  const subject = `Order by ${cutoff} for delivery ${weekdayMonthDay(m.deliveryDate)}`;
  const text = [
    `Hello ${m.customerName},`,
    '',
    `We have no order from you yet for delivery on ${delivery}.`,
    `Orders for that date are accepted until ${cutoff}.`,
    '',
    `Start your order: ${m.startUrl}`,
    '',
    'You get this reminder because you usually order for this weekday.',
    `To stop these reminders: ${m.stopUrl}`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(m.customerName)},</p>
<p>We have no order from you yet for delivery on <strong>${delivery}</strong>.<br>Orders for that date are accepted until <strong>${escapeHtml(cutoff)}</strong>.</p>
<p><a href="${escapeHtml(m.startUrl)}">Start your order</a></p>
<p>You get this reminder because you usually order for this weekday. <a href="${escapeHtml(m.stopUrl)}">Stop these reminders</a></p>`;
  return { subject, text, html };
}

export const RemindersQuerySchema = z.object({
  date: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isIsoDate(v), { message: 'date must be a valid date (YYYY-MM-DD)' })
    .transform((v) => v || undefined),
});

export const ReminderSchema = z.object({
  Id: z.number().int(),
  CustomerId: z.number().int(),
  CompanyId: z.number().int(),
  CustomerName: z.string(),
  DeliveryDate: z.string().describe('YYYY-MM-DD'),
  OrderBy: z.string().describe('ISO 8601 with offset: the cutoff the reminder was about'),
  Email: z.string(),
  ClaimedAt: z.string().describe('ISO 8601: when a process took the reminder on'),
  SentAt: z.string().nullable().describe('ISO 8601; null while not (yet) sent'),
  Attempts: z.number().int(),
  Error: z.string().nullable(),
});
export type Reminder = z.infer<typeof ReminderSchema>;

export const RemindersRunSchema = z.object({ Sent: z.number().int() });

export const CustomerRemindersSchema = z.object({
  CustomerId: z.number().int(),
  RemindersOff: z.boolean(),
});
export type CustomerReminders = z.infer<typeof CustomerRemindersSchema>;

export const CustomerRemindersSaveSchema = z.object({
  RemindersOff: z.boolean({ error: 'RemindersOff must be true or false' }),
});
