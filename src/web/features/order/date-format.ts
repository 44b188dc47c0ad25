import { dayOfWeek, isIsoDate } from '../../../domain/business-date';

/*
 * Dates as the customer reads them. A module without React, so the page's entry can draw the
 * order form's first paint with them (shell/order-form-first-paint.ts); order-time.ts re-exports
 * them for the app.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** 'YYYY-MM-DD' → 'MM/DD/YYYY' (spec section 9); anything else is shown as it is. */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  const m = ISO_DATE.exec(date);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : date;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 'YYYY-MM-DD' → 'Fri 11/27/2026': a date the customer must not misread. */
export function formatWeekdayDate(date: string): string {
  return isIsoDate(date) ? `${WEEKDAYS[dayOfWeek(date)]} ${formatDate(date)}` : date;
}

/** 'YYYY-MM-DD' → 'MM/DD', the worksheet's column headers. */
export function formatMonthDay(date: string): string {
  const m = ISO_DATE.exec(date);
  return m ? `${m[2]}/${m[3]}` : date;
}
