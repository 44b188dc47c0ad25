import type { PricesByCode } from './order-estimate';
import { casePriceAt, formatDollars, sumCents } from './prices';

/**
 * An invoice checked line by line against its order and the posted prices (design.md 8.4,
 * decision 076). Pure: the invoices import runs it once an invoice's lines are all in, and
 * stores what it finds, so the screens, the list's counts and the dashboard read one answer.
 */

export const INVOICE_FLAGS = ['Short', 'Extra', 'PriceDiffers', 'FeeNotOnOrder'] as const;
export type InvoiceFlag = (typeof INVOICE_FLAGS)[number];

/** An item line of the invoice, money in cents; `Deposit` is per case, as the prices file's. */
export interface InvoicedItem {
  Code: string;
  Cases: number;
  Units: number;
  CasePrice: number;
  Deposit: number;
}

export interface InvoiceFee {
  Description: string;
  Amount: number;
}

/** A line of the order the invoice is for. */
export interface OrderedItem {
  Code: string;
  CaseQuantity: number;
  UnitQuantity: number;
}

export interface CheckedLine {
  Code: string;
  /** What the invoice charges; 0 and 0 for an ordered product it leaves out. */
  Cases: number;
  Units: number;
  /** The invoice's case price; null for an ordered product it leaves out. */
  CasePrice: number | null;
  Deposit: number;
  /** Cases and units at the invoice's case price, deposits aside, in cents. */
  Amount: number;
  /** What the order asked for (0 and 0 when it did not ask for the product). */
  OrderedCases: number;
  OrderedUnits: number;
  /** The posted case price for the invoiced cases (its break reached); null when none was posted. */
  PostedCasePrice: number | null;
  Flags: InvoiceFlag[];
}

export interface CheckedFee extends InvoiceFee {
  Flags: InvoiceFlag[];
}

export interface InvoiceCheck {
  Lines: CheckedLine[];
  Fees: CheckedFee[];
  /** Every line's amount and deposits, and the fees, in cents. */
  Total: number;
  /** How many flags the check raised, on lines and fees. */
  FlagCount: number;
}

/**
 * The goods of a line at the invoice's case price: units are a share of a case's price, rounded
 * to the cent (half up), since the file gives no unit price.
 */
export function invoicedAmount(
  cases: number,
  units: number,
  casePrice: number,
  unitsPerCase: number,
): number {
  const perUnits = units === 0 ? 0 : Math.floor((2 * units * casePrice + unitsPerCase) / (2 * unitsPerCase));
  return sumCents([cases * casePrice, perUnits]);
}

/**
 * Checks an invoice: each item line against what the order asked for (in units, so that a case
 * sent as its units is neither short nor extra) and against the posted case price for its cases;
 * every ordered product the invoice leaves out is a short line of its own; every fee is one the
 * order did not show. `prices` are the posted prices of the order's delivery date, the day the
 * invoice is priced on (decision 073).
 */
export function checkInvoice(input: {
  items: readonly InvoicedItem[];
  fees: readonly InvoiceFee[];
  ordered: readonly OrderedItem[];
  prices: PricesByCode;
  unitsPerCase: ReadonlyMap<string, number>;
}): InvoiceCheck {
  const { items, fees, ordered, prices, unitsPerCase } = input;
  const asked = new Map<string, { cases: number; units: number }>();
  for (const o of ordered) {
    const was = asked.get(o.Code) ?? { cases: 0, units: 0 };
    asked.set(o.Code, { cases: was.cases + o.CaseQuantity, units: was.units + o.UnitQuantity });
  }
  const perCase = (code: string) => Math.max(1, unitsPerCase.get(code) ?? 1);
  const posted = (code: string, cases: number) => {
    const price = prices.get(code);
    return price ? casePriceAt(price, cases) : null;
  };
  const quantityFlag = (code: string, cases: number, units: number): InvoiceFlag[] => {
    const want = asked.get(code) ?? { cases: 0, units: 0 };
    const n = perCase(code);
    const sent = cases * n + units;
    const wanted = want.cases * n + want.units;
    return sent < wanted ? ['Short'] : sent > wanted ? ['Extra'] : [];
  };

  const invoiced = new Set(items.map((i) => i.Code));
  const lines: CheckedLine[] = items.map((i) => {
    const postedPrice = posted(i.Code, i.Cases);
    const want = asked.get(i.Code) ?? { cases: 0, units: 0 };
    return {
      Code: i.Code,
      Cases: i.Cases,
      Units: i.Units,
      CasePrice: i.CasePrice,
      Deposit: i.Deposit,
      Amount: invoicedAmount(i.Cases, i.Units, i.CasePrice, perCase(i.Code)),
      OrderedCases: want.cases,
      OrderedUnits: want.units,
      PostedCasePrice: postedPrice,
      Flags: [
        ...quantityFlag(i.Code, i.Cases, i.Units),
        ...(postedPrice !== null && postedPrice !== i.CasePrice ? (['PriceDiffers'] as const) : []),
      ],
    };
  });
  for (const [code, want] of asked) {
    if (invoiced.has(code) || want.cases + want.units === 0) continue;
    lines.push({
      Code: code,
      Cases: 0,
      Units: 0,
      CasePrice: null,
      Deposit: 0,
      Amount: 0,
      OrderedCases: want.cases,
      OrderedUnits: want.units,
      PostedCasePrice: posted(code, want.cases),
      Flags: ['Short'],
    });
  }
  const checkedFees: CheckedFee[] = fees.map((f) => ({ ...f, Flags: ['FeeNotOnOrder'] }));
  return {
    Lines: lines,
    Fees: checkedFees,
    Total: sumCents([
      ...lines.map((l) => l.Amount),
      ...lines.map((l) => l.Deposit * l.Cases),
      ...fees.map((f) => f.Amount),
    ]),
    FlagCount: [...lines, ...checkedFees].reduce((n, l) => n + l.Flags.length, 0),
  };
}

/** "2 cases", "1 case and 3 units", "3 units", "nothing". */
export function quantityText(cases: number, units: number): string {
  const c = `${cases} ${cases === 1 ? 'case' : 'cases'}`;
  const u = `${units} ${units === 1 ? 'unit' : 'units'}`;
  if (cases && units) return `${c} and ${u}`;
  if (units) return u;
  return cases ? c : 'nothing';
}

/**
 * What a flag says, with both figures (design.md 8.4): "Short: 2 cases ordered, 1 case
 * invoiced", "Price differs from the posted $28.00: invoiced at $29.00", "Fee not on the order".
 */
export function flagText(flag: InvoiceFlag, line: Partial<CheckedLine> & { Amount: number }): string {
  const ordered = quantityText(line.OrderedCases ?? 0, line.OrderedUnits ?? 0);
  const invoiced = quantityText(line.Cases ?? 0, line.Units ?? 0);
  switch (flag) {
    case 'Short':
      return `Short: ${ordered} ordered, ${invoiced} invoiced`;
    case 'Extra':
      return `Extra: ${ordered} ordered, ${invoiced} invoiced`;
    case 'PriceDiffers':
      return `Price differs from the posted ${formatDollars(line.PostedCasePrice ?? 0)}: invoiced at ${formatDollars(line.CasePrice ?? 0)}`;
    case 'FeeNotOnOrder':
      return `Fee not on the order: ${formatDollars(line.Amount)}`;
  }
}
