import { z } from 'zod';
import { addDays, businessToday, dayOfWeek } from './business-date';
import { wallTime, weekdayMonthDay, zoneName } from './delivery-countdown';
import type { HolidayLookup } from './delivery-date';
import { OrderInputSchema, OrderLineInputSchema } from './order-body.schema';
import { type OrderByRules, orderByInstant } from './order-by';
import { MAX_ORDER_LINES, messages as orderMessages } from './order-fields';
import { dateField, endBeforeStartMessage, endsBeforeStart, optionalDateField } from './schema-fields';

/**
 * Standing orders (design.md 8.6, decision 080): the same order for the same weekdays. Which
 * dates it covers, when each is placed, the body a customer saves and the answer they read.
 */

/** How many dates ahead a standing order's answer lists. */
export const NEXT_DATES = 4;
/** How long the placing of a claimed date may take before another process may take it up. */
export const PLACING_LEASE_MS = 5 * 60_000;
/** Customer type 1 receives no Saturday deliveries (spec section 5). */
const NO_SATURDAY_TYPE = 1;
/** A year: an end date or a start date further away lists fewer dates, never loops forever. */
const SEARCH_DAYS = 366;
const HOUR = 3_600_000;

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const standingOrderMessages = {
  weekdaysRequired: 'Pick at least one delivery day',
  weekdayInvalid: 'Delivery days are 1 (Monday) to 6 (Saturday)',
  noSaturday: 'Saturday deliveries are not available for your customer type',
  linesRequired: 'A standing order must contain at least one product with a quantity',
  skipPassed: 'This date can no longer be skipped: its cutoff has passed',
  skipPlaced: 'This date is already placed: change or cancel the order instead',
  skipNotADate: 'This standing order does not deliver on that date',
  placedBy: 'Standing order',
} as const;

export interface StandingSchedule {
  Weekdays: readonly number[];
  StartDate: string;
  EndDate: string | null;
}

/** The customer type's rules the dates read: OrderBy's and the Saturday rule. */
export interface StandingTypeRules extends OrderByRules {
  Id: number;
  StandingOrderHours: number;
}

export interface Occurrence {
  date: string;
  orderBy: Date;
  /** The holiday's name: nothing is delivered that day, so nothing is placed. */
  holiday: string | null;
}

/** A weekday the type delivers on: never Sunday, no Saturday for type 1. */
const delivers = (weekday: number, typeId: number) =>
  weekday >= 1 && weekday <= 6 && !(weekday === 6 && typeId === NO_SATURDAY_TYPE);

/** Whether the schedule covers `date`: one of its weekdays, from its start to its end. */
export function coversDate(schedule: StandingSchedule, date: string, typeId: number): boolean {
  const weekday = dayOfWeek(date);
  return (
    schedule.Weekdays.includes(weekday) &&
    delivers(weekday, typeId) &&
    date >= schedule.StartDate &&
    (schedule.EndDate === null || date <= schedule.EndDate)
  );
}

/**
 * The next `count` dates the schedule covers whose OrderBy is still ahead of `now`, holidays
 * included and named (the customer sees why nothing comes that day).
 */
export function nextOccurrences(
  schedule: StandingSchedule,
  type: StandingTypeRules,
  ctx: { now: Date; tz: string; holidays: HolidayLookup },
  count = NEXT_DATES,
): Occurrence[] {
  const today = businessToday(ctx.now, ctx.tz);
  const found: Occurrence[] = [];
  let date = schedule.StartDate > today ? schedule.StartDate : addDays(today, 1);
  for (let i = 0; found.length < count && i < SEARCH_DAYS; i++, date = addDays(date, 1)) {
    if (schedule.EndDate !== null && date > schedule.EndDate) break;
    if (!coversDate(schedule, date, type.Id)) continue;
    const orderBy = orderByInstant(date, type, ctx.tz);
    if (orderBy <= ctx.now) continue;
    found.push({ date, orderBy, holiday: ctx.holidays.get(date) ?? null });
  }
  return found;
}

/**
 * The dates a type's standing orders are due to be placed at `now`: those whose OrderBy is
 * ahead and at most StandingOrderHours away (`OrderBy - hours <= now < OrderBy`). The same for
 * every standing order of the type, so a check computes it once per type; `coversDate` then
 * picks each standing order's.
 */
export function dueDates(type: StandingTypeRules, now: Date, tz: string): { date: string; orderBy: Date }[] {
  const today = businessToday(now, tz);
  // The last date whose window can have opened: lead days, the cutoff's day and the hours ahead.
  const lastDay = Math.ceil(type.LeadHours / 24) + 2 + Math.ceil(type.StandingOrderHours / 24);
  const due: { date: string; orderBy: Date }[] = [];
  for (let i = 1; i <= lastDay; i++) {
    const date = addDays(today, i);
    if (!delivers(dayOfWeek(date), type.Id)) continue;
    const orderBy = orderByInstant(date, type, tz);
    if (isDue(orderBy, type.StandingOrderHours, now)) due.push({ date, orderBy });
  }
  return due;
}

/** An occurrence is placed from StandingOrderHours before its OrderBy until the OrderBy itself. */
export function isDue(orderBy: Date, hours: number, now: Date): boolean {
  return now.getTime() >= orderBy.getTime() - hours * HOUR && now < orderBy;
}

const StandingLineSchema = OrderLineInputSchema.omit({ Substitution: true });

/** The body of POST Customer/{id}/StandingOrders and PUT StandingOrder/{id}. */
export const StandingOrderSaveSchema = z
  .object({
    Weekdays: z
      .array(
        z
          .number({ error: standingOrderMessages.weekdayInvalid })
          .int(standingOrderMessages.weekdayInvalid)
          .min(1, standingOrderMessages.weekdayInvalid)
          .max(6, standingOrderMessages.weekdayInvalid),
        { error: standingOrderMessages.weekdaysRequired },
      )
      .min(1, standingOrderMessages.weekdaysRequired)
      .max(6, standingOrderMessages.weekdayInvalid)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    Lines: z
      .array(StandingLineSchema, { error: orderMessages.linesInvalid })
      .max(MAX_ORDER_LINES, orderMessages.tooManyLines),
    Name: OrderInputSchema.shape.Name,
    Phone: OrderInputSchema.shape.Phone,
    Email: OrderInputSchema.shape.Email,
    ReferencePO: OrderInputSchema.shape.ReferencePO,
    StartDate: dateField('Start Date'),
    EndDate: optionalDateField('End Date'),
  })
  .superRefine((body, ctx) => {
    if (endsBeforeStart(body.StartDate, body.EndDate))
      ctx.addIssue({ code: 'custom', path: ['EndDate'], message: endBeforeStartMessage });
  });
export type StandingOrderSave = z.output<typeof StandingOrderSaveSchema>;
export type StandingOrderSaveInput = z.input<typeof StandingOrderSaveSchema>;

export const StandingOrderSkipSchema = z.object({
  Date: dateField('Date'),
  /** false takes the skip back. */
  Skipped: z.boolean().default(true),
});

export const StandingDateSchema = z.object({
  Date: z.string(),
  /** When orders for the date stop, on the business clock ('2026-12-01T16:00:00-06:00'). */
  OrderBy: z.string(),
  Skipped: z.boolean(),
  /** The order placed for the date; it is changed or cancelled like any order. */
  OrderId: z.number().int().nullable(),
  /** No deliveries that day: nothing is placed. */
  Holiday: z.string().nullable(),
  /** Why the check placed nothing (a rule's message, or the date had an order); null otherwise. */
  NotPlaced: z.string().nullable(),
});
export type StandingDate = z.infer<typeof StandingDateSchema>;

export const StandingOrderSchema = z.object({
  Id: z.number().int(),
  CustomerId: z.number().int(),
  Weekdays: z.array(z.number().int()),
  Lines: z.array(
    z.object({
      Code: z.string(),
      /** '' for a product no longer offered: the check refuses the order until it is removed. */
      Description: z.string(),
      CaseQuantity: z.number().int(),
      UnitQuantity: z.number().int(),
    }),
  ),
  Name: z.string(),
  Phone: z.string(),
  Email: z.string(),
  ReferencePO: z.string(),
  StartDate: z.string(),
  EndDate: z.string().nullable(),
  SavedBy: z.string(),
  SavedAt: z.string(),
  NextDates: z.array(StandingDateSchema),
});
export type StandingOrder = z.infer<typeof StandingOrderSchema>;

export const StandingOrdersRunSchema = z.object({
  /** Orders placed by this run. */
  Placed: z.number().int(),
  /** Dates a rule refused (the customer was mailed why). */
  Refused: z.number().int(),
});

/** 'Tuesday and Friday', 'Monday, Wednesday and Friday'. */
export function weekdaysText(weekdays: readonly number[]): string {
  const names = weekdays.map((d) => WEEKDAY_NAMES[d] ?? String(d));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export type NotPlacedOutcome = 'skipped' | 'holiday' | 'ordered' | 'refused';

/** Why nothing was placed, as the mail and the list say it. */
export function notPlacedReason(outcome: NotPlacedOutcome, detail: string | null): string {
  switch (outcome) {
    case 'skipped':
      return 'You skipped this date.';
    case 'holiday':
      return `There are no deliveries on ${detail ?? 'this holiday'}.`;
    case 'ordered':
      return 'You already have an order for this date.';
    case 'refused':
      return `The order was refused: ${detail ?? 'it broke a rule'}.`;
  }
}

export interface NotPlacedMailInput {
  customerName: string;
  deliveryDate: string;
  orderBy: Date;
  tz: string;
  outcome: NotPlacedOutcome;
  detail: string | null;
  /** Opens a new order (after sign-in). */
  orderUrl: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The mail of a date the standing order did not place: the date, why, and for a refused one
 * the cutoff and a link to order by hand.
 */
export function notPlacedMail(m: NotPlacedMailInput): { subject: string; text: string; html: string } {
  const date = `${weekdayMonthDay(m.deliveryDate)}/${m.deliveryDate.slice(0, 4)}`;
  const reason = notPlacedReason(m.outcome, m.detail);
  const refused = m.outcome === 'refused';
  const subject = refused
    ? `Standing order not placed for ${weekdayMonthDay(m.deliveryDate)}: action needed`
    : `Standing order not placed for ${weekdayMonthDay(m.deliveryDate)}`;
  const cutoff = `${wallTime(m.orderBy, m.tz)} ${zoneName(m.tz)} on ${weekdayMonthDay(businessToday(m.orderBy, m.tz))}`;
  const first = `Your standing order for delivery on ${date} was not placed. ${reason}`;
  const action = refused
    ? `To receive a delivery that day, place the order yourself by ${cutoff}: ${m.orderUrl}`
    : 'Your standing order goes on as before for its other dates.';
  const text = [`Hello ${m.customerName},`, '', first, '', action].join('\n');
  const html = `<p>Hello ${escapeHtml(m.customerName)},</p>
<p>${escapeHtml(first)}</p>
<p>${
    refused
      ? `To receive a delivery that day, <a href="${escapeHtml(m.orderUrl)}">place the order yourself</a> by ${escapeHtml(cutoff)}.`
      : escapeHtml(action)
  }</p>`;
  return { subject, text, html };
}
