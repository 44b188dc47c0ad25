import { z } from 'zod';
import { isIsoDate } from './business-date';
import { dateField, requiredText } from './schema-fields';

/** The delivery calendar (design.md 7.2): days without deliveries, and the next delivery dates. */

export const HOLIDAY_NAME_MAX = 60;
/** GET Customer/{id}/DeliveryDates answers at most this many dates (two weeks of deliveries and more). */
export const DELIVERY_DATES_MAX = 14;
export const DELIVERY_DATES_DEFAULT = 3;

export const holidayMessages = {
  taken: (date: string) => `${formatUsDate(date)} already has a holiday`,
  notFound: 'Holiday',
  countRange: `count must be a whole number from 1 to ${DELIVERY_DATES_MAX}`,
} as const;

/** 'YYYY-MM-DD' → 'MM/DD/YYYY', the spec's way of writing a date (section 9). */
export function formatUsDate(date: string): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
}

export const HolidaySchema = z.object({
  Id: z.number().int(),
  Date: z.string().describe('YYYY-MM-DD'),
  Name: z.string(),
});
export type Holiday = z.infer<typeof HolidaySchema>;

/** POST Holiday: one day without deliveries, with the name customers see ("Thanksgiving Day"). */
export const HolidaySaveSchema = z.object({
  Date: dateField('Date'),
  Name: requiredText('Name', HOLIDAY_NAME_MAX),
});
export type HolidaySaveInput = z.input<typeof HolidaySaveSchema>;
export type HolidaySave = z.output<typeof HolidaySaveSchema>;

const queryDate = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isIsoDate(v), { message: `${label} must be a valid date (YYYY-MM-DD)` })
    .transform((v) => v || undefined);

/** GET Holidays?from=&to=: both optional, both inclusive. */
export const HolidaysQuerySchema = z.object({ from: queryDate('from'), to: queryDate('to') });
export type HolidaysQuery = z.infer<typeof HolidaysQuerySchema>;

/** At most this many dates in one GET Holiday/Orders (the federal suggestions add 11 at once). */
export const HOLIDAY_ORDER_DATES_MAX = 31;

const datesMessage = `Dates must be a comma-separated list of 1 to ${HOLIDAY_ORDER_DATES_MAX} dates (YYYY-MM-DD)`;

/** GET Holiday/Orders?Dates=2026-12-24,2026-12-25: the dates staff are about to make holidays. */
export const HolidayOrdersQuerySchema = z.object({
  Dates: z
    .string({ error: datesMessage })
    .transform((v) => [...new Set(v.split(',').map((d) => d.trim()))])
    .refine((dates) => dates.length <= HOLIDAY_ORDER_DATES_MAX && dates.every(isIsoDate), datesMessage),
});

/**
 * An order for one of those dates, not cancelled (issue 33): a holiday added on its date does
 * not move it, so staff see it before they confirm, and its customer sees it on the order.
 */
export const HolidayOrderSchema = z.object({
  Id: z.number().int(),
  OrderNum: z.string(),
  DeliveryDate: z.string().describe('YYYY-MM-DD'),
  CompanyId: z.number().int(),
  CustomerName: z.string(),
  IsWebOrder: z.boolean(),
});
export type HolidayOrder = z.infer<typeof HolidayOrderSchema>;

export const DeliveryDatesQuerySchema = z.object({
  count: z.coerce
    .number({ error: holidayMessages.countRange })
    .int(holidayMessages.countRange)
    .min(1, holidayMessages.countRange)
    .max(DELIVERY_DATES_MAX, holidayMessages.countRange)
    .default(DELIVERY_DATES_DEFAULT),
});

/** One deliverable date and the moment orders for it stop being accepted (`orderByInstant`). */
export const DeliveryDateSchema = z.object({
  Date: z.string().describe('YYYY-MM-DD'),
  OrderBy: z
    .string()
    .describe('ISO 8601 with the business zone offset: orders are accepted before this instant, not at it'),
});
export type DeliveryDate = z.infer<typeof DeliveryDateSchema>;

/** The holidays as the date rules take them: date to name. */
export function holidayLookup(holidays: readonly Pick<Holiday, 'Date' | 'Name'>[]): Map<string, string> {
  return new Map(holidays.map((h) => [h.Date, h.Name]));
}
