import { z } from 'zod';
import { BackupsStatusSchema } from './backups.schema';
import { addDays, dayOfWeek } from './business-date';
import type { HolidayLookup } from './delivery-date';

/**
 * The staff dashboard (design.md 7.8, decision 043): GET Dashboard's answer, and the day rules
 * it is built from. "Who usually orders" is `usual-orders.ts`, shared with the reminders.
 */

/** How many delivery days the chart shows, today first when it is one. */
export const DASHBOARD_DELIVERY_DAYS = 7;
/** The same weekday this many weeks back makes the average web orders are compared with. */
export const SAME_WEEKDAY_WEEKS = 4;
/** The "not yet ordered" list answers at most this many customers (soonest date first); Total counts all. */
export const NOT_YET_ORDERED_MAX = 100;
/** How many of the last imports the dashboard shows. */
export const LAST_IMPORTS = 5;
/** The licenses list answers at most this many customers (soonest expiry first); Total counts all. */
export const LICENSES_EXPIRING_MAX = 100;
/** The out-of-stock card lists at most this many orders (newest first); OrdersTotal counts all. */
export const OUT_OF_STOCK_ORDERS_MAX = 100;

/**
 * The next `count` delivery days from `today` on (today included when it is one): every day but
 * Sundays and holidays. Saturdays count: only customer type 1 has no Saturday deliveries.
 */
export function dashboardDeliveryDays(
  today: string,
  holidays: HolidayLookup,
  count = DASHBOARD_DELIVERY_DAYS,
): string[] {
  const days: string[] = [];
  // A year of holidays in a row is a configuration mistake; the loop must end all the same.
  for (let date = today, n = 0; days.length < count && n < 366; date = addDays(date, 1), n++) {
    if (dayOfWeek(date) !== 0 && !holidays.has(date)) days.push(date);
  }
  return days;
}

/** The same weekday as `today` in each of the 4 weeks before it, nearest first. */
export function sameWeekdayDates(today: string): string[] {
  return Array.from({ length: SAME_WEEKDAY_WEEKS }, (_, k) => addDays(today, -7 * (k + 1)));
}

/** Web orders per day on those dates, averaged over the 4 weeks (a day without any counts 0), to one decimal. */
export function sameWeekdayAverage(countsPerDate: ReadonlyMap<string, number>, today: string): number {
  const total = sameWeekdayDates(today).reduce((sum, date) => sum + (countsPerDate.get(date) ?? 0), 0);
  return Math.round((total / SAME_WEEKDAY_WEEKS) * 10) / 10;
}

const isoDate = z.string().describe('YYYY-MM-DD');

export const DashboardDaySchema = z.object({
  Date: isoDate,
  /** Orders for the date, web and imported. */
  Orders: z.number().int(),
  /** Their cases: CaseQuantity + UnitQuantity / UnitsPerCase over their lines, to one decimal. */
  Cases: z.number(),
});
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

export const NotYetOrderedSchema = z.object({
  CustomerId: z.number().int(),
  CompanyId: z.number().int(),
  Name: z.string(),
  /** The phone of the customer's last order that had one; '' when none did. */
  Phone: z.string(),
  /** The customer's next deliverable date (design.md 7.2), the one they have no order for. */
  DeliveryDate: isoDate,
  LastDeliveryDate: isoDate.nullable(),
});
export type NotYetOrdered = z.infer<typeof NotYetOrderedSchema>;

export const LastImportSchema = z.object({
  /** ISO 8601: when the file was imported. */
  At: z.string(),
  User: z.string(),
  /** Items, Customers, CustomerItems, OrderHistory, Availability, Prices or Invoices. */
  Kind: z.string(),
  FileName: z.string(),
  Lines: z.number().int(),
  Inserted: z.number().int(),
  Updated: z.number().int(),
  Unchanged: z.number().int(),
  Rejected: z.number().int(),
});
export type LastImport = z.infer<typeof LastImportSchema>;

/** A customer whose liquor license has expired or expires within 30 days (design.md 8.2). */
export const LicenseExpiringSchema = z.object({
  CustomerId: z.number().int(),
  CompanyId: z.number().int(),
  Name: z.string(),
  LicenseNumber: z.string().nullable(),
  /** The license's last valid day. */
  LicenseExpires: isoDate,
  /** The last day has passed: no delivery from today on is allowed. */
  Expired: z.boolean(),
});
export type LicenseExpiring = z.infer<typeof LicenseExpiringSchema>;

/** A web order of today's with lines whose product is out (design.md 8.3). */
export const OutOfStockOrderSchema = z.object({
  /** The order's id: the card links to its staff view. */
  Id: z.number().int(),
  OrderNum: z.string(),
  CustomerId: z.number().int(),
  CompanyId: z.number().int(),
  /** The customer's name. */
  Name: z.string(),
  /** How many of its lines are out. */
  Lines: z.number().int(),
});
export type OutOfStockOrder = z.infer<typeof OutOfStockOrderSchema>;

/** A standing order's date a rule refused (design.md 8.6): listed until its cutoff. */
export const StandingNotPlacedSchema = z.object({
  StandingOrderId: z.number().int(),
  CustomerId: z.number().int(),
  CompanyId: z.number().int(),
  /** The customer's name. */
  Name: z.string(),
  DeliveryDate: isoDate,
  /** Until when the customer may still order it by hand. */
  OrderBy: z.string(),
  /** The rule's message. */
  Reason: z.string(),
});

export const StandingOrdersCardSchema = z.object({
  /** Orders standing orders placed for tomorrow's delivery, not cancelled. */
  Tomorrow: z.number().int(),
  /** Dates a rule refused whose cutoff is still ahead, soonest first; at most 100. */
  NotPlaced: z.array(StandingNotPlacedSchema),
});
export type StandingOrdersCard = z.infer<typeof StandingOrdersCardSchema>;

export const DashboardSchema = z.object({
  /** The business date the figures are for (BUSINESS_TZ). */
  Today: isoDate,
  OrdersByDeliveryDate: z.array(DashboardDaySchema),
  /** Web orders created today so far. */
  WebOrdersToday: z.number().int(),
  /** Web orders created on the same weekday in each of the last 4 weeks, averaged (whole days). */
  SameWeekdayAverage: z.number(),
  NotYetOrdered: z.array(NotYetOrderedSchema),
  /** How many customers are not yet ordered in all (the list stops at 100). */
  NotYetOrderedTotal: z.number().int(),
  NeedsAttention: z.object({
    /** Web orders whose confirmation mail failed and has not gone out since (retrying or given up). */
    MailFailed: z.number().int(),
    /** Web orders whose export file the ERP has not got (Regenerate Orders' 'Exported: No'). */
    NotExported: z.number().int(),
    /**
     * Web order lines the ERP delivered short or not at all (design.md 7.12, `isShort` in
     * delivered.ts), of orders delivered in the last 7 days, today included.
     */
    ShortLines: z.number().int(),
    /**
     * The flags the invoice check raised (design.md 8.4: short, extra, a price other than the
     * posted one, a fee not on the order) on the invoices dated in the last 7 days, today included.
     */
    InvoiceFlags: z.number().int(),
  }),
  /** The last imports, newest first, with their reports' counts (from the audit trail). */
  LastImports: z.array(LastImportSchema),
  /**
   * Active customers whose liquor license has expired or expires within 30 days of today
   * (design.md 8.2), soonest expiry first, then by name; at most 100.
   */
  LicensesExpiring: z.array(LicenseExpiringSchema),
  /** How many such customers in all. */
  LicensesExpiringTotal: z.number().int(),
  /**
   * Today's ordered lines that are out (design.md 8.3, decision 071): lines of the web orders
   * WebOrdersToday counts (created today, not cancelled) whose product the last availability
   * file says is `OUT`. A product the file does not name is not out.
   */
  OutOfStockToday: z.object({
    Lines: z.number().int(),
    /** The orders they are on, newest first; at most 100. */
    Orders: z.array(OutOfStockOrderSchema),
    /** How many such orders in all. */
    OrdersTotal: z.number().int(),
  }),
  /** Standing orders (design.md 8.6). */
  StandingOrders: StandingOrdersCardSchema,
  /** Backups of the embedded database (design.md 8.8). */
  Backups: BackupsStatusSchema,
});
export type Dashboard = z.infer<typeof DashboardSchema>;
