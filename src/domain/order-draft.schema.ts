import { z } from 'zod';
import { SubstitutionSchema } from './availability';
import { EMAIL_MAX, MAX_ORDER_LINES, NAME_MAX, PRODUCT_CODE_MAX, REFERENCE_PO_MAX } from './order.schema';

/**
 * Drafts (design.md 7.3, issue 20): one unsent order per customer, kept by the server so it
 * survives a reload, a lost connection or a change of device. A draft is an order being
 * typed, so it is checked for its shape only: every field may be empty or half-typed (a
 * quantity still reading "1." is kept as text), and the rules of `POST Order` apply when it
 * is sent. At most DRAFT_MAX_BYTES of JSON.
 */
export const DRAFT_MAX_BYTES = 64 * 1024;

/** A quantity as the form holds it: a number, or the text typed so far (at most 12 characters). */
const DraftQuantity = z.union([z.number(), z.string().max(12)]).optional();

export const OrderDraftLineSchema = z.object({
  Code: z.string().max(PRODUCT_CODE_MAX),
  CaseQuantity: DraftQuantity,
  UnitQuantity: DraftQuantity,
  /** This order's choice if the product is out (design.md 8.3); absent: the customer's preference. */
  Substitution: SubstitutionSchema.optional(),
});

/** The body of `PUT Customer/{id}/Draft`: `POST Order`'s fields, each optional. */
export const OrderDraftSchema = z.object({
  DeliveryDate: z.string().max(10).optional(),
  Name: z.string().max(NAME_MAX).optional(),
  Phone: z.string().max(40).optional(),
  Email: z.string().max(EMAIL_MAX).optional(),
  ReferencePO: z.string().max(REFERENCE_PO_MAX).optional(),
  ProductQuantities: z.array(OrderDraftLineSchema).max(MAX_ORDER_LINES).optional(),
  /** The form's step when it was saved (0 to 2), so Continue opens the form where it was left (decision 041). */
  Step: z.number().int().min(0).max(2).optional(),
});
export type OrderDraftInput = z.infer<typeof OrderDraftSchema>;

/**
 * `BaseSavedAt`: the `SavedAt` of the draft a save, or the order sent from it, started from
 * (decision 061). Absent or null: a form that started a new order (no draft, a Discard, a
 * Re-Order), whose first save replaces any draft.
 */
export const BaseSavedAtField = z.iso.datetime().nullable().optional();

/** The body of `PUT Customer/{id}/Draft`: the draft, and the draft it was typed from. */
export const OrderDraftSaveSchema = OrderDraftSchema.extend({ BaseSavedAt: BaseSavedAtField });
export type OrderDraftSave = z.infer<typeof OrderDraftSaveSchema>;

/**
 * The 409s of a save (and of `POST Order`) whose draft is no longer the one it started from
 * (decision 061): another tab or device saved it, sent its order or discarded it since.
 */
export const draftConflictMessages = {
  changed: 'This draft was changed in another tab or on another device.',
  sent: 'This order was sent from another tab or device.',
  discarded: 'This draft was discarded in another tab or on another device.',
} as const;
export type DraftConflict = keyof typeof draftConflictMessages;

/** Which conflict a 409's message names, or null when it is none of these. */
export function draftConflictOf(message: string | null | undefined): DraftConflict | null {
  const found = Object.entries(draftConflictMessages).find(([, m]) => m === message);
  return found ? (found[0] as DraftConflict) : null;
}

/** What `GET` and `PUT Customer/{id}/Draft` answer: the draft as saved and when. */
export const SavedOrderDraftSchema = z.object({
  /** ISO 8601: when the server saved it. */
  SavedAt: z.string(),
  Order: OrderDraftSchema,
});
export type SavedOrderDraft = z.infer<typeof SavedOrderDraftSchema>;
