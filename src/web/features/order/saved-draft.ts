import type { Substitution } from '../../../domain/availability';
import type { OrderDraftInput } from '../../../domain/order-draft.schema';
import {
  emptyHeader,
  type OrderHeaderValues,
  type QuantityDraft,
  type QuantityDrafts,
  type QuantityValue,
  quantityOf,
} from './order-draft';
import { formatWeekdayDate } from './order-time';

/**
 * The order form as the server keeps it for later (design.md 7.3, decision 041): the header as
 * typed, every quantity box that holds something (half-typed text included), each such line's
 * substitution choice for this order (design.md 8.3), and the step.
 */
export interface FormSnapshot {
  header: OrderHeaderValues;
  drafts: QuantityDrafts;
  /** This order's substitution choices by code; a line without one takes the customer's preference. */
  substitutions?: Readonly<Record<string, Substitution>>;
  step: number;
  /** The SavedAt of the draft it was restored from: its autosave's first BaseSavedAt (decision 061). */
  savedAt?: string;
  /** A draft kept on the device: when it was last changed with no network (issue 39). */
  editedOfflineAt?: number;
}

const filled = (v: QuantityValue | undefined) => v !== undefined && v !== '';

/** The body of PUT Customer/{id}/Draft for the form's state. */
export function draftFromForm({ header, drafts, substitutions = {}, step }: FormSnapshot): OrderDraftInput {
  return {
    ...(header.DeliveryDate ? { DeliveryDate: header.DeliveryDate } : {}),
    Name: header.Name,
    Phone: header.Phone,
    Email: header.Email,
    ReferencePO: header.ReferencePO,
    ProductQuantities: Object.entries(drafts)
      .filter(([, q]) => filled(q.CaseQuantity) || filled(q.UnitQuantity))
      .map(([Code, q]) => {
        const choice = substitutions[Code];
        return {
          Code,
          CaseQuantity: q.CaseQuantity,
          UnitQuantity: q.UnitQuantity,
          ...(choice ? { Substitution: choice } : {}),
        };
      }),
    Step: step,
  };
}

/** The form's state for a saved draft: exactly what was on the screen. */
export function formFromDraft(draft: OrderDraftInput): FormSnapshot {
  const drafts: Record<string, QuantityDraft> = {};
  const substitutions: Record<string, Substitution> = {};
  for (const line of draft.ProductQuantities ?? []) {
    drafts[line.Code] = { CaseQuantity: line.CaseQuantity ?? '', UnitQuantity: line.UnitQuantity ?? '' };
    if (line.Substitution) substitutions[line.Code] = line.Substitution;
  }
  return {
    header: {
      DeliveryDate: draft.DeliveryDate || emptyHeader.DeliveryDate,
      Name: draft.Name ?? '',
      Phone: draft.Phone ?? '',
      Email: draft.Email ?? '',
      ReferencePO: draft.ReferencePO ?? '',
    },
    drafts,
    substitutions,
    step: draft.Step ?? 0,
  };
}

/** Products in a draft: lines with a quantity above 0 (a half-typed '1.' is not one yet). */
export function draftProductCount(draft: OrderDraftInput): number {
  return (draft.ProductQuantities ?? []).filter(
    (l) => quantityOf(l.CaseQuantity) > 0 || quantityOf(l.UnitQuantity) > 0,
  ).length;
}

/**
 * 'You have an unsent order for Fri 11/27/2026 with 12 products' (issue 20's words); without a
 * date: 'You have an unsent order with no delivery date yet and 12 products'.
 */
export function draftOfferText(draft: OrderDraftInput): string {
  const n = draftProductCount(draft);
  const products = n === 0 ? 'no products yet' : n === 1 ? '1 product' : `${n} products`;
  return draft.DeliveryDate
    ? `You have an unsent order for ${formatWeekdayDate(draft.DeliveryDate)} with ${products}`
    : `You have an unsent order with no delivery date yet and ${products}`;
}
