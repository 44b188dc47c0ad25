import { z } from 'zod';
import { AvailabilitySchema, SubstitutionSchema } from './availability';
import { isIsoDate } from './business-date';
import { productPriceFields } from './prices.schema';

/**
 * The order guide and pars (design.md 7.1, issue 19): what a customer usually orders, to start
 * an order from "same as last time" or from a count of what is on hand.
 */

/** A par is a whole number of cases from 0 to 9999; null forgets it. */
export const PAR_MAX = 9999;
/** At most this many pars in one save: more than any customer's orderable products. */
export const PARS_PER_SAVE_MAX = 5000;

export const parMessage = `Par must be a whole number from 0 to ${PAR_MAX}`;

export const ParSchema = z.object({
  Code: z.string({ error: 'Code is required' }).trim().min(1, 'Code is required').max(50),
  Par: z.number({ error: parMessage }).int(parMessage).min(0, parMessage).max(PAR_MAX, parMessage).nullable(),
});
export type Par = z.infer<typeof ParSchema>;

/** The body of `PUT Customer/{id}/Pars`: the pars to set (a number) or forget (null). */
export const ParsSaveSchema = z
  .array(ParSchema)
  .max(PARS_PER_SAVE_MAX, `At most ${PARS_PER_SAVE_MAX} pars at once`);
export type ParsSave = z.infer<typeof ParsSaveSchema>;

/** The answer of `PUT Customer/{id}/Pars`: every par the customer has saved, by code. */
export const SavedParsSchema = z.array(z.object({ Code: z.string(), Par: z.number().int() }));
export type SavedPars = z.infer<typeof SavedParsSchema>;

export const OrderGuideProductSchema = z.object({
  Code: z.string(),
  Description: z.string(),
  UnitsPerCase: z.number().int(),
  CaseOnly: z.boolean(),
  /** Its stock as the last availability file gave it; null when the file never named it (8.3). */
  Availability: AvailabilitySchema.nullable(),
  /** The customer's substitution preference for it (`Allow` unless they set another). */
  Substitution: SubstitutionSchema,
  /** Its price on the guide's delivery date (design.md 8.4), in cents; null prices when none. */
  ...productPriceFields,
  /** Cases per date of the guide's `DeliveryDates`; a date with none is absent. */
  History: z.record(z.string(), z.number().int()),
  /** In how many of the customer's last 8 delivery dates before today the product appears. */
  TimesOrdered: z.number().int(),
  /** Cases delivered in the 56 days before today, divided by 8. */
  AverageWeeklyCases: z.number(),
  /** Saved by the customer, or null. */
  Par: z.number().int().nullable(),
  /** Twice the weekly average, rounded up; 0 when never ordered. */
  SuggestedPar: z.number().int(),
});
export type OrderGuideProduct = z.infer<typeof OrderGuideProductSchema>;

export const OrderGuideSchema = z.object({
  /** The 5 most recent delivery dates before today, oldest first (as the worksheet). */
  DeliveryDates: z.array(z.string()),
  /** When the last availability file was applied ("stock as of 10:40 AM"), or null (8.3). */
  StockAsOf: z.string().nullable(),
  /**
   * The products the customer may order that have a figure (cases in History, TimesOrdered or
   * AverageWeeklyCases above 0, or a saved Par), most ordered first, then by description. A
   * product the customer may order that is not listed has none of them: no history, no par,
   * a suggestion of 0 (decision 046; design.md 7.1 lists every product).
   */
  Products: z.array(OrderGuideProductSchema),
});
export type OrderGuide = z.infer<typeof OrderGuideSchema>;

const dateMessage = 'date must be a valid date (YYYY-MM-DD)';

/**
 * The query of `GET Customer/{id}/OrderGuide`: `date` is the delivery date being ordered for,
 * which decides the products offered (their links' dates); today's business date without it.
 * The figures always count back from today.
 */
export const OrderGuideQuerySchema = z.object({
  date: z.string({ error: dateMessage }).refine(isIsoDate, dateMessage).optional(),
});
export type OrderGuideQuery = z.infer<typeof OrderGuideQuerySchema>;
