import type { CustomerProduct } from '../../../domain/customer.schema';
import { isReferenceCustomerType, type OrderInput } from '../../../domain/order.schema';
import { normalizeQuantity, totalUnits } from '../../../domain/order-lines';
import type { OrderProduct } from '../../../domain/order-view.schema';

/** The order form's state and the rules that turn it into the order sent to the server. */

/** The fields of the first step (Phone holds digits only: stored unmasked, spec section 3). */
export interface OrderHeaderValues {
  DeliveryDate: string | null;
  Name: string;
  Phone: string;
  Email: string;
  ReferencePO: string;
}

export const emptyHeader: OrderHeaderValues = {
  DeliveryDate: null,
  Name: '',
  Phone: '',
  Email: '',
  ReferencePO: '',
};

/** What a quantity box holds: a number, or text while it is being typed ('' when empty). */
export type QuantityValue = number | string;
export interface QuantityDraft {
  CaseQuantity: QuantityValue;
  UnitQuantity: QuantityValue;
}
/** Quantities by product Code. */
export type QuantityDrafts = Readonly<Record<string, QuantityDraft>>;

/** A box's value as the order counts it: negative, empty or unreadable is 0 (spec section 5). */
export function quantityOf(value: QuantityValue | undefined): number {
  if (value === undefined || value === '') return 0;
  return normalizeQuantity(typeof value === 'number' ? value : Number(value));
}

/**
 * Sets one quantity. A line is cases or loose units, never both (the total counts only one of
 * them, order-lines.ts), so a positive entry in one box empties the other.
 */
export function setQuantity(
  drafts: QuantityDrafts,
  code: string,
  field: keyof QuantityDraft,
  value: QuantityValue,
): QuantityDrafts {
  const current = drafts[code] ?? { CaseQuantity: '', UnitQuantity: '' };
  const next: QuantityDraft = { ...current, [field]: value };
  if (quantityOf(value) > 0) next[field === 'CaseQuantity' ? 'UnitQuantity' : 'CaseQuantity'] = '';
  return { ...drafts, [code]: next };
}

/** Re-Order: the copied order's quantities by Code. */
export function draftsFromOrder(products: readonly OrderProduct[]): QuantityDrafts {
  const drafts: Record<string, QuantityDraft> = {};
  for (const p of products) {
    drafts[p.Code] = {
      CaseQuantity: p.CaseQuantity > 0 ? p.CaseQuantity : '',
      UnitQuantity: p.UnitQuantity > 0 && !p.IsCaseOnly ? p.UnitQuantity : '',
    };
  }
  return drafts;
}

/**
 * The products the customer may order for `deliveryDate` (design.md 5.2): active, linked for
 * that date (open-ended start and end allowed), in the link's order number, then description.
 */
export function orderableProducts(
  products: readonly CustomerProduct[],
  deliveryDate: string | null,
): CustomerProduct[] {
  if (!deliveryDate) return [];
  return products
    .filter(
      (p) =>
        p.IsActive &&
        (p.StartDate === null || p.StartDate <= deliveryDate) &&
        (p.EndDate === null || p.EndDate >= deliveryDate),
    )
    .sort((a, b) => a.OrderNo - b.OrderNo || a.Description.localeCompare(b.Description));
}

export interface DraftLine {
  product: CustomerProduct;
  CaseQuantity: number;
  UnitQuantity: number;
  TotalUnits: number;
}

/** Every orderable product with its counted quantities and total units. */
export function draftLines(products: readonly CustomerProduct[], drafts: QuantityDrafts): DraftLine[] {
  return products.map((product) => {
    const draft = drafts[product.Code];
    const CaseQuantity = quantityOf(draft?.CaseQuantity);
    const UnitQuantity = product.IsCaseOnly ? 0 : quantityOf(draft?.UnitQuantity);
    const TotalUnits = totalUnits({
      unitsPerCase: product.UnitsPerCase,
      caseQuantity: CaseQuantity,
      unitQuantity: UnitQuantity,
      isCaseOnly: product.IsCaseOnly,
    });
    return { product, CaseQuantity, UnitQuantity, TotalUnits };
  });
}

/** Lines the order keeps: CaseQuantity or UnitQuantity above 0 (spec sections 2 and 3). */
export function orderedLines(lines: readonly DraftLine[]): DraftLine[] {
  return lines.filter((l) => l.CaseQuantity > 0 || l.UnitQuantity > 0);
}

export interface OrderTotals {
  products: number;
  cases: number;
  units: number;
}

export function orderTotals(lines: readonly DraftLine[]): OrderTotals {
  const kept = orderedLines(lines);
  return {
    products: kept.length,
    cases: kept.reduce((sum, l) => sum + l.CaseQuantity, 0),
    units: kept.reduce((sum, l) => sum + l.TotalUnits, 0),
  };
}

/** The body of POST Order. Reference PO goes only with reference customers (types 6 and 7). */
export function orderPayload(
  header: OrderHeaderValues,
  lines: readonly DraftLine[],
  customerTypeId: number,
): OrderInput {
  return {
    DeliveryDate: header.DeliveryDate ?? '',
    Name: header.Name.trim(),
    Phone: header.Phone,
    Email: header.Email.trim(),
    ...(isReferenceCustomerType(customerTypeId) ? { ReferencePO: header.ReferencePO.trim() } : {}),
    ProductQuantities: orderedLines(lines).map((l) => ({
      Code: l.product.Code,
      CaseQuantity: l.CaseQuantity,
      UnitQuantity: l.UnitQuantity,
    })),
  };
}
