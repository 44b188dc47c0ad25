import { useEffect, useState } from 'react';
import { businessToday } from '../../../domain/business-date';
import { caughtUp, useInitialNow } from '../../ssr/render-context';
import { BUSINESS_TZ } from './business-tz';
import { formatDate, formatDateTime, formatMonthDay, formatWeekdayDate } from './date-format';

export { BUSINESS_TZ, formatDate, formatDateTime, formatMonthDay, formatWeekdayDate };

/** How often the order form re-reads the clock, so a cutoff passing while it is open moves the earliest date. */
const NOW_REFRESH_MS = 60_000;

/**
 * The current instant, refreshed every minute and whenever the window gets the focus back (a
 * tab left open over the cutoff shows the new earliest date at once, not up to a minute later).
 */
export function useBusinessNow(refreshMs = NOW_REFRESH_MS): Date {
  // A page drawn on the server shows the server's instant until it is hydrated (render-context.ts).
  const [now, setNow] = useState(new Date(useInitialNow()));
  useEffect(() => {
    const refresh = () => setNow(new Date());
    setNow(caughtUp);
    const timer = window.setInterval(refresh, refreshMs);
    window.addEventListener('focus', refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, [refreshMs]);
  return now;
}

/** Today on the business calendar, 'YYYY-MM-DD'. */
export function todayInBusiness(now: Date = new Date()): string {
  return businessToday(now, BUSINESS_TZ);
}
