import { addDays, dayOfWeek, type Weekday } from './business-date';

/**
 * "Usually orders" (design.md 7.4): the rule behind the cutoff reminders (decision 038) and the
 * dashboard's "not yet ordered" list (7.8, decision 043), kept once here.
 */

/** Deliveries on the weekday in at least USUAL_MIN_WEEKS of the last USUAL_WEEKS weeks. */
export const USUAL_WEEKS = 4;
export const USUAL_MIN_WEEKS = 2;

/** The 28 days before `today` whose deliveries say which weekdays a customer usually orders for. */
export function usualWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -7 * USUAL_WEEKS), to: addDays(today, -1) };
}

/**
 * The weekdays a customer usually orders for at `today`: a weekday whose date had a delivery
 * (web or imported order, any status) in at least 2 of the 4 weeks before today. Each weekday
 * occurs exactly once a week in the 28 days before today, so distinct dates count weeks.
 * Dates outside the window (today, the future, longer ago) do not count.
 */
export function usualWeekdays(deliveryDates: Iterable<string>, today: string): Set<Weekday> {
  const { from, to } = usualWindow(today);
  const weeks = new Map<Weekday, Set<string>>();
  for (const date of deliveryDates) {
    if (date < from || date > to) continue;
    const weekday = dayOfWeek(date);
    const dates = weeks.get(weekday) ?? new Set<string>();
    dates.add(date);
    weeks.set(weekday, dates);
  }
  return new Set([...weeks].filter(([, dates]) => dates.size >= USUAL_MIN_WEEKS).map(([weekday]) => weekday));
}

/**
 * The dates of `date`'s weekday within the 4 weeks before `today` (one a week, oldest first):
 * the only dates that say whether a customer usually orders for that weekday.
 */
export function usualDatesFor(date: string, today: string): string[] {
  const { from } = usualWindow(today);
  const first = addDays(from, (dayOfWeek(date) - dayOfWeek(from) + 7) % 7);
  return Array.from({ length: USUAL_WEEKS }, (_, week) => addDays(first, 7 * week));
}

/**
 * Whether a customer is missing an order they usually place: they usually order for `date`'s
 * weekday (at `today`: `usualWeekdays`' rule) and have no order for `date` itself.
 * `orderedDates` are delivery dates of their orders; only `date` and `usualDatesFor(date,
 * today)` are looked up, so a check of many customers for one date passes those in once.
 */
export function missesUsualOrder(
  orderedDates: ReadonlySet<string>,
  date: string,
  today: string,
  usualDates: readonly string[] = usualDatesFor(date, today),
): boolean {
  if (orderedDates.has(date)) return false;
  let weeks = 0;
  for (const d of usualDates) if (orderedDates.has(d)) weeks++;
  return weeks >= USUAL_MIN_WEEKS;
}
