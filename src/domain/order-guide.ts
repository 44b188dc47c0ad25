import type { Availability, Substitution } from './availability';
import { addDays } from './business-date';
import type { OrderGuide, OrderGuideProduct } from './order-guide.schema';
import { WORKSHEET_DATES } from './order-view.schema';
import type { ProductPriceFields } from './prices.schema';

/**
 * The order guide's figures (design.md 7.1, issue 19), pure: the server reads the rows and
 * calls `buildOrderGuide`; the screens use `orderToPar`. Dates are 'YYYY-MM-DD' strings, so
 * comparing them as strings compares them as dates.
 */

/** `TimesOrdered` counts the customer's last this many delivery dates before today. */
export const TIMES_ORDERED_DATES = 8;
/** `AverageWeeklyCases` is the cases of this many days before today ... */
export const AVERAGE_DAYS = 56;
/** ... divided by this many weeks. */
export const AVERAGE_WEEKS = AVERAGE_DAYS / 7;

/** A product the customer may order for the guide's date, as the order form offers it. */
export interface GuideProduct {
  Code: string;
  Description: string;
  UnitsPerCase: number;
  CaseOnly: boolean;
  /** Its stock as the last availability file gave it, or null (design.md 8.3). */
  Availability: Availability | null;
  /** The customer's substitution preference for it. */
  Substitution: Substitution;
}

/** A product, with its price on the guide's date when it has one (design.md 8.4). */
export type PricedGuideProduct = GuideProduct & Partial<ProductPriceFields>;

/** One order line of the customer's, web or imported, with its order's delivery date. */
export interface GuideLine {
  DeliveryDate: string;
  Code: string;
  CaseQuantity: number;
  UnitQuantity: number;
}

export interface OrderGuideInput {
  /** Today on the business calendar: every figure looks at the days before it. */
  today: string;
  products: readonly PricedGuideProduct[];
  /**
   * The customer's order lines. Every order has at least one line (POST Order refuses an
   * empty one, the history import creates an order with its first line), so the distinct
   * dates of the lines are the distinct delivery dates of the orders. Lines of other
   * products (no longer offered, unknown items) count for the dates, not for a product.
   */
  lines: readonly GuideLine[];
  /** Saved pars by product code. */
  pars: ReadonlyMap<string, number>;
  /** When the last availability file was applied (ISO), or null when none ever was. */
  stockAsOf: string | null;
}

interface Tally {
  history: Record<string, number>;
  /** The recent dates (of the last TIMES_ORDERED_DATES) on which the product appears. */
  appearsOn: Set<string>;
  /** Cases in orders delivered in the AVERAGE_DAYS before today. */
  recentCases: number;
}

// Case-insensitive, as people read a list; accents still tell descriptions apart.
const byDescription = new Intl.Collator('en', { sensitivity: 'accent' });

export function buildOrderGuide({ today, products, lines, pars, stockAsOf }: OrderGuideInput): OrderGuide {
  const past = lines.filter((l) => l.DeliveryDate < today);
  const datesNewestFirst = [...new Set(past.map((l) => l.DeliveryDate))].sort().reverse();
  const deliveryDates = datesNewestFirst.slice(0, WORKSHEET_DATES).reverse();
  const shown = new Set(deliveryDates);
  const counted = new Set(datesNewestFirst.slice(0, TIMES_ORDERED_DATES));
  const averageFrom = addDays(today, -AVERAGE_DAYS);

  const tallies = new Map<string, Tally>();
  for (const p of products) tallies.set(p.Code, { history: {}, appearsOn: new Set(), recentCases: 0 });
  for (const l of past) {
    const tally = tallies.get(l.Code);
    if (!tally) continue;
    if (shown.has(l.DeliveryDate) && l.CaseQuantity > 0)
      tally.history[l.DeliveryDate] = (tally.history[l.DeliveryDate] ?? 0) + l.CaseQuantity;
    // "Appears": ordered in cases or in units; a line of zeros (an ERP line not delivered) does not.
    if (counted.has(l.DeliveryDate) && (l.CaseQuantity > 0 || l.UnitQuantity > 0))
      tally.appearsOn.add(l.DeliveryDate);
    if (l.DeliveryDate >= averageFrom) tally.recentCases += l.CaseQuantity;
  }

  const guide: OrderGuideProduct[] = products.map((p) => {
    const tally = tallies.get(p.Code)!;
    const average = tally.recentCases / AVERAGE_WEEKS;
    return {
      Code: p.Code,
      Description: p.Description,
      UnitsPerCase: p.UnitsPerCase,
      CaseOnly: p.CaseOnly,
      Availability: p.Availability,
      Substitution: p.Substitution,
      CasePrice: p.CasePrice ?? null,
      UnitPrice: p.UnitPrice ?? null,
      DepositPerCase: p.DepositPerCase ?? null,
      PriceBreaks: p.PriceBreaks ?? [],
      History: tally.history,
      TimesOrdered: tally.appearsOn.size,
      AverageWeeklyCases: average,
      Par: pars.get(p.Code) ?? null,
      SuggestedPar: suggestedPar(average),
    };
  });
  const listed = guide.filter(hasFigures);
  listed.sort(
    (a, b) =>
      b.TimesOrdered - a.TimesOrdered ||
      byDescription.compare(a.Description, b.Description) ||
      (a.Code < b.Code ? -1 : a.Code > b.Code ? 1 : 0),
  );
  return { DeliveryDates: deliveryDates, StockAsOf: stockAsOf, Products: listed };
}

/**
 * Whether the guide lists a product: it has a figure of its own (cases in one of the dates
 * shown, an appearance among the last 8 dates, cases in the 56 days, or a saved par). The
 * others have nothing to show beyond what the order form already has, so the guide leaves
 * them out (decision 046): a customer with 1,500 orderable products gets the hundred or so
 * they order, not the whole catalogue for a slow phone to download and parse.
 */
export function hasFigures(
  p: Pick<OrderGuideProduct, 'History' | 'TimesOrdered' | 'AverageWeeklyCases' | 'Par'>,
) {
  return (
    p.TimesOrdered > 0 || p.AverageWeeklyCases > 0 || p.Par !== null || Object.keys(p.History).length > 0
  );
}

/** What the guide's figures are for a product it does not list: none. */
export function withoutFigures(p: PricedGuideProduct): OrderGuideProduct {
  return {
    ...p,
    CasePrice: p.CasePrice ?? null,
    UnitPrice: p.UnitPrice ?? null,
    DepositPerCase: p.DepositPerCase ?? null,
    PriceBreaks: p.PriceBreaks ?? [],
    History: {},
    TimesOrdered: 0,
    AverageWeeklyCases: 0,
    Par: null,
    SuggestedPar: 0,
  };
}

/** Two weeks of the average, rounded up to whole cases: 0 for a product never ordered. */
export function suggestedPar(averageWeeklyCases: number): number {
  // The average is cases / 8, exact in binary, so twice it rounds up without a stray 0.0000001.
  return Math.ceil(2 * averageWeeklyCases);
}

/**
 * Cases to order to bring the customer back to par: never negative. An on-hand count that is
 * not a number (an empty field) or below 0 counts as 0; a part case on hand rounds the order
 * up, so the shelf reaches par.
 */
export function orderToPar(par: number, onHand: number): number {
  const have = Number.isNaN(onHand) || onHand < 0 ? 0 : onHand;
  const want = Number.isNaN(par) || par < 0 ? 0 : par;
  return Math.max(0, Math.ceil(want - have));
}

/**
 * The par that ordering to par fills up to: the saved par (0 included), or none. A suggestion
 * is not one until the customer accepts it, as a saved par (issue 32: ordering to par filled
 * 21 products with pars the customer had never given, from a blank count).
 */
export function parToOrderTo(product: Pick<OrderGuideProduct, 'Par'>): number | null {
  return product.Par;
}

/** The suggestion the customer may accept as the par: above 0, for a product without a saved par. */
export function suggestionToAccept(product: Pick<OrderGuideProduct, 'Par' | 'SuggestedPar'>): number | null {
  return product.Par === null && product.SuggestedPar > 0 ? product.SuggestedPar : null;
}

/**
 * Order to par, for the guide's count and the worksheet's alike: the cases to order for each
 * product with a saved par (`parToOrderTo`), its par minus the cases on hand (`orderToPar`). A
 * product without a count is 0 on hand ("An empty count is 0 on hand", both screens say) and
 * gets its whole par; a product without a saved par gets nothing, whatever its suggestion.
 */
export function casesToPar(
  products: Iterable<Pick<OrderGuideProduct, 'Code' | 'Par'>>,
  onHand: Readonly<Record<string, number>>,
): Map<string, number> {
  const cases = new Map<string, number>();
  for (const p of products) {
    const par = parToOrderTo(p);
    if (par !== null) cases.set(p.Code, orderToPar(par, onHand[p.Code] ?? 0));
  }
  return cases;
}

/** "What I usually order": a product ordered in the last 8 delivery dates, or given a par. */
export function isUsuallyOrdered(product: Pick<OrderGuideProduct, 'Par' | 'TimesOrdered'>): boolean {
  return product.TimesOrdered > 0 || product.Par !== null;
}
