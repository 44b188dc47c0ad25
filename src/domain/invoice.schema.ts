import { z } from 'zod';
import { INVOICE_FLAGS } from './invoice-check';

/**
 * Invoices in the API (design.md 8.4, decision 076). Money is whole cents, as everywhere; the
 * check's findings are the ones stored when the invoices file was imported.
 */
export const InvoiceFlagSchema = z.enum(INVOICE_FLAGS);

export const InvoiceSummarySchema = z.object({
  Id: z.number().int(),
  InvoiceNum: z.string(),
  /** The order it is for: its Web Conf # or the ERP's order number, and its Id. */
  OrderNum: z.string(),
  OrderId: z.number().int(),
  InvoiceDate: z.string(),
  DueDate: z.string(),
  /** Lines' goods and deposits and the fees, in cents. */
  Total: z.number().int(),
  Paid: z.boolean(),
  /** The flags the check raised on its lines and fees. */
  FlagCount: z.number().int(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

export const InvoiceLineSchema = z.object({
  Code: z.string(),
  /** The product's description; the code alone when the item list no longer has it. */
  Description: z.string(),
  /** What the invoice charges: 0 and 0 for an ordered product it leaves out. */
  Cases: z.number().int(),
  Units: z.number().int(),
  /** The invoice's case price, in cents; null for an ordered product it leaves out. */
  CasePrice: z.number().int().nullable(),
  /** The posted case price for those cases on the order's delivery date; null when none was posted. */
  PostedCasePrice: z.number().int().nullable(),
  /** Per case, in cents. */
  Deposit: z.number().int(),
  /** The goods at the invoice's case price, deposits aside, in cents. */
  Amount: z.number().int(),
  /** What the order asked for. */
  OrderedCases: z.number().int(),
  OrderedUnits: z.number().int(),
  Flags: z.array(InvoiceFlagSchema),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const InvoiceFeeSchema = z.object({
  Description: z.string(),
  Amount: z.number().int(),
  Flags: z.array(InvoiceFlagSchema),
});

export const InvoiceDetailSchema = InvoiceSummarySchema.extend({
  CustomerId: z.number().int(),
  /** The order's delivery date: the day the posted prices are read for. */
  DeliveryDate: z.string(),
  Lines: z.array(InvoiceLineSchema),
  Fees: z.array(InvoiceFeeSchema),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;
