import { z } from 'zod';
import { SubstitutionSchema } from './availability';
import { isIsoDate } from './business-date';
import { type DeliveryDateContext, deliveryDateError } from './delivery-date';
import { licenseMessages } from './license';
import {
  emailError,
  isReferenceCustomerType,
  MAX_ORDER_LINES,
  MAX_QUANTITY,
  messages,
  NAME_MAX,
  PRODUCT_CODE_MAX,
  REFERENCE_PO_MAX,
} from './order-fields';
import { normalizeQuantity } from './order-lines';
import { normalizePhone } from './phone';
import { staffOrderFields, staffOrderMessages } from './staff-order';

/**
 * The order a customer sends (POST /api/v1/Order) as zod schemas for the Fastify route, the
 * order form and the types: the body every customer sends, and `orderInputSchemaFor` with the
 * signed-in customer's rules.
 */

/** Attaches a rule written as a plain function (message or null), so each field reports one message. */
function withRule<T extends z.ZodType>(schema: T, rule: (value: z.output<T>) => string | null): T {
  return schema.superRefine((value, ctx) => {
    const message = rule(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
}

const DeliveryDateField = z.string({ error: messages.deliveryDateRequired }).trim();

const ReferencePoField = z
  .string({ error: messages.referencePoInvalid })
  .trim()
  .max(REFERENCE_PO_MAX, messages.referencePoTooLong)
  .nullish()
  .transform((po) => po || null);

/**
 * Quantities are JSON numbers: text is refused, never read as a number ("1e3" would be 1,000
 * cases; issue 32), as the form refuses it. Negatives become 0 (spec section 5). A fraction is
 * refused, never cut or read another way: 2.5 cases is a mistake the customer must see.
 */
const QuantityField = z
  .number({ error: messages.quantityInvalid })
  .max(MAX_QUANTITY, messages.quantityTooLarge)
  .refine((n) => Number.isInteger(n) || n < 0, messages.quantityNotWhole)
  .transform(normalizeQuantity)
  .default(0);

export const OrderLineInputSchema = z.object({
  Code: z
    .string({ error: messages.productCodeRequired })
    .trim()
    .min(1, messages.productCodeRequired)
    .max(PRODUCT_CODE_MAX, messages.productCodeTooLong),
  CaseQuantity: QuantityField,
  UnitQuantity: QuantityField,
  /** What may be sent instead if it is out (design.md 8.3); the customer's preference without it. */
  Substitution: SubstitutionSchema.optional(),
});
export type OrderLineInput = z.input<typeof OrderLineInputSchema>;

/**
 * The product codes a submitted body asks for, as the schema reads them (trimmed), before it
 * is validated: the server looks up only these products. Whatever is not a code is left to
 * the schema to refuse.
 */
export function requestedCodes(input: unknown): string[] {
  const lines = (input as { ProductQuantities?: unknown } | null)?.ProductQuantities;
  if (!Array.isArray(lines)) return [];
  const codes = new Set<string>();
  for (const line of lines.slice(0, MAX_ORDER_LINES)) {
    const code = (line as { Code?: unknown } | null)?.Code;
    if (typeof code === 'string' && code.trim()) codes.add(code.trim());
  }
  return [...codes];
}
export type OrderLine = z.output<typeof OrderLineInputSchema>;

/**
 * The order body, with the rules that hold for every customer. The rules that depend on
 * the customer and the clock (lead time, Reference PO) are added by `orderInputSchemaFor`.
 */
export const OrderInputSchema = z.object(
  {
    DeliveryDate: withRule(DeliveryDateField, (date) =>
      date === '' ? messages.deliveryDateRequired : isIsoDate(date) ? null : messages.deliveryDateFormat,
    ),
    Name: z
      .string({ error: messages.nameRequired })
      .trim()
      .min(1, messages.nameRequired)
      .max(NAME_MAX, messages.nameTooLong),
    // Stored unmasked (spec section 3): '(312) 555-0142' is kept as '3125550142'.
    Phone: z.string({ error: messages.phoneInvalid }).transform((phone, ctx) => {
      const digits = normalizePhone(phone);
      if (digits === null) ctx.addIssue({ code: 'custom', message: messages.phoneInvalid });
      return digits ?? z.NEVER;
    }),
    Email: withRule(z.string({ error: messages.emailRequired }).trim(), emailError),
    ReferencePO: ReferencePoField,
    ProductQuantities: z
      .array(OrderLineInputSchema, { error: messages.linesInvalid })
      .max(MAX_ORDER_LINES, messages.tooManyLines)
      .default([]),
    // Staff orders for a customer (design.md 7.5): absent from a customer's own order.
    ...staffOrderFields,
    // The SavedAt of the draft the order is sent from (decision 061): it is placed only if that
    // draft is still as it was, so a second tab sending the same draft is refused (409).
    BaseSavedAt: z.iso.datetime().nullable().optional(),
  },
  { error: messages.orderInvalid },
);
export type OrderInput = z.input<typeof OrderInputSchema>;

/**
 * The order body with the signed-in customer's rules: the delivery date must be selectable
 * from `earliest`, and reference customers must give a Reference PO. Other customers'
 * Reference PO is dropped: the form never shows them the field (spec section 2).
 */
export function orderInputSchemaFor(ctx: DeliveryDateContext) {
  // The holidays are part of the rule: the server's context holds the requested date's only
  // (0 or 1), the form's the months it shows.
  const holidays = ctx.holidays ? [...ctx.holidays].map(([date, name]) => `${date}=${name}`).join(',') : '';
  const key = `${ctx.earliest}|${ctx.customerTypeId}|${ctx.overrideLeadTime === true}|${holidays}|${ctx.licenseExpires ?? ''}|${ctx.overrideLicense === true}`;
  let schema = schemaCache.get(key);
  if (!schema) {
    // A day's earliest dates times the customer types (and the license expiry dates of those
    // who order: a schema built again costs about 0.05 ms more). The bound only guards against
    // a long-running process collecting entries forever; a full cache starts again.
    if (schemaCache.size >= SCHEMA_CACHE_MAX) schemaCache.clear();
    schema = buildOrderInputSchema(ctx);
    schemaCache.set(key, schema);
  }
  return schema;
}

/**
 * Building the schema costs more than using it (zod compiles each object schema on first
 * use), so the server keeps one per earliest date and customer type instead of one per order.
 */
const schemaCache = new Map<string, ReturnType<typeof buildOrderInputSchema>>();
const SCHEMA_CACHE_MAX = 256;

function buildOrderInputSchema(ctx: DeliveryDateContext) {
  return OrderInputSchema.extend({
    DeliveryDate: withRule(DeliveryDateField, (date) => deliveryDateError(date, ctx)),
    ReferencePO: ReferencePoField.transform((po, check): string | null => {
      if (!isReferenceCustomerType(ctx.customerTypeId)) return null;
      if (po === null) check.addIssue({ code: 'custom', message: messages.referencePoRequired });
      return po;
    }),
    // The reason goes with an override (design.md 7.5, 8.2); without one a reason sent is dropped.
    OverrideReason: staffOrderFields.OverrideReason.transform((reason, check): string | null => {
      if (!ctx.overrideLeadTime && !ctx.overrideLicense) return null;
      if (reason === null) {
        const message = ctx.overrideLeadTime
          ? staffOrderMessages.reasonRequired
          : licenseMessages.reasonRequired;
        check.addIssue({ code: 'custom', message });
      }
      return reason;
    }),
  });
}
