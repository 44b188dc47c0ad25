import { useForm } from '@mantine/form';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { minimumGuardWarning, type Substitution } from '../../../domain/availability';
import type { CustomerProduct } from '../../../domain/customer.schema';
import type { DeliveryDateContext, HolidayLookup } from '../../../domain/delivery-date';
import {
  type CustomerTypeRules,
  deliveryDateContext,
  orderInputSchemaFor,
} from '../../../domain/order.schema';
import { estimateOrder, type PricesByCode } from '../../../domain/order-estimate';
import { casesInAll, missingCases } from '../../../domain/order-minimum';
import type { CopiedOrder, OrderDetail, OrderSummary } from '../../../domain/order-view.schema';
import { priceFields } from '../../../domain/prices.schema';
import { zodValidate } from '../../lib/zod-form';
import { usePricesOn } from './api/get-prices';
import { type Contact, lastContact } from './last-contact';
import {
  type DraftLine,
  draftLines,
  draftsFromOrder,
  emptyHeader,
  type OrderHeaderValues,
  orderableProducts,
  orderTotals,
  type QuantityDraft,
  type QuantityDrafts,
  type QuantityValue,
  setQuantity,
} from './order-draft';
import { BUSINESS_TZ, todayInBusiness, useBusinessNow } from './order-time';
import type { FormSnapshot } from './saved-draft';

export { lastContact };

export interface OrderFormSetup {
  /** The customer the order is for: the signed-in customer, or the one staff order for. */
  customerId: number;
  /**
   * Staff placing the order for the customer (design.md 7.5): the lead time may be overridden
   * with a reason, and the customer's draft is never written.
   */
  asStaff?: boolean;
  customerType: CustomerTypeRules;
  /** Every product linked to the customer; the form shows those orderable on the chosen date. */
  products: readonly CustomerProduct[];
  /** Re-Order: the copied order (its delivery date is already cleared). */
  copy?: CopiedOrder | null;
  /**
   * Change (design.md 7.10): the placed order being changed, loaded with its own date, contact
   * and quantities; Submit then sends it again under its Web Conf #.
   */
  change?: OrderDetail | null;
  /** The customer's orders, newest first: a new order starts with the last one's contact. */
  orders?: readonly OrderSummary[];
  /** The holidays ahead (design.md 7.2): never offered, and refused as the server refuses them. */
  holidays?: HolidayLookup;
  /** Continue on the offer of an unsent order: the form exactly as it was saved (design.md 7.3). */
  restored?: FormSnapshot | null;
  /**
   * The customer's liquor license expiry (design.md 8.2): a later delivery date gets the
   * server's refusal under the field; staff may override it. Absent or null: no rule.
   */
  licenseExpires?: string | null;
  /** The customer's payment terms (design.md 8.4), said on the review; null when none are known. */
  paymentTerms?: string | null;
}

/** The step-1 rules: the server's own schema without the product lines, so the messages are the server's. */
export function headerSchemaFor(ctx: DeliveryDateContext) {
  return orderInputSchemaFor(ctx).omit({ ProductQuantities: true });
}

function initialHeader(
  copy: CopiedOrder | OrderDetail | null | undefined,
  contact: Contact | null,
): OrderHeaderValues {
  if (!copy) return contact ? { ...emptyHeader, ...contact } : emptyHeader;
  return {
    DeliveryDate: copy.DeliveryDate,
    Name: copy.Name,
    Phone: copy.Phone.replace(/\D/g, '').slice(-10),
    Email: copy.Email,
    ReferencePO: copy.ReferencePO ?? '',
  };
}

/** The order form's state: the header form, the quantities, and what each step may do. */
export function useOrderForm({
  customerId,
  asStaff = false,
  customerType,
  products,
  copy: copied,
  change,
  orders = [],
  holidays,
  restored,
  licenseExpires = null,
}: OrderFormSetup) {
  // A change starts from the order as placed, a Re-Order from the copy (its date cleared).
  const copy = change ?? copied;
  const now = useBusinessNow();
  const today = todayInBusiness(now);
  // Staff's "Override lead time" switch: the picker then offers dates from today, and the
  // schema asks for the reason (the server applies the same rule).
  const [overrideLeadTime, setOverrideLeadTime] = useState(false);
  const override = asStaff && overrideLeadTime;
  // Staff's "Override expired license" (design.md 8.2), with the same reason.
  const [overrideLicenseOn, setOverrideLicense] = useState(false);
  const overrideLicense = asStaff && overrideLicenseOn;
  const { earliest } = deliveryDateContext({
    now,
    tz: BUSINESS_TZ,
    customerType,
    overrideLeadTime: override,
  });
  const ctx = useMemo<DeliveryDateContext>(
    () => ({
      earliest,
      customerTypeId: customerType.Id,
      ...(holidays ? { holidays } : {}),
      ...(override ? { overrideLeadTime: true } : {}),
      ...(licenseExpires ? { licenseExpires } : {}),
      ...(overrideLicense ? { overrideLicense: true } : {}),
    }),
    [earliest, customerType.Id, holidays, override, licenseExpires, overrideLicense],
  );
  const validate = useMemo(() => zodValidate<OrderHeaderValues>(headerSchemaFor(ctx)), [ctx]);
  const form = useForm<OrderHeaderValues>({
    mode: 'controlled',
    initialValues: restored
      ? restored.header
      : {
          ...initialHeader(copy, lastContact(orders)),
          ...(asStaff ? { OverrideReason: '' } : {}),
        },
    validate,
    validateInputOnBlur: true,
  });

  // A cutoff passing while the form is open moves the earliest date: re-check a chosen date then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rules change, on purpose.
  useEffect(() => {
    if (form.getValues().DeliveryDate) form.validateField('DeliveryDate');
  }, [ctx]);

  const [drafts, setDrafts] = useState<QuantityDrafts>(() =>
    restored ? restored.drafts : copy ? draftsFromOrder(copy.Products) : {},
  );
  const onQuantity = useCallback(
    (code: string, field: keyof QuantityDraft, value: QuantityValue) =>
      setDrafts((current) => setQuantity(current, code, field, value)),
    [],
  );

  const deliveryDate = form.values.DeliveryDate;
  const available = useMemo(() => orderableProducts(products, deliveryDate), [products, deliveryDate]);
  // This order's substitution choices, by code (design.md 8.3): the customer's preference otherwise.
  // A restored draft brings its own; a change starts from the choices the order was placed with.
  const [substitutions, setSubstitutions] = useState<Readonly<Record<string, Substitution>>>(() =>
    restored
      ? (restored.substitutions ?? {})
      : change
        ? Object.fromEntries(change.Products.map((p) => [p.Code, p.Substitution]))
        : {},
  );
  const onSubstitution = useCallback(
    (code: string, value: Substitution) => setSubstitutions((current) => ({ ...current, [code]: value })),
    [],
  );
  // Each product priced for the chosen date once its prices arrive (design.md 8.4): the lines
  // show them and the estimate adds them up, by the server's rules (decision 075).
  const prices = usePricesOn(customerId, deliveryDate || null);
  const priced = useMemo(() => withPrices(available, prices), [available, prices]);
  const lines = useMemo(() => draftLines(priced, drafts, substitutions), [priced, drafts, substitutions]);
  const estimate = useMemo(
    () =>
      prices &&
      estimateOrder(
        prices,
        lines.filter((l) => l.CaseQuantity + l.UnitQuantity > 0).map((l) => ({ ...l, Code: l.product.Code })),
      ),
    [prices, lines],
  );
  const totals = orderTotals(lines);
  const minimum = useOrderMinimum(lines, customerType.MinimumCases ?? 0, override);
  const headerValid = form.isValid();
  // Spec section 4: moving on from the products needs a product with a quantity above 0, and
  // no box may hold something that is not a whole number (issue 14); and the type's minimum
  // (design.md 7.11), which staff's override may go below; and no units typed beside cases that
  // the order would not count, until the customer keeps the cases or the units (issue 32).
  const productsValid =
    headerValid &&
    totals.products > 0 &&
    totals.invalid === 0 &&
    totals.unitsBesideCases.length === 0 &&
    (minimum?.blocks ?? false) === false;

  /** Copied products that cannot be ordered for the chosen date (discontinued or out of their dates). */
  const copiedButUnavailable = useMemo(() => {
    if (!copy || !deliveryDate) return [];
    const codes = new Set(available.map((p) => p.Code));
    return copy.Products.filter((p) => !codes.has(p.Code)).map((p) => p.Code);
  }, [copy, available, deliveryDate]);

  return {
    customerId,
    asStaff,
    /** Staff only: the override switch's state. */
    overrideLeadTime: override,
    setOverrideLeadTime,
    /** Staff only: the license override's state. */
    overrideLicense,
    setOverrideLicense,
    form,
    ctx,
    today,
    drafts,
    onQuantity,
    onSubstitution,
    /** This order's substitution choices by code (the draft keeps them). */
    substitutions,
    /** Replaces every quantity at once (the order guide's quick starts and their Undo). */
    replaceDrafts: setDrafts,
    /** The products orderable for the chosen date, in the catalogue's order. */
    available,
    lines,
    totals,
    /**
     * The ordered lines at the posted prices of the chosen date (design.md 8.4), in cents; undefined
     * until they arrive (or with no date).
     */
    estimate,
    /** The type's order minimum and the cases still missing (null: the type has none). */
    minimum,
    headerValid,
    productsValid,
    copiedButUnavailable,
  };
}

export type OrderFormState = ReturnType<typeof useOrderForm>;

/** The type's minimum as step 2's summary shows it (design.md 7.11). */
export interface OrderMinimum {
  cases: number;
  /** Cases still missing ('3', '0.5'), or null when the order meets the minimum. */
  missing: string | null;
  /** Below it and not overridden: the order cannot go on. */
  blocks: boolean;
  /** It meets the minimum only with products that are out: what steps 2 and 3 warn (8.3). */
  outWarning: string | null;
}

function useOrderMinimum(
  lines: readonly DraftLine[],
  cases: number,
  overridden: boolean,
): OrderMinimum | null {
  return useMemo(() => {
    if (cases <= 0) return null;
    const counted = lines.map((l) => ({
      CaseQuantity: l.CaseQuantity,
      UnitQuantity: l.UnitQuantity,
      UnitsPerCase: l.product.UnitsPerCase,
      IsCaseOnly: l.product.IsCaseOnly,
      Description: l.product.Description,
      Out: l.product.Availability?.Status === 'OUT',
    }));
    const missing = missingCases(casesInAll(counted), cases);
    return {
      cases,
      missing,
      blocks: missing !== null && !overridden,
      outWarning: minimumGuardWarning(counted, cases),
    };
  }, [lines, cases, overridden]);
}

/**
 * The products with their prices on the chosen date: `prices` absent (not arrived), no price
 * shown at all; a product it does not name has none ("Price on invoice"). The form opened with
 * the customer priced for today, so those prices are never shown for another date.
 */
function withPrices(
  products: readonly CustomerProduct[],
  prices: PricesByCode | undefined,
): readonly CustomerProduct[] {
  return products.map((p) => {
    const { CasePrice: _c, UnitPrice: _u, DepositPerCase: _d, PriceBreaks: _b, ...product } = p;
    return prices ? { ...product, ...priceFields(prices.get(p.Code)) } : product;
  });
}
