import { queryOptions, useQuery } from '@tanstack/react-query';
import { addDays } from '../../../../domain/business-date';
import { type Holiday, holidayLookup } from '../../../../domain/delivery-calendar.schema';
import type { HolidayLookup } from '../../../../domain/delivery-date';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Both dates inclusive, YYYY-MM-DD; either may be left out. */
export type HolidayRange = {
  from?: string;
  to?: string;
};

export function getHolidays(range: HolidayRange, signal?: AbortSignal): Promise<Holiday[]> {
  const search = new URLSearchParams();
  if (range.from) search.set('from', range.from);
  if (range.to) search.set('to', range.to);
  const query = search.toString();
  return apiFetch<Holiday[]>(query ? `Holidays?${query}` : 'Holidays', { signal });
}

/** GET Holidays, by date (the server sorts them). */
export function holidaysQueryOptions(range: HolidayRange = {}) {
  return queryOptions({
    queryKey: queryKeys.holidays.list(range),
    queryFn: ({ signal }) => getHolidays(range, signal),
  });
}

export function useHolidays(range: HolidayRange = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...holidaysQueryOptions(range), ...options });
}

// Module-level, so that React Query keeps the same Map between renders (the form's rules depend on it).
const toLookup = (list: Holiday[]): HolidayLookup => holidayLookup(list);

/** How far ahead the order form knows the holidays: past the 60-day warning and a year of browsing. */
export const UPCOMING_HOLIDAY_DAYS = 400;

/**
 * The holidays from `today` on, as the date rules take them (date to name), for the order
 * form's picker and one-tap dates. One call for every month the customer may page to; the
 * server refuses a holiday beyond it anyway.
 */
export function useUpcomingHolidays(today: string) {
  const range = { from: today, to: addDays(today, UPCOMING_HOLIDAY_DAYS) };
  return useQuery({
    ...holidaysQueryOptions(range),
    select: toLookup,
    // The form works without them (the server still refuses a holiday): no error dialog.
    meta: { errorDialog: false },
  });
}
