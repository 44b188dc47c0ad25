import { z } from 'zod';
import { isIsoDate } from './business-date';
import { endBeforeStartMessage, endsBeforeStart } from './schema-fields';

/** The audit trail (design.md 7.6, decision 040): who changed what, when, field by field. */

/** Rows per page of GET Audit, newest first. */
export const AUDIT_PAGE_SIZE = 50;

/** What the trail names a write's record; the screen's Entity filter offers these. */
export const AUDIT_ENTITIES = [
  'CustomerType',
  'Customer',
  'CustomerProduct',
  'Product',
  'Message',
  'Footer',
  'User',
  'Holiday',
  'CustomerReminders',
  'CustomerPars',
  'Import',
  'Regenerate',
  'Order',
  'Draft',
  'VenuePerson',
  'CustomerSubstitutions',
  'StandingOrder',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = ['Create', 'Update', 'Delete', 'Import', 'Regenerate'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A value before or after: what the API showed for the field (never a password or hash). */
const ChangeValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const AuditChangeSchema = z.object({
  Field: z.string(),
  Before: ChangeValueSchema,
  After: ChangeValueSchema,
});
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditEntrySchema = z.object({
  Id: z.number().int(),
  /** ISO 8601 instant. */
  At: z.string(),
  User: z.string(),
  Action: z.enum(AUDIT_ACTIONS),
  Entity: z.string(),
  EntityId: z.string(),
  Summary: z.string(),
  Changes: z.array(AuditChangeSchema),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  Entries: z.array(AuditEntrySchema),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Total: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

const optionalQueryDate = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isIsoDate(v), { message: `${label} must be a valid date (YYYY-MM-DD)` })
    .transform((v) => v || undefined);

const optionalQueryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/** GET Audit's filters, all optional: dates in the business time zone, both ends included. */
export const AuditQuerySchema = z
  .object({
    from: optionalQueryDate('From'),
    to: optionalQueryDate('To'),
    /** The admin's user name, any case, whole. */
    user: optionalQueryText(64),
    /** One of AUDIT_ENTITIES, any case. */
    entity: optionalQueryText(64),
    page: z
      .union([z.literal(''), z.coerce.number().int().min(1).max(100_000)], {
        error: 'Page must be a whole number from 1 to 100000',
      })
      .optional()
      .transform((v) => (v === '' || v === undefined ? 1 : v)),
  })
  .refine((f) => !endsBeforeStart(f.from, f.to), {
    message: endBeforeStartMessage.replace('End Date', 'To').replace('Start Date', 'From'),
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
