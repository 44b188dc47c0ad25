import { z } from 'zod';
import { businessToday, isIsoDate } from './business-date';
import {
  type DeliveryDateContext,
  deliveryDateError,
  deliveryDateMessages,
  earliestDeliveryDate,
  type HolidayLookup,
} from './delivery-date';
import { normalizeOrderLines, normalizeQuantity, totalUnits } from './order-lines';
import { minimumCasesError } from './order-minimum';
import { normalizePhone } from './phone';
import { staffOrderFields, staffOrderMessages } from './staff-order';

/**
 * The order a customer sends (POST /api/v1/Order), as one set of zod schemas for the
 * Fastify route, the order form and the types, plus `validateOrder`, which applies every
 * rule of spec sections 5 and 9 on the server.
 */

export const NAME_MAX = 100;
export const EMAIL_MIN = 6;
export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;
export const REFERENCE_PO_MAX = 20;
export const PRODUCT_CODE_MAX = 64;
/** Far above any real order line, far below the database's integer limit even times units per case. */
export const MAX_QUANTITY = 99_999;
export const MAX_ORDER_LINES = 1000;

/** Customer types 6 and 7 are reference customers: they give a Reference PO (spec section 9). */
const REFERENCE_CUSTOMER_TYPES: ReadonlySet<number> = new Set([6, 7]);
export function isReferenceCustomerType(customerTypeId: number): boolean {
  return REFERENCE_CUSTOMER_TYPES.has(customerTypeId);
}

// The spec's message templates (section 5), so that a field the spec does not list reads the same.
export const requiredMessage = (field: string) => `${field} is required`;
export const invalidMessage = (field: string) => `Invalid ${field}`;
export const validNumberMessage = (field: string) => `Valid ${field} number is required`;
export const maxLengthMessage = (field: string, max: number) =>
  `Length of ${field} must be less than or equal to ${max}`;

export const messages = {
  deliveryDateRequired: deliveryDateMessages.required,
  deliveryDateLeadTime: deliveryDateMessages.leadTime,
  deliveryDateFormat: deliveryDateMessages.format,
  nameRequired: requiredMessage('Name'),
  nameTooLong: maxLengthMessage('Name', NAME_MAX),
  phoneInvalid: validNumberMessage('Phone'),
  emailRequired: requiredMessage('Email'),
  emailInvalid: invalidMessage('Email'),
  referencePoRequired: requiredMessage('Reference PO'),
  referencePoTooLong: maxLengthMessage('Reference PO', REFERENCE_PO_MAX),
  referencePoInvalid: invalidMessage('Reference PO'),
  productCodeRequired: requiredMessage('Product Code'),
  productCodeTooLong: maxLengthMessage('Product Code', PRODUCT_CODE_MAX),
  quantityInvalid: 'Quantity must be a number',
  quantityNotWhole: 'Quantity must be a whole number',
  quantityTooLarge: `Quantity must be less than or equal to ${MAX_QUANTITY}`,
  linesInvalid: 'ProductQuantities must be a list of products',
  tooManyLines: `An order can list at most ${MAX_ORDER_LINES} products`,
  orderInvalid: 'The order must be an object with DeliveryDate, Name, Phone, Email and ProductQuantities',
  noProducts: 'Order must contain at least one product with a quantity',
  unknownProduct: (code: string) => `Product ${code} is not available to order`,
  duplicateProduct: (code: string) => `Product ${code} is listed more than once`,
} as const;

/** Attaches a rule written as a plain function (message or null), so each field reports one message. */
function withRule<T extends z.ZodType>(schema: T, rule: (value: z.output<T>) => string | null): T {
  return schema.superRefine((value, ctx) => {
    const message = rule(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
}

/** 'Email is required' when empty, else 'Invalid Email' unless it is a well-formed address of 6-254 characters. */
export function emailError(email: string): string | null {
  if (email === '') return messages.emailRequired;
  const localLength = email.lastIndexOf('@');
  const wellFormed =
    email.length >= EMAIL_MIN &&
    email.length <= EMAIL_MAX &&
    localLength >= 1 &&
    localLength <= EMAIL_LOCAL_MAX &&
    z.regexes.email.test(email);
  return wellFormed ? null : messages.emailInvalid;
}

const DeliveryDateField = z.string({ error: messages.deliveryDateRequired }).trim();

const ReferencePoField = z
  .string({ error: messages.referencePoInvalid })
  .trim()
  .max(REFERENCE_PO_MAX, messages.referencePoTooLong)
  .nullish()
  .transform((po) => po || null);

/**
 * Quantities arrive as numbers or form text; negatives become 0 (spec section 5). A fraction is
 * refused, never cut or read another way: "2.5" cases is a mistake the customer must see.
 */
const QuantityField = z.coerce
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
  const key = `${ctx.earliest}|${ctx.customerTypeId}|${ctx.overrideLeadTime === true}|${holidays}`;
  let schema = schemaCache.get(key);
  if (!schema) {
    // A day's earliest dates times the customer types: a handful. The bound only guards
    // against a long-running process collecting one entry per day forever.
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
    // The reason goes with the override (design.md 7.5); without it a reason sent is dropped.
    OverrideReason: staffOrderFields.OverrideReason.transform((reason, check): string | null => {
      if (!ctx.overrideLeadTime) return null;
      if (reason === null) check.addIssue({ code: 'custom', message: staffOrderMessages.reasonRequired });
      return reason;
    }),
  });
}

export interface CustomerTypeRules {
  Id: number;
  LeadHours: number;
  CutoffHours: number;
  CutoffMinutes: number;
  /** The order minimum in cases in all (design.md 7.11); 0 or absent is none. */
  MinimumCases?: number;
}

export interface OrderRulesContext {
  now: Date;
  /** The business time zone (BUSINESS_TZ). */
  tz: string;
  customerType: CustomerTypeRules;
  /** Days without deliveries (design.md 7.2); POST Order reads the requested date's only. */
  holidays?: HolidayLookup;
  /**
   * Staff accept a date inside the lead time (design.md 7.5): the earliest date is today, and
   * Sundays, holidays and type-1 Saturdays stay refused. The same override, with the same
   * reason, lets the order go below the type's minimum (design.md 7.11, decision 050). Never
   * set for a customer's own order.
   */
  overrideLeadTime?: boolean;
}

/** What the date picker and `orderInputSchemaFor` need for the signed-in customer at `now`. */
export function deliveryDateContext({
  now,
  tz,
  customerType,
  holidays,
  overrideLeadTime,
}: OrderRulesContext): DeliveryDateContext {
  const earliest = overrideLeadTime
    ? businessToday(now, tz)
    : earliestDeliveryDate({
        now,
        tz,
        leadHours: customerType.LeadHours,
        cutoffHours: customerType.CutoffHours,
        cutoffMinutes: customerType.CutoffMinutes,
      });
  return {
    earliest,
    customerTypeId: customerType.Id,
    ...(holidays ? { holidays } : {}),
    ...(overrideLeadTime ? { overrideLeadTime: true } : {}),
  };
}

export interface OrderableProduct {
  UnitsPerCase: number;
  IsCaseOnly: boolean;
}

export interface ValidateOrderContext extends OrderRulesContext {
  /** The products this customer may order, by Code. */
  products: ReadonlyMap<string, OrderableProduct>;
}

export interface ValidOrderLine extends OrderLine, OrderableProduct {
  TotalUnits: number;
}

export type ValidOrder = Omit<z.output<ReturnType<typeof orderInputSchemaFor>>, 'ProductQuantities'> & {
  ProductQuantities: ValidOrderLine[];
};

export interface FieldError {
  Field: string;
  Message: string;
}

export type ValidateOrderResult =
  | { ok: true; order: ValidOrder }
  | { ok: false; errors: FieldError[]; message: string };

function failure(errors: FieldError[]): ValidateOrderResult {
  return { ok: false, errors, message: errors[0]?.Message ?? messages.orderInvalid };
}

/**
 * Every rule for a submitted order, in the form's order: fields first, then products, then
 * the type's minimum (design.md 7.11; staff's override goes below it, decision 050).
 * Lines with no quantity are skipped before the product checks, so a stale line for a
 * product no longer offered does not block an order that does not ask for it.
 */
export function validateOrder(input: unknown, ctx: ValidateOrderContext): ValidateOrderResult {
  const parsed = orderInputSchemaFor(deliveryDateContext(ctx)).safeParse(input);
  if (!parsed.success) {
    return failure(
      parsed.error.issues.map((issue) => ({ Field: issue.path.join('.'), Message: issue.message })),
    );
  }
  const { ProductQuantities, ...header } = parsed.data;
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const lines: (OrderLine & OrderableProduct)[] = [];
  ProductQuantities.forEach((line, index) => {
    if (line.CaseQuantity === 0 && line.UnitQuantity === 0) return;
    const product = ctx.products.get(line.Code);
    const Field = `ProductQuantities.${index}.Code`;
    if (seen.has(line.Code)) errors.push({ Field, Message: messages.duplicateProduct(line.Code) });
    else if (!product) errors.push({ Field, Message: messages.unknownProduct(line.Code) });
    else lines.push({ ...line, UnitsPerCase: product.UnitsPerCase, IsCaseOnly: product.IsCaseOnly });
    seen.add(line.Code);
  });
  if (errors.length > 0) return failure(errors);

  const kept = normalizeOrderLines(lines);
  if (kept.length === 0) return failure([{ Field: 'ProductQuantities', Message: messages.noProducts }]);
  const belowMinimum = ctx.overrideLeadTime
    ? null
    : minimumCasesError(kept, ctx.customerType.MinimumCases ?? 0);
  if (belowMinimum) return failure([{ Field: 'ProductQuantities', Message: belowMinimum }]);
  const withTotals = kept.map((line) => ({
    ...line,
    TotalUnits: totalUnits({
      unitsPerCase: line.UnitsPerCase,
      caseQuantity: line.CaseQuantity,
      unitQuantity: line.UnitQuantity,
      isCaseOnly: line.IsCaseOnly,
    }),
  }));
  return { ok: true, order: { ...header, ProductQuantities: withTotals } };
}
