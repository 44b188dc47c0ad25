import { addDays, businessClock } from './business-date';
import { type DeliveryDateContext, nextSelectableDeliveryDates } from './delivery-date';

/**
 * OrderBy (design.md 7.2, decision 036): the moment orders for a delivery date stop being
 * accepted. It is the cutoff instant itself, exclusive: an order is accepted while
 * `now < OrderBy`, exactly as `earliestDeliveryDate` counts the whole cutoff minute as late
 * (decision 007). The countdown on the order home counts down to it.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface OrderByRules {
  LeadHours: number;
  CutoffHours: number;
  CutoffMinutes: number;
}

/** The wall clock in `tz` at `instant`, as milliseconds of a UTC date with the same fields. */
function wallMs(instant: number, tz: string): number {
  const { date, hours, minutes } = businessClock(new Date(instant), tz);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const utc = new Date(0);
  utc.setUTCFullYear(y, m - 1, d);
  return utc.getTime() + hours * HOUR + minutes * MINUTE;
}

/** The zone's offset from UTC at `instant`, in milliseconds (whole minutes). */
function offsetMs(instant: number, tz: string): number {
  return wallMs(instant, tz) - Math.floor(instant / MINUTE) * MINUTE;
}

/**
 * The first instant at which the wall clock in `tz` reads `hours:minutes` on `date`, or later.
 * On the day the clocks go back, a time read twice is its first reading; on the day they go
 * forward, a time that never shows (02:30) is the change itself (03:00).
 */
export function zonedInstant(date: string, hours: number, minutes: number, tz: string): Date {
  const target = Date.parse(`${date}T00:00:00Z`) + hours * HOUR + minutes * MINUTE;
  // At most one change of offset lies within half a day either side.
  const candidates = [target - offsetMs(target - 12 * HOUR, tz), target - offsetMs(target + 12 * HOUR, tz)];
  candidates.sort((a, b) => a - b);
  const exact = candidates.find((t) => wallMs(t, tz) === target);
  if (exact !== undefined) return new Date(exact);
  // In the gap: the first minute whose wall clock reads the target or later.
  let [lo, hi] = candidates as [number, number];
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (wallMs(mid, tz) >= target) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/** '2026-11-26T16:00:00-06:00': the instant on the wall clock of `tz`, with its offset. */
export function toZonedIso(instant: Date, tz: string): string {
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  const offset = offsetMs(ms, tz) / MINUTE;
  const local = new Date(ms + offset * MINUTE).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  const sign = offset < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * When orders for `date` stop: the cutoff on the last business day whose orders still reach
 * it, LeadHours / 24 (rounded up) + 1 calendar days before. Before the cutoff that day the
 * earliest date is `date`; from the cutoff on it is the day after (decision 007). A date the
 * rule never offers (a Sunday) still gets the instant: the caller decides which dates to ask.
 */
export function orderByInstant(date: string, rules: OrderByRules, tz: string): Date {
  const lastDay = addDays(date, -(Math.ceil(rules.LeadHours / 24) + 1));
  return zonedInstant(lastDay, rules.CutoffHours, rules.CutoffMinutes, tz);
}

/** GET Customer/{id}/DeliveryDates: the next `count` dates the customer may pick, each with its OrderBy. */
export function deliveryDatesWithOrderBy(
  ctx: DeliveryDateContext,
  rules: OrderByRules,
  tz: string,
  count: number,
): { Date: string; OrderBy: string }[] {
  return nextSelectableDeliveryDates(ctx, count).map((date) => ({
    Date: date,
    OrderBy: toZonedIso(orderByInstant(date, rules, tz), tz),
  }));
}
