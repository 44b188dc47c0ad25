/**
 * The business time zone (design.md section 1: BUSINESS_TZ, America/Chicago by default). The
 * browser may be anywhere; lead time, "today" and order times are always read in this zone, as
 * the server reads them. The one place the order screens name it (order-time.ts re-exports it;
 * a module of its own so the page's entry can read it without React).
 */
export const BUSINESS_TZ = 'America/Chicago';
