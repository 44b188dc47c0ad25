import { z } from 'zod';
import { isIsoDate } from './business-date';
import { endBeforeStartMessage, endsBeforeStart, INT_MAX } from './schema-fields';

/** Regenerate Orders (design.md 5.5): list web orders, write the chosen ones' export files again. */

/** One request may rewrite at most this many orders. */
export const MAX_REGENERATE_ORDERS = 1000;

export const regenerateMessages = {
  empty: 'Select at least one order',
  tooMany: `Select at most ${MAX_REGENERATE_ORDERS} orders at a time`,
  notWebOrders: (ids: number[]) =>
    `${ids.length === 1 ? 'Order' : 'Orders'} ${ids.join(', ')} cannot be regenerated: not found or not placed on this site`,
  cancelled: (orderNums: string[]) =>
    orderNums.length === 1
      ? `Order ${orderNums[0]} is cancelled: it has no export file to write again`
      : `Orders ${orderNums.join(', ')} are cancelled: they have no export files to write again`,
  writeFailed: (orderNums: string[]) =>
    `Order Regeneration Failure, Please see logs: the export file of ${orderNums.join(', ')} could not be written`,
} as const;

/** The body of POST RegenerateOrders: the chosen orders' Id values, `[12, 15]`. */
export const RegenerateOrdersBodySchema = z
  .array(z.number({ error: 'Order Ids must be whole numbers' }).int().positive().max(INT_MAX), {
    error: 'Send a list of order Ids, for example [12, 15]',
  })
  .min(1, regenerateMessages.empty)
  .max(MAX_REGENERATE_ORDERS, regenerateMessages.tooMany);

export const RegenerateOrdersResponseSchema = z.object({ Regenerated: z.number().int().nonnegative() });
export type RegenerateOrdersResponse = z.infer<typeof RegenerateOrdersResponseSchema>;

/** Rows the list answers at most (newest first); filters narrow it down. */
export const WEB_ORDER_LIST_MAX = 1000;

const optionalQueryDate = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isIsoDate(v), { message: `${label} must be a valid date (YYYY-MM-DD)` })
    .transform((v) => v || undefined);

const optionalQueryNumber = (label: string, max: number) =>
  z
    .union([z.literal(''), z.coerce.number().int().min(0).max(max)], {
      error: `${label} must be a whole number from 0 to ${max}`,
    })
    .optional()
    .transform((v) => (v === '' || v === 0 ? undefined : v));

/** GET Orders: the spec's order regeneration filters (section 5), all optional. */
export const WebOrderFilterSchema = z
  .object({
    CompanyId: optionalQueryNumber('Company Id', 9999),
    /** 0 or absent: all customer types. */
    CustomerTypeId: optionalQueryNumber('Customer Type', 9999),
    /** Part of the Web Conf # or of the Reference PO, any case (decision 029). */
    OrderNum: z
      .string()
      .trim()
      .max(64)
      .optional()
      .transform((v) => v?.toUpperCase() || undefined),
    /** Created on or after this date (business time zone). */
    StartDate: optionalQueryDate('Start Date'),
    /** Created on or before this date (business time zone). */
    EndDate: optionalQueryDate('End Date'),
    /** 'true': only the orders whose export file was never written (ExportedAt null). */
    NotExported: z
      .union([z.literal(''), z.stringbool()], { error: 'NotExported must be true or false' })
      .optional()
      .transform((v) => v === true || undefined),
  })
  .refine((f) => !endsBeforeStart(f.StartDate, f.EndDate), {
    message: endBeforeStartMessage,
    path: ['EndDate'],
  });
export type WebOrderFilter = z.infer<typeof WebOrderFilterSchema>;

export const WebOrderListItemSchema = z.object({
  Id: z.number().int(),
  OrderNum: z.string(),
  CompanyId: z.number().int(),
  CustomerName: z.string(),
  CustomerTypeId: z.number().int(),
  /** ISO 8601 instant. */
  CreateDate: z.string(),
  DeliveryDate: z.string(),
  Name: z.string(),
  ReferencePO: z.string(),
  /** When the export file was last written; null when the ERP has not got it. */
  ExportedAt: z.string().nullable(),
  /** When the confirmation mail last went out; null while it is still owed (decision 016). */
  MailedAt: z.string().nullable(),
  /** The staff user who entered the order for the customer (design.md 7.5); null when the customer did. */
  EnteredBy: z.string().nullable(),
  /** Who placed it (design.md 8.2): `Shared sign-in`, or the staff user's name for a staff order. */
  PlacedBy: z.string().nullable(),
  /** OrderStatus (enums.ts); 3 is Cancelled (design.md 7.10): its file is never written again. */
  Status: z.number().int(),
});
export type WebOrderListItem = z.infer<typeof WebOrderListItemSchema>;

/** One request may resend at most this many confirmations (each is one SMTP exchange). */
export const MAX_RESEND_ORDERS = 100;

export const resendMessages = {
  empty: 'Select at least one order',
  tooMany: `Select at most ${MAX_RESEND_ORDERS} orders at a time`,
  notWebOrders: (ids: number[]) =>
    `${ids.length === 1 ? 'Order' : 'Orders'} ${ids.join(', ')} cannot be mailed: not found or not placed on this site`,
  underWay: 'Another server is sending this confirmation right now',
  refused: (answer: string) => `The mail server refused it: ${answer.slice(0, 200)}`,
  unreachable: 'The mail server could not be reached, please see logs',
} as const;

/** POST ResendOrderMails: `{ Ids: [12, 15] }`. */
export const ResendOrderMailsBodySchema = z.object(
  {
    Ids: z
      .array(z.number({ error: 'Order Ids must be whole numbers' }).int().positive().max(INT_MAX), {
        error: 'Ids must be a list of order Ids, for example [12, 15]',
      })
      .min(1, resendMessages.empty)
      .max(MAX_RESEND_ORDERS, resendMessages.tooMany),
  },
  { error: 'Send { "Ids": [12, 15] }' },
);
export type ResendOrderMailsBody = z.infer<typeof ResendOrderMailsBodySchema>;

export const ResendOrderMailsResponseSchema = z.object({
  Sent: z.number().int().nonnegative(),
  Failed: z.number().int().nonnegative(),
  Results: z.array(
    z.object({
      Id: z.number().int(),
      OrderNum: z.string(),
      Sent: z.boolean(),
      /** Why it was not sent; null when it was. */
      ErrorMessage: z.string().nullable(),
    }),
  ),
});
export type ResendOrderMailsResponse = z.infer<typeof ResendOrderMailsResponseSchema>;
