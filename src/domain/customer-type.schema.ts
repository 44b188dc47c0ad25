import { z } from 'zod';
import { MINIMUM_CASES_MAX, minimumCasesMessage } from './order-minimum';
import { requiredText, wholeNumber } from './schema-fields';

/** Cutoff reminders (design.md 7.4): at most 3 days ahead of a cutoff; 0 turns them off. */
export const REMINDER_HOURS_MAX = 72;
export const reminderHoursMessage = `Reminder Hours must be a whole number from 0 to ${REMINDER_HOURS_MAX} (0 is off)`;

/** Standing orders (design.md 8.6): placed this many hours before each date's OrderBy. */
export const STANDING_ORDER_HOURS_MAX = 168;
export const standingOrderHoursMessage = `Standing Order Hours must be a whole number from 1 to ${STANDING_ORDER_HOURS_MAX}`;

/** Customer types and their ordering rules (lead time, daily cutoff), spec sections 3 and 5. */

/** The Lead Hours the edit screen offers (spec section 9: 24, 48, 72 and 96 Hours). */
export const LEAD_HOURS_OPTIONS = [24, 48, 72, 96] as const;
export type LeadHours = (typeof LEAD_HOURS_OPTIONS)[number];

/** The spec's defaults for a new type (section 9). */
export const customerTypeDefaults = { LeadHours: 24, CutoffHours: 16, CutoffMinutes: 0 } as const;

/** The pseudo type of the filters and of messages for every type (CustomerTypeId 0). */
export const ALL_CUSTOMER_TYPES = { Id: 0, Name: 'All Customer Types' } as const;

/** ERP customer type numbers. */
export const CUSTOMER_TYPE_ID_MAX = 9999;
export const CUSTOMER_TYPE_NAME_MAX = 100;

export const customerTypeMessages = {
  required: 'Customer Type required',
  unknown: (id: number) => `Customer Type ${id} does not exist`,
  id: `Customer Type Id must be a whole number from 1 to ${CUSTOMER_TYPE_ID_MAX}`,
  leadHours: 'Lead Hours must be 24, 48, 72 or 96 Hours',
  cutoffHours: 'Cutoff Hours must be from 0 to 23',
  cutoffMinutes: 'Cutoff Minutes must be from 0 to 59',
} as const;

/** The name a type has when the list of types does not know its Id. */
export function customerTypeName(id: number, name: string | null | undefined): string {
  if (id === ALL_CUSTOMER_TYPES.Id) return ALL_CUSTOMER_TYPES.Name;
  return name ?? `Customer Type ${id}`;
}

export const CustomerTypeListItemSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  LeadHours: z.number().int(),
  CutoffHours: z.number().int(),
  CutoffMinutes: z.number().int(),
  /**
   * The order minimum in cases in all (design.md 7.11); 0 is none. In the list too: the order
   * form reads its customer's type from it, to show the cases still missing.
   */
  MinimumCases: z.number().int(),
});
export type CustomerTypeListItem = z.infer<typeof CustomerTypeListItemSchema>;

export const CustomerTypeSchema = CustomerTypeListItemSchema.extend({
  /** Sanitized HTML; the edit screen clears it before saving (spec section 3). */
  Footer: z.string(),
  /** Cutoff reminders (design.md 7.4): hours before an OrderBy the reminder may go; 0 is off. */
  ReminderHours: z.number().int(),
  /** Standing orders (design.md 8.6): hours before a date's OrderBy its order is placed. */
  StandingOrderHours: z.number().int(),
});
export type CustomerType = z.infer<typeof CustomerTypeSchema>;

/**
 * POST /CustomerType. Ids are the ERP's customer type numbers: an Id that exists is
 * updated, a new Id creates that type, and 0 or absent creates the next free number.
 * Footer is accepted and always stored as '' (the spec clears it before saving).
 */
export const CustomerTypeSaveSchema = z.object({
  Id: z
    .number({ error: customerTypeMessages.id })
    .int(customerTypeMessages.id)
    .min(0, customerTypeMessages.id)
    .max(CUSTOMER_TYPE_ID_MAX, customerTypeMessages.id)
    .nullish()
    .transform((id) => id ?? 0),
  Name: requiredText('Customer Type Name', CUSTOMER_TYPE_NAME_MAX),
  LeadHours: z.literal(LEAD_HOURS_OPTIONS, { error: customerTypeMessages.leadHours }),
  CutoffHours: wholeNumber('Cutoff Hours', 0, 23, customerTypeMessages.cutoffHours),
  CutoffMinutes: wholeNumber('Cutoff Minutes', 0, 59, customerTypeMessages.cutoffMinutes),
  Footer: z
    .string()
    .nullish()
    .transform(() => ''),
  /** Absent or null keeps the stored value (0 for a new type), so older callers change nothing. */
  ReminderHours: wholeNumber('Reminder Hours', 0, REMINDER_HOURS_MAX, reminderHoursMessage).nullish(),
  /** Absent or null keeps the stored value (24 for a new type). */
  StandingOrderHours: wholeNumber(
    'Standing Order Hours',
    1,
    STANDING_ORDER_HOURS_MAX,
    standingOrderHoursMessage,
  ).nullish(),
  /** The order minimum (design.md 7.11); absent or null keeps the stored value (0 for a new type). */
  MinimumCases: wholeNumber('Minimum Cases', 0, MINIMUM_CASES_MAX, minimumCasesMessage).nullish(),
});
export type CustomerTypeSaveInput = z.input<typeof CustomerTypeSaveSchema>;
export type CustomerTypeSave = z.output<typeof CustomerTypeSaveSchema>;
