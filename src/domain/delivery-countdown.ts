import { businessClock, dayOfWeek } from './business-date';

/**
 * The order home's countdown (issue 20): "Order within 2 h 14 min for delivery Friday 11/27.
 * After 4:00 PM Central the earliest delivery is Monday 11/30." It reads the server's
 * OrderBy instants (design.md 7.2), so the screen and the rule agree to the minute.
 */

const MINUTE = 60_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export interface CountdownDate {
  Date: string;
  /** ISO 8601 instant: orders for `Date` are accepted before it. */
  OrderBy: string;
}

/**
 * Time left, in whole minutes rounded down (never more than is left): '14 min', '2 h 14 min',
 * '1 d 3 h'. Under a minute still reads '1 min': the order must go within it.
 */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / MINUTE));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/** 'Friday 11/27'. */
export function weekdayMonthDay(date: string): string {
  return `${WEEKDAYS[dayOfWeek(date)]} ${date.slice(5, 7)}/${date.slice(8, 10)}`;
}

const zoneNames = new Map<string, string>();

/** 'Central' for America/Chicago: the zone as people say it ("Central Time" without "Time"). */
export function zoneName(tz: string): string {
  let name = zoneNames.get(tz);
  if (name === undefined) {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longGeneric' })
      .formatToParts(new Date(0))
      .find((p) => p.type === 'timeZoneName');
    name = (part?.value ?? tz).replace(/ Time$/, '');
    zoneNames.set(tz, name);
  }
  return name;
}

/** '4:00 PM' on the wall clock of `tz`. */
export function wallTime(instant: Date, tz: string): string {
  const { hours, minutes } = businessClock(instant, tz);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * The countdown's sentence at `now`, from the dates of GET Customer/{id}/DeliveryDates in
 * order; null when no date is still open (the caller fetches them again). Dates whose OrderBy
 * has passed are skipped, so a stale answer never counts down to a moment already gone. The
 * second sentence names the cutoff's weekday when it is not today.
 */
export function countdownText(now: Date, dates: readonly CountdownDate[], tz: string): string | null {
  const open = dates.filter((d) => Date.parse(d.OrderBy) > now.getTime());
  const [first, next] = open;
  if (!first) return null;
  const orderBy = new Date(first.OrderBy);
  const text = `Order within ${formatTimeLeft(orderBy.getTime() - now.getTime())} for delivery ${weekdayMonthDay(first.Date)}.`;
  if (!next) return text;
  const cutoffDay = businessClock(orderBy, tz).date;
  const when = cutoffDay === businessClock(now, tz).date ? '' : `${WEEKDAYS[dayOfWeek(cutoffDay)]} `;
  return `${text} After ${when}${wallTime(orderBy, tz)} ${zoneName(tz)} the earliest delivery is ${weekdayMonthDay(next.Date)}.`;
}
