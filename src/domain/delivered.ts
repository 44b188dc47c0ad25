import { z } from 'zod';
import { OrderStatus } from './enums';

/**
 * What the ERP did with a web order (design.md 7.12, decision 051): the order history file's
 * lines for it are its delivered lines, compared here with the lines the customer ordered.
 * The server's SQL counts the same differences (the history list's mark, the dashboard's short
 * lines); orders.queries.api.test.ts holds the two together.
 */

export const DeliveredLineSchema = z.object({
  Code: z.string(),
  Description: z.string(),
  Cases: z.number().int(),
  Units: z.number().int(),
});
export type DeliveredLine = z.infer<typeof DeliveredLineSchema>;

export interface Quantities {
  Cases: number;
  Units: number;
}

/** An ordered line as the order's detail carries it. */
export interface OrderedLine extends Quantities {
  Code: string;
  Description: string;
  /**
   * The product the availability file suggests instead of this one (design.md 8.3), as GET
   * Order/{id} gives it with delivered lines; absent or null when the file names none.
   */
  SubstituteCode?: string | null;
}

/**
 * Same: delivered as ordered. Short: less of something than ordered. More: more, never less.
 * NotDelivered: ordered, and none of it came (absent from the file or listed with 0). Added: not
 * ordered, delivered all the same. The file does not say which line replaced which: only the
 * availability file's suggested substitute pairs them (`nameSubstitutes`), in words, the kinds
 * staying what the quantities say.
 */
export type DeliveryKind = 'Same' | 'Short' | 'More' | 'NotDelivered' | 'Added';

export interface LineComparison {
  Code: string;
  Description: string;
  /** Null for a product the customer did not order. */
  Ordered: Quantities | null;
  /** What the file lists; 0 and 0 for an ordered product it leaves out. */
  Delivered: Quantities;
  Kind: DeliveryKind;
  /** The difference in words ('3 of 5 cases: 2 short'); null when there is none. */
  Words: string | null;
}

const noun = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** One quantity's difference in words, or null when delivered as ordered. */
function quantityWords(ordered: number, delivered: number, one: string, many: string): string | null {
  if (ordered === delivered) return null;
  const of = `${delivered} of ${ordered} ${noun(ordered, one, many)}`;
  return delivered < ordered ? `${of}: ${ordered - delivered} short` : `${of}: ${delivered - ordered} more`;
}

const isNothing = (q: Quantities) => q.Cases === 0 && q.Units === 0;

function compareLine(
  ordered: Quantities,
  delivered: Quantities,
  verb: string,
): { kind: DeliveryKind; words: string | null } {
  const parts = [
    quantityWords(ordered.Cases, delivered.Cases, 'case', 'cases'),
    quantityWords(ordered.Units, delivered.Units, 'unit', 'units'),
  ].filter((p): p is string => p !== null);
  if (!parts.length) return { kind: 'Same', words: null };
  if (isNothing(delivered)) {
    const what = [
      ordered.Cases ? `${ordered.Cases} ${noun(ordered.Cases, 'case', 'cases')}` : null,
      ordered.Units ? `${ordered.Units} ${noun(ordered.Units, 'unit', 'units')}` : null,
    ].filter(Boolean);
    return { kind: 'NotDelivered', words: `not ${verb} (${what.join(' and ')} ordered)` };
  }
  const short = delivered.Cases < ordered.Cases || delivered.Units < ordered.Units;
  return { kind: short ? 'Short' : 'More', words: parts.join(', ') };
}

/**
 * The ordered lines in their order, each with what was delivered, then the products the file
 * adds, in the file's order. A product listed twice counts once (the import keeps one line per
 * order and product). `verb`: 'confirmed' for what the file lists before the delivery date
 * (issue 33), where nothing has been delivered yet.
 */
export function compareDelivered(
  ordered: OrderedLine[],
  delivered: DeliveredLine[],
  verb: 'delivered' | 'confirmed' = 'delivered',
): LineComparison[] {
  const byCode = new Map(delivered.map((d) => [d.Code, d]));
  const orderedCodes = new Set(ordered.map((o) => o.Code));
  const rows: LineComparison[] = ordered.map((o) => {
    const d = byCode.get(o.Code);
    const got = { Cases: d?.Cases ?? 0, Units: d?.Units ?? 0 };
    const { kind, words } = compareLine(o, got, verb);
    return {
      Code: o.Code,
      Description: o.Description,
      Ordered: { Cases: o.Cases, Units: o.Units },
      Delivered: got,
      Kind: kind,
      Words: words,
    };
  });
  for (const d of byCode.values()) {
    if (orderedCodes.has(d.Code)) continue;
    const got = { Cases: d.Cases, Units: d.Units };
    // Listed with nothing, and nothing ordered: nothing to say.
    const added = !isNothing(got);
    rows.push({
      Code: d.Code,
      Description: d.Description,
      Ordered: null,
      Delivered: got,
      Kind: added ? 'Added' : 'Same',
      Words: added ? 'added by the distributor' : null,
    });
  }
  return nameSubstitutes(rows, ordered);
}

/**
 * What was sent instead (design.md 8.3, decision 071): an ordered product Y delivered short or
 * not at all, and a product X the distributor added (delivered, not ordered), where X is Y's
 * suggested substitute in the availability file, read "{X} sent for {Y}" on both rows instead of
 * the two separate differences. Several short products naming the same added X are each paired
 * with it, X's row naming them all ("X sent for Y and Z"); the file gives no split of X's cases,
 * so none is guessed. A substitute that was also ordered, or not delivered, pairs with nothing;
 * a product whose substitute is itself neither. Quantities and kinds are left as they are, so the
 * differences counted (the badge, the history's mark) do not change.
 */
export function nameSubstitutes(rows: LineComparison[], ordered: readonly OrderedLine[]): LineComparison[] {
  const substituteOf = new Map(
    ordered
      .filter((o) => o.SubstituteCode && o.SubstituteCode !== o.Code)
      .map((o) => [o.Code, o.SubstituteCode!]),
  );
  if (substituteOf.size === 0) return rows;
  const added = new Map(rows.filter((r) => r.Kind === 'Added').map((r) => [r.Code, r]));
  /** Per added substitute, the descriptions of the short products it was sent for, in order. */
  const sentFor = new Map<string, string[]>();
  const named = rows.map((r) => {
    const x = isShort(r) ? added.get(substituteOf.get(r.Code) ?? '') : undefined;
    if (!x) return r;
    sentFor.set(x.Code, [...(sentFor.get(x.Code) ?? []), r.Description]);
    return { ...r, Words: `${x.Description} sent for ${r.Description}` };
  });
  return named.map((r) => {
    const ys = r.Kind === 'Added' ? sentFor.get(r.Code) : undefined;
    return ys ? { ...r, Words: `${r.Description} sent for ${andList(ys)}` } : r;
  });
}

/** 'A', 'A and B', 'A, B and C'. */
function andList(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** How many lines differ: the history list's mark (design.md 7.12). */
export const differenceCount = (rows: LineComparison[]) => rows.filter((r) => r.Kind !== 'Same').length;

/** Lines delivered short or not at all: what the dashboard counts. */
export const isShort = (r: LineComparison) => r.Kind === 'Short' || r.Kind === 'NotDelivered';

/**
 * The status a web order takes once a file lists it: NoDelivery when every delivered line is 0,
 * whatever the date (the ERP says nothing will come); else Completed when its delivery date is
 * today or past (business time zone), else still Open. Dates are 'YYYY-MM-DD', which sort as text.
 */
export function deliveredStatus(delivered: Quantities[], deliveryDate: string, today: string): OrderStatus {
  if (delivered.every(isNothing)) return OrderStatus.NoDelivery;
  return deliveryDate <= today ? OrderStatus.Completed : OrderStatus.Open;
}
