import type { Substitution } from '../../../domain/availability';
import type { CustomerProduct } from '../../../domain/customer.schema';
import { isReferenceCustomerType, MAX_QUANTITY, type OrderInput } from '../../../domain/order.schema';
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
  /** Staff only (design.md 7.5): why the lead time is overridden; absent from a customer's form. */
  OverrideReason?: string;
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

const WHOLE = /^\s*-?\d+\s*$/;

/**
 * Why a box's text is not a quantity, or null when it is one (empty counts as 0). Quantities
 * are whole numbers: "2.5" is refused with a message, never read as 2 or 25 (issue 14).
 * Negative whole numbers are quantities: they count as 0 (spec section 5).
 */
export function quantityError(value: QuantityValue | undefined, field: keyof QuantityDraft): string | null {
  if (value === undefined || value === '') return null;
  const name = field === 'CaseQuantity' ? 'Cases' : 'Units';
  const n = typeof value === 'number' ? value : WHOLE.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n)) return `${name} must be a whole number`;
  if (n > MAX_QUANTITY) return `${name} must be at most ${MAX_QUANTITY}`;
  return null;
}

/** A box's value as the order counts it: empty, negative or not a whole number is 0. */
export function quantityOf(value: QuantityValue | undefined): number {
  if (value === undefined || value === '' || quantityError(value, 'CaseQuantity') !== null) return 0;
  return normalizeQuantity(typeof value === 'number' ? value : Number(value));
}

/**
 * Sets one quantity, exactly as typed. Typing in one box never changes the other: a line may
 * hold cases and units, and the line says which one counts (`DraftLine.IgnoredUnits`).
 */
export function setQuantity(
  drafts: QuantityDrafts,
  code: string,
  field: keyof QuantityDraft,
  value: QuantityValue,
): QuantityDrafts {
  const current = drafts[code] ?? { CaseQuantity: '', UnitQuantity: '' };
  return { ...drafts, [code]: { ...current, [field]: value } };
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
  /** The loose units the order counts: 0 while cases are ordered (the spec's total-units rule). */
  UnitQuantity: number;
  TotalUnits: number;
  /**
   * Units typed on a line that also has cases: the order does not count them (a line is never
   * both), so the line says so and the order waits until the customer keeps one (issue 32).
   */
  IgnoredUnits: number;
  /** A box holds something that is not a whole number: the order cannot go on until it is fixed. */
  Invalid: boolean;
  /** What may be sent instead if it is out: this order's choice, else the customer's preference (8.3). */
  Substitution: Substitution;
}

/** Every orderable product with its counted quantities and total units. */
export function draftLines(
  products: readonly CustomerProduct[],
  drafts: QuantityDrafts,
  substitutions: Readonly<Record<string, Substitution>> = {},
): DraftLine[] {
  return products.map((product) => {
    const draft = drafts[product.Code];
    const CaseQuantity = quantityOf(draft?.CaseQuantity);
    const typedUnits = product.IsCaseOnly ? 0 : quantityOf(draft?.UnitQuantity);
    // Spec section 3: with cases above 0 the line's total is cases times units per case.
    const UnitQuantity = CaseQuantity > 0 ? 0 : typedUnits;
    const TotalUnits = totalUnits({
      unitsPerCase: product.UnitsPerCase,
      caseQuantity: CaseQuantity,
      unitQuantity: UnitQuantity,
      isCaseOnly: product.IsCaseOnly,
    });
    const Invalid =
      quantityError(draft?.CaseQuantity, 'CaseQuantity') !== null ||
      (!product.IsCaseOnly && quantityError(draft?.UnitQuantity, 'UnitQuantity') !== null);
    return {
      product,
      CaseQuantity,
      UnitQuantity,
      TotalUnits,
      IgnoredUnits: typedUnits - UnitQuantity,
      Invalid,
      Substitution: substitutions[product.Code] ?? product.Substitution,
    };
  });
}

/** "6 units ignored: 5 cases = 120 units", for a line whose units the order does not count. */
export function ignoredUnitsNote(line: DraftLine): string | null {
  if (line.IgnoredUnits === 0) return null;
  const cases = line.CaseQuantity === 1 ? 'case' : 'cases';
  const units = line.IgnoredUnits === 1 ? 'unit' : 'units';
  return `${line.IgnoredUnits} ${units} ignored: ${line.CaseQuantity} ${cases} = ${line.TotalUnits} units`;
}

/** Lines the order keeps: CaseQuantity or UnitQuantity above 0 (spec sections 2 and 3). */
export function orderedLines(lines: readonly DraftLine[]): DraftLine[] {
  return lines.filter((l) => l.CaseQuantity > 0 || l.UnitQuantity > 0);
}

export interface OrderTotals {
  products: number;
  cases: number;
  units: number;
  /** Boxes that hold something other than a whole number. */
  invalid: number;
  /** The codes of the lines with units beside cases, waiting for the customer to keep one or the other. */
  unitsBesideCases: readonly string[];
}

export function orderTotals(lines: readonly DraftLine[]): OrderTotals {
  const kept = orderedLines(lines);
  return {
    products: kept.length,
    cases: kept.reduce((sum, l) => sum + l.CaseQuantity, 0),
    units: kept.reduce((sum, l) => sum + l.TotalUnits, 0),
    invalid: lines.reduce((sum, l) => sum + (l.Invalid ? 1 : 0), 0),
    unitsBesideCases: lines.filter((l) => l.IgnoredUnits > 0).map((l) => l.product.Code),
  };
}

/**
 * Staff entering the order (design.md 7.5): for which customer, and whether the lead time or
 * the license's expiry (design.md 8.2) is overridden.
 */
export interface StaffEntry {
  customerId: number;
  overrideLeadTime: boolean;
  overrideLicense?: boolean;
}

/**
 * The body of POST Order. Reference PO goes only with reference customers (types 6 and 7);
 * staff name the customer, and send the override with its reason when they switched it on.
 */
export function orderPayload(
  header: OrderHeaderValues,
  lines: readonly DraftLine[],
  customerTypeId: number,
  staff: StaffEntry | null = null,
): OrderInput {
  return {
    ...(staff ? { CustomerId: staff.customerId } : {}),
    ...(staff?.overrideLeadTime ? { OverrideLeadTime: true } : {}),
    ...(staff?.overrideLicense ? { OverrideLicense: true } : {}),
    ...(staff?.overrideLeadTime || staff?.overrideLicense
      ? { OverrideReason: (header.OverrideReason ?? '').trim() }
      : {}),
    DeliveryDate: header.DeliveryDate ?? '',
    Name: header.Name.trim(),
    Phone: header.Phone,
    Email: header.Email.trim(),
    ...(isReferenceCustomerType(customerTypeId) ? { ReferencePO: header.ReferencePO.trim() } : {}),
    ProductQuantities: orderedLines(lines).map((l) => ({
      Code: l.product.Code,
      CaseQuantity: l.CaseQuantity,
      UnitQuantity: l.UnitQuantity,
      Substitution: l.Substitution,
    })),
  };
}
