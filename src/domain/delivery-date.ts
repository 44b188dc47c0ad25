import { addDays, businessClock, dayOfWeek, daysBetween, isIsoDate } from './business-date';
import { licenseError } from './license';

/** Days without deliveries (design.md 7.2): date 'YYYY-MM-DD' to the holiday's name. */
export type HolidayLookup = ReadonlyMap<string, string>;

export const deliveryDateMessages = {
  // Two spaces between 'Date' and 'is': the spec's exact text (section 5), kept as written.
  required: 'Delivery Date  is required',
  leadTime: 'Delivery Date violates Lead Time',
  // The spec has no wording for a malformed value; the date picker never produces one, API callers might.
  format: 'Delivery Date must be a date written YYYY-MM-DD',
  /** design.md 7.2's wording; the date as the spec writes dates (MM/DD/YYYY). */
  holiday: (name: string, date: string) =>
    `No deliveries on ${name} (${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)})`,
} as const;

/** A delivery date this many days or more after the business today asks for confirmation (spec section 9). */
export const FAR_DATE_DAYS = 60;

/** Customer type 1 receives no Saturday deliveries (spec section 5). */
const NO_SATURDAY_CUSTOMER_TYPE = 1;

export interface LeadTimeInput {
  now: Date;
  /** IANA zone of the business (BUSINESS_TZ, America/Chicago by default). */
  tz: string;
  leadHours: number;
  cutoffHours: number;
  cutoffMinutes: number;
}

export interface DeliveryDateContext {
  /** From `earliestDeliveryDate`. */
  earliest: string;
  customerTypeId: number;
  /**
   * The holidays the caller knows of. The server passes the requested date's only (all the
   * rule needs); the picker passes the months it shows. Absent: no holidays.
   */
  holidays?: HolidayLookup;
  /**
   * Staff overrode the lead time (design.md 7.5): `earliest` is today, and the order must give
   * an Override Reason. The days never delivered stay refused.
   */
  overrideLeadTime?: boolean;
  /**
   * The customer's license expiry (design.md 8.2): a later delivery date is refused with the
   * license's message. The picker still offers those dates, so the customer sees why.
   */
  licenseExpires?: string | null;
  /** Staff overrode the license expiry (with the same Override Reason as the lead time). */
  overrideLicense?: boolean;
}

/**
 * How far the pickers look for a selectable date: a year of holidays in a row is a
 * configuration mistake, and a loop that never ends would hang the page or the server.
 */
const SEARCH_DAYS = 366;

/**
 * The first delivery date an order placed at `now` may ask for (spec section 9): start of
 * today in the business zone + LeadHours + 24 h, or + 48 h once the cutoff has passed; a
 * Sunday moves to Monday.
 *
 * - The cutoff is passed from the first second of the cutoff minute: with a 16:00 cutoff,
 *   15:59:59 is on time and 16:00:00 is late, as a distributor's "order by 4 pm" means.
 * - The arithmetic is in calendar days, not milliseconds: on a daylight-saving day the
 *   business day has 23 or 25 hours, and adding 48 h of milliseconds to a local midnight
 *   can land on the evening before the intended date. LeadHours that are not a multiple
 *   of 24 round up to whole days, because a delivery date must start no earlier than the
 *   moment the lead time ends.
 */
export function earliestDeliveryDate({
  now,
  tz,
  leadHours,
  cutoffHours,
  cutoffMinutes,
}: LeadTimeInput): string {
  if (!Number.isFinite(leadHours) || leadHours < 0) throw new RangeError(`Invalid LeadHours: ${leadHours}`);
  if (!Number.isInteger(cutoffHours) || cutoffHours < 0 || cutoffHours > 23) {
    throw new RangeError(`Invalid CutoffHours: ${cutoffHours}`);
  }
  if (!Number.isInteger(cutoffMinutes) || cutoffMinutes < 0 || cutoffMinutes > 59) {
    throw new RangeError(`Invalid CutoffMinutes: ${cutoffMinutes}`);
  }
  const clock = businessClock(now, tz);
  const late = clock.hours * 60 + clock.minutes >= cutoffHours * 60 + cutoffMinutes;
  const earliest = addDays(clock.date, Math.ceil(leadHours / 24) + (late ? 2 : 1));
  return dayOfWeek(earliest) === 0 ? addDays(earliest, 1) : earliest;
}

/** The spec's rule alone: not before the earliest date, no Sundays, no Saturdays for type 1. */
function withinLeadTime(date: string, { earliest, customerTypeId }: DeliveryDateContext): boolean {
  if (!isIsoDate(date) || date < earliest) return false; // ISO dates compare correctly as strings
  const weekday = dayOfWeek(date);
  return weekday !== 0 && !(weekday === 6 && customerTypeId === NO_SATURDAY_CUSTOMER_TYPE);
}

/** Whether the date picker offers `date`: the spec's rule, and never a holiday (design.md 7.2). */
export function isSelectableDeliveryDate(date: string, ctx: DeliveryDateContext): boolean {
  return withinLeadTime(date, ctx) && !ctx.holidays?.has(date);
}

/**
 * The first date the customer can pick: the earliest date, or the next one after it that the
 * calendar offers (a type-1 customer whose earliest date is a Saturday gets the Monday, a
 * holiday the next working day). The order form's hint shows it; tests that expect "the
 * earliest date" expect this one.
 */
export function firstSelectableDeliveryDate(ctx: DeliveryDateContext): string {
  return nextSelectableDeliveryDates(ctx, 1)[0] ?? ctx.earliest;
}

/** The first `count` dates the customer can pick, in order (the form offers them as one-tap choices). */
export function nextSelectableDeliveryDates(ctx: DeliveryDateContext, count: number): string[] {
  const dates: string[] = [];
  let date = ctx.earliest;
  for (let skipped = 0; dates.length < count && skipped < SEARCH_DAYS; date = addDays(date, 1)) {
    if (isSelectableDeliveryDate(date, ctx)) {
      dates.push(date);
      skipped = 0;
    } else skipped++;
  }
  return dates;
}

/**
 * The spec's message for a delivery date, or null when it is acceptable. A Sunday, a
 * type-1 Saturday or a past date get the lead-time message too: the spec has no other
 * wording, and each of them is a date the customer could not have picked. A holiday inside
 * the lead time gets the spec's message first; a later one design.md 7.2's, with its name.
 * A date after the license expired gets design.md 8.2's message, unless staff overrode it.
 */
export function deliveryDateError(date: string | null | undefined, ctx: DeliveryDateContext): string | null {
  if (date === null || date === undefined || date.trim() === '') return deliveryDateMessages.required;
  if (!isIsoDate(date)) return deliveryDateMessages.format;
  if (!withinLeadTime(date, ctx)) return deliveryDateMessages.leadTime;
  const holiday = ctx.holidays?.get(date);
  if (holiday !== undefined) return deliveryDateMessages.holiday(holiday, date);
  return licenseError(date, ctx.licenseExpires, ctx.overrideLicense);
}

/** A date 60 or more days after the business today asks 'Is this correct?' before submitting. */
export function needsFarDateConfirmation(date: string, today: string): boolean {
  return daysBetween(today, date) >= FAR_DATE_DAYS;
}
