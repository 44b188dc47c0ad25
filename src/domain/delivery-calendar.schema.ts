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
