import { addDays, businessClock, businessToday, dayOfWeek } from '../../../domain/business-date.js';

/**
 * Calendar helpers for the seed, on the domain's business-date functions. Dates are
 * 'YYYY-MM-DD' strings (the schema's date mode).
 */
export { addDays };
export const dateInZone = businessToday;
export const weekday = dayOfWeek;

/** The instant at which the wall clock in `timeZone` shows `date` `hour`:`minute`. */
export function zonedInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const asUtc = Date.parse(`${date}T00:00:00Z`) + (hour * 60 + minute) * 60_000;
  // The zone's offset at an instant, in whole minutes (every zone's offset is).
  const offsetAt = (ms: number): number => {
    const c = businessClock(new Date(ms), timeZone);
    const wall = Date.parse(`${c.date}T00:00:00Z`) + (c.hours * 60 + c.minutes) * 60_000;
    return wall - Math.floor(ms / 60_000) * 60_000;
  };
  const first = asUtc - offsetAt(asUtc);
  // Near a DST change the offset at the first guess may differ from the offset at the answer.
  return new Date(asUtc - offsetAt(first));
}
