import { formatDollars, type LinePrice, type PriceRow, priceLine, productPrice, sumCents } from './prices';

/**
 * An order's estimate (design.md 8.4, decision 075): each line priced by its product's price on
 * the order's delivery date, and the total of the priced lines with their deposits, in whole
 * cents. The invoice is final: the screens always say so. Pure, so GET Order, GET Orders, the
 * confirmation mail and the form's steps 2 and 3 estimate by the same rules.
 */

/** A line to estimate: a product and its quantities; a return (a credit, issue 43) is not estimated. */
export interface EstimateLine {
  Code: string;
  CaseQuantity: number;
  UnitQuantity: number;
  IsReturn?: boolean;
}

export interface LineEstimate {
  /** What a case costs on this line (its break reached), in cents; null with no posted price. */
  CasePrice: number | null;
  /** Cases and units at their prices, deposits aside, in cents; null when the line is not priced. */
  LineTotal: number | null;
  /** The line's deposits, in cents (0 when not priced). */
  Deposits: number;
}

export interface OrderEstimate {
  Lines: LineEstimate[];
  /** The priced lines' totals and their deposits, in cents; null when no line has a price. */
  EstimatedTotal: number | null;
  /** The deposits in the estimated total, in cents. */
  Deposits: number;
  /**
   * Lines the estimate leaves out: no posted price ("Price on invoice"), or units whose product
   * has no unit price. Their cost comes with the invoice.
   */
  UnpricedLines: number;
}

/** The posted rows of each product, by code (the customer's own and its type's). */
export type PriceRowsByCode = ReadonlyMap<string, readonly PriceRow[]>;

/** Each product's price on a date, by code; a product absent has none ("Price on invoice"). */
export type PricesByCode = ReadonlyMap<string, LinePrice>;

/** The products' prices on `date` (a business date, 'YYYY-MM-DD') from their posted rows. */
export function pricesOn(rows: PriceRowsByCode, date: string): PricesByCode {
  const prices = new Map<string, LinePrice>();
  for (const [code, own] of rows) {
    const price = productPrice(own, date);
    if (price) prices.set(code, price);
  }
  return prices;
}

const unpriced = (CasePrice: number | null = null): LineEstimate => ({
  CasePrice,
  LineTotal: null,
  Deposits: 0,
});

/**
 * Estimates an order's lines at their products' prices on its delivery date (`pricesOn` on the
 * server; the products' `CasePrice`, `UnitPrice`, `DepositPerCase` and `PriceBreaks` on a screen).
 */
export function estimateOrder(prices: PricesByCode, lines: readonly EstimateLine[]): OrderEstimate {
  const estimated = lines.map((line): LineEstimate => {
    if (line.IsReturn) return unpriced();
    const priced = priceLine(prices.get(line.Code) ?? null, line.CaseQuantity, line.UnitQuantity);
    if (!priced || priced.LineTotal === null) return unpriced(priced?.CasePrice);
    return { CasePrice: priced.CasePrice, LineTotal: priced.LineTotal, Deposits: priced.Deposits };
  });
  const priced = estimated.filter((l) => l.LineTotal !== null);
  const deposits = sumCents(priced.map((l) => l.Deposits));
  return {
    Lines: estimated,
    EstimatedTotal: priced.length === 0 ? null : sumCents([...priced.map((l) => l.LineTotal ?? 0), deposits]),
    Deposits: deposits,
    UnpricedLines: lines.filter((l) => !l.IsReturn).length - priced.length,
  };
}

/**
 * The estimate's words, one wording for the screens and the confirmation mail (design.md 8.4):
 * every estimate says it is one, and a product with no price says so instead of a figure.
 */
export const ESTIMATE_NOTE = 'Estimate: your invoice is final';
/** What a line or an order with no posted price says. */
export const NO_PRICE = 'Price on invoice';

/** A price or a line's total as the customer reads it, or "Price on invoice". */
export const moneyOrOnInvoice = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? NO_PRICE : formatDollars(cents);

/** ", with $2.40 of deposits" after the total, or nothing without deposits. */
export const depositsPhrase = (deposits: number) =>
  deposits > 0 ? `, with ${formatDollars(deposits)} of deposits` : '';

/** "1 line is priced on the invoice", "2 lines are priced on the invoice". */
export const unpricedLinesText = (n: number) =>
  `${n === 1 ? '1 line is' : `${n} lines are`} priced on the invoice`;

/**
 * An order's estimate as sentences (the mail's text): the total with its deposits, the lines it
 * leaves out and the note; "Price on invoice" alone when no line is priced.
 */
export function estimateSentences(estimate: {
  EstimatedTotal: number | null;
  EstimatedDeposits: number;
  UnpricedLines: number;
}): string[] {
  if (estimate.EstimatedTotal === null) return [NO_PRICE];
  return [
    `Estimated total: ${formatDollars(estimate.EstimatedTotal)}${depositsPhrase(estimate.EstimatedDeposits)}`,
    ...(estimate.UnpricedLines > 0 ? [unpricedLinesText(estimate.UnpricedLines)] : []),
    ESTIMATE_NOTE,
  ];
}
