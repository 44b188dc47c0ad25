import { dayOfWeek, isIsoDate } from '../../../domain/business-date';
import { BUSINESS_TZ } from './business-tz';

/*
 * Dates and times as the customer and staff read them, on the business clock whatever the
 * browser's zone. A module without React, so the page's entry can draw the
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

let instantFormatter: Intl.DateTimeFormat | undefined;

/**
 * An ISO instant as 'MM/DD/YYYY hh:mm A' on the business clock (spec section 9's date-time mask),
 * on the customer's screens and the staff's alike (issue 33: a UTC browser showed staff 04:37 PM
 * for the order customers saw placed at 10:37 AM).
 */
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

/** An instant's time of day on the business clock: '4:37 PM', or '4 PM' with `hourOnly`. */
export function formatTimeOfDay(instant: Date | string | number, hourOnly = false): string {
  return new Date(instant).toLocaleTimeString('en-US', {
    timeZone: BUSINESS_TZ,
    hour: 'numeric',
    ...(hourOnly ? {} : { minute: '2-digit' }),
  });
}
