import { useEffect, useState } from 'react';
import { businessToday } from '../../../domain/business-date';
import { BUSINESS_TZ } from './business-tz';
import { formatDate, formatMonthDay, formatWeekdayDate } from './date-format';

export { BUSINESS_TZ, formatDate, formatMonthDay, formatWeekdayDate };

/** How often the order form re-reads the clock, so a cutoff passing while it is open moves the earliest date. */
const NOW_REFRESH_MS = 60_000;

/**
 * The current instant, refreshed every minute and whenever the window gets the focus back (a
 * tab left open over the cutoff shows the new earliest date at once, not up to a minute later).
 */
export function useBusinessNow(refreshMs = NOW_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const refresh = () => setNow(new Date());
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

let instantFormatter: Intl.DateTimeFormat | undefined;

/** An ISO instant as 'MM/DD/YYYY hh:mm A' on the business clock (spec section 9's date-time mask). */
export function formatDateTime(instant: string | null | undefined): string {
  if (!instant) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  instantFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h12',
  });
  const p: Record<string, string> = {};
  for (const part of instantFormatter.formatToParts(date)) p[part.type] = part.value;
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()}`;
}
