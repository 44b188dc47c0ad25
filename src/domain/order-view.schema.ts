import { z } from 'zod';
import { AvailabilitySchema, SubstitutionSchema } from './availability';
import { DeliveredLineSchema } from './delivered';
import { idField } from './schema-fields';

/** The answers of the order calls (spec section 3: customer order, order list, worksheet). */

export const OrderSaveResponseSchema = z.object({
  IsSuccessful: z.boolean(),
  OrderNum: z.string().nullable(),
  ErrorMessage: z.string().nullable(),
  Errors: z.array(z.object({ Field: z.string(), Message: z.string() })).optional(),
  /**
   * With 'Delivery Date violates Lead Time': the first date the customer can pick now (the
   * cutoff may have passed while they were on the preview), so the form can offer to move to it.
   */
  EarliestDeliveryDate: z.string().optional(),
});
export type OrderSaveResponse = z.infer<typeof OrderSaveResponseSchema>;

export const OrderProductSchema = z.object({
  Code: z.string(),
  Description: z.string(),
  UnitsPerCase: z.number().int(),
  IsCaseOnly: z.boolean(),
  CaseQuantity: z.number().int(),
  UnitQuantity: z.number().int(),
  /** The list shape's names for the same quantities. */
  Cases: z.number().int(),
  Units: z.number().int(),
  TotalUnits: z.number().int(),
  /** What the customer said may be sent instead if it is out (design.md 8.3). */
  Substitution: SubstitutionSchema,
  /** True on a return (a credit in the ERP's order history file, issue 43); absent on any other line. */
  IsReturn: z.literal(true).optional(),
  /**
   * The product the last availability file suggests instead of this one (design.md 8.3), null
   * when it names none; given in GET Order/{id} only with the order's delivered or confirmed
   * lines, where the detail names what was sent instead (`nameSubstitutes`, decision 071).
   */
  SubstituteCode: z.string().nullable().optional(),
  /**
   * In GET Order/{id} (design.md 8.4, decision 075): what a case costs on this line, its break
   * reached, by the posted prices of the order's delivery date, in whole cents; null with no
   * posted price ("Price on invoice").
   */
  CasePrice: z.number().int().nullable().optional(),
  /** In GET Order/{id}: its cases and units at their prices, deposits aside, in cents; null when not priced. */
  LineTotal: z.number().int().nullable().optional(),
});
export type OrderProduct = z.infer<typeof OrderProductSchema>;

export const OrderSummarySchema = z.object({
  Id: z.number().int(),
  CustomerId: z.number().int(),
  CompanyId: z.number().int(),
  OrderNum: z.string(),
  OrderType: z.string(),
  /** True for orders placed on this site, false for the ERP's imported history. */
  IsWebOrder: z.boolean(),
  CreateDate: z.string(),
  DeliveryDate: z.string(),
  Name: z.string(),
  Phone: z.string(),
  Email: z.string(),
  ReferencePO: z.string(),
  Status: z.number().int(),
  /** The staff user who entered the order for the customer (design.md 7.5); null when the customer did. */
  EnteredBy: z.string().nullable(),
  /**
   * Who placed it (design.md 8.2): `Shared sign-in` for the customer's shared sign-in, the staff
   * user's name for a staff order (EnteredBy); null for the ERP's imported history.
   */
  PlacedBy: z.string().nullable(),
  /** The standing order that placed it (design.md 8.6); null for every other order. */
  StandingOrderId: z.number().int().nullable(),
  ProductCount: z.number().int(),
  TotalCases: z.number().int(),
  /** True when every line of the order is a return (a credit the ERP's file gave, issue 43). */
  IsReturn: z.boolean().optional(),
  /**
   * How many lines the ERP delivered otherwise than ordered (design.md 7.12, `compareDelivered`
   * in delivered.ts); null until an order history file lists the order (and for imported orders).
   */
  DeliveryDifferences: z.number().int().nullable(),
  /**
   * The priced lines at the posted prices of the delivery date, with their deposits, in whole
   * cents (design.md 8.4, `estimateOrder`): an estimate, the invoice is final; null when no line
   * has a price.
   */
  EstimatedTotal: z.number().int().nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderDetailSchema = OrderSummarySchema.extend({
  CompanyName: z.string(),
  /**
   * The customer's payment terms (design.md 8.4: `COD`, `EFT` or `NET{n}`), as they stand now,
   * shown with the estimate; null when the distributor gave none.
   */
  PaymentTerms: z.string().nullable(),
  Products: z.array(OrderProductSchema),
  /**
   * What the ERP's order history file lists for this web order once its delivery date has come;
   * null until then, and until a file lists it.
   */
  Delivered: z.array(DeliveredLineSchema).nullable(),
  /**
   * What a file lists for it before its delivery date: the distributor's confirmation, not a
   * delivery (issue 33); null once the date has come, and until a file lists it.
   */
  Confirmed: z.array(DeliveredLineSchema).nullable(),
  /** When the order was last changed or cancelled (design.md 7.10); null if never. */
  ChangedAt: z.string().nullable(),
  /** Until when (ISO 8601, its OrderBy) the caller may still change or cancel it; null once they may not. */
  ChangeableUntil: z.string().nullable(),
  /**
   * The holiday's name when staff made the order's delivery date a holiday after it was placed
   * (issue 33): nothing is delivered that day, and the customer is told so; null otherwise.
   */
  DeliveryHoliday: z.string().nullable(),
  /** The deposits in `EstimatedTotal`, in cents. */
  EstimatedDeposits: z.number().int(),
  /** Lines the estimate leaves out: no posted price, or units with no unit price ("Price on invoice"). */
  UnpricedLines: z.number().int(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderListSchema = z.object({
  DeliveryDates: z.array(z.string()),
  Orders: z.array(OrderSummarySchema),
});
export type OrderList = z.infer<typeof OrderListSchema>;

/** An order loaded into the form for re-ordering: the delivery date is cleared. */
export const CopiedOrderSchema = OrderDetailSchema.extend({ DeliveryDate: z.null() });
export type CopiedOrder = z.infer<typeof CopiedOrderSchema>;

// Ids are PostgreSQL integers: a larger number would fail in the database as a 500.
export const CopyOrderRequestSchema = z.object({
  OrderId: idField('Order'),
  CustomerId: idField('Customer').optional(),
});

export const WorksheetRowSchema = z.object({
  Code: z.string(),
  Description: z.string(),
  UnitsPerCase: z.number().int(),
  IsCaseOnly: z.boolean(),
  /**
   * False for a product the customer may no longer order (its link ended, it was made
   * inactive) that the sheet shows only for its cases in the past delivery dates.
   */
  IsOffered: z.boolean(),
  /** Cases ordered for each of the worksheet's delivery dates; a date with none is absent. */
  Products: z.record(z.string(), z.number().int()),
  /** The customer's saved par for the product (design.md 7.1), or null. */
  Par: z.number().int().nullable(),
  /** Its stock as the last availability file gave it, or null (design.md 8.3; null when not offered). */
  Availability: AvailabilitySchema.nullable(),
  /** The customer's substitution preference for it. */
  Substitution: SubstitutionSchema,
  /**
   * The spec's list shape (section 3): the sheet's editable Cases and the units they make. The
   * server has none to give (counts are typed on the sheet, never stored): null.
   */
  Cases: z.number().int().nullable(),
  Units: z.number().int().nullable(),
});
export type WorksheetRow = z.infer<typeof WorksheetRowSchema>;

export const WorksheetSchema = z.object({
  CustomerId: z.number().int(),
  CompanyId: z.number().int(),
  CompanyName: z.string(),
  /** Today in the business time zone, 'YYYY-MM-DD'. */
  Today: z.string(),
  /** Up to 5 delivery dates before today, oldest first. */
  DeliveryDates: z.array(z.string()),
  /** When the last availability file was applied, or null (design.md 8.3). */
  StockAsOf: z.string().nullable(),
  Orders: z.array(WorksheetRowSchema),
});
export type Worksheet = z.infer<typeof WorksheetSchema>;

/** The worksheet keeps at most this many past delivery dates (spec section 9). */
export const WORKSHEET_DATES = 5;
