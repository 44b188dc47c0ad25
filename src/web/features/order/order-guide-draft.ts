import type { CustomerProduct } from '../../../domain/customer.schema';
import { casesToPar, isUsuallyOrdered, parToOrderTo, suggestionToAccept } from '../../../domain/order-guide';
import type { OrderGuide, OrderGuideProduct } from '../../../domain/order-guide.schema';
import type { OrderProduct } from '../../../domain/order-view.schema';
import { draftsFromOrder, type QuantityDrafts } from './order-draft';

/**
 * Step 2 as an order guide (design.md 7.1, issue 19): the rules that turn the guide's figures,
 * the last order and on-hand counts into quantities. Pure, so the screen and its tests share them.
 */

/** Lower case without accents, so 'rose' finds 'Rosé' and 'BR-11' finds 'br-1105'. */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The words of a search, folded; none means everything matches. */
export const searchWords = (query: string) => fold(query).split(/\s+/).filter(Boolean);

/** Whether a product's folded 'code description' holds every word. */
export const matchesWords = (folded: string, words: readonly string[]) =>
  words.every((w) => folded.includes(w));

/** The par that ordering to par fills up to, the saved one (`parToOrderTo`); null without the guide's figures. */
export const parOf = (figures: OrderGuideProduct | undefined) => (figures ? parToOrderTo(figures) : null);

/** A suggested par the customer may accept (`suggestionToAccept`); null without one. */
export const suggestionOf = (figures: OrderGuideProduct | undefined) =>
  figures ? suggestionToAccept(figures) : null;

/** Whether ordering to par lists a product: it has a saved par to count for, or a suggestion to accept. */
export const countsForPar = (figures: OrderGuideProduct | undefined) =>
  parOf(figures) !== null || suggestionOf(figures) !== null;

/** "What I usually order" (`isUsuallyOrdered`); false without the guide's figures. */
export const isUsual = (figures: OrderGuideProduct | undefined) =>
  figures !== undefined && isUsuallyOrdered(figures);

/**
 * The orderable products in the guide's order: the ones ordered in the last 8 delivery dates
 * first, most ordered first (the guide's order); then every other product in the catalogue's
 * order, those the guide lists for a par or an older average and those it does not list
 * (decision 046) alike, so saving a par never moves a row under the customer's thumb. When an
 * order is changed (design.md 7.10), its own products (`first`) come before all of them, in the
 * same order: what is on the order is what the customer came to change.
 */
export function inGuideOrder<P extends { Code: string }>(
  products: readonly P[],
  guide: OrderGuide | undefined,
  first?: ReadonlySet<string>,
): P[] {
  const rank = new Map((guide?.Products ?? []).filter((p) => p.TimesOrdered > 0).map((p, i) => [p.Code, i]));
  const known = products.filter((p) => rank.has(p.Code));
  known.sort((a, b) => rank.get(a.Code)! - rank.get(b.Code)!);
  const ordered = [...known, ...products.filter((p) => !rank.has(p.Code))];
  if (!first || first.size === 0) return ordered;
  return [...ordered.filter((p) => first.has(p.Code)), ...ordered.filter((p) => !first.has(p.Code))];
}

/** A past delivery's cell, as the worksheet writes it: 'n C' for n cases, '-' for none. */
export const historyCell = (cases: number | undefined) => (cases && cases > 0 ? `${cases} C` : '-');

export interface SameAsLast {
  drafts: QuantityDrafts;
  /** Products of the last order that cannot be ordered for this date (or are not known at all). */
  leftOut: { Code: string; Description: string }[];
}

/**
 * "Same as last order": its quantities for the products that can be ordered now. The others
 * (discontinued, out of their dates, an ERP item never set up here) are left out and named;
 * lines of zeros (an ERP line not delivered) are neither ordered nor named.
 */
export function sameAsLast(
  lastProducts: readonly OrderProduct[],
  orderable: ReadonlySet<string>,
): SameAsLast {
  const ordered = lastProducts.filter((p) => p.CaseQuantity > 0 || p.UnitQuantity > 0);
  return {
    drafts: draftsFromOrder(ordered.filter((p) => orderable.has(p.Code))),
    leftOut: ordered
      .filter((p) => !orderable.has(p.Code))
      .map((p) => ({ Code: p.Code, Description: p.Description })),
  };
}

/** An on-hand box's text as a count: empty is no count (0 on hand), not a number is 0 on hand (`orderToPar`). */
const onHandOf = (value: string | number | undefined) =>
  value === undefined || value === '' ? 0 : Number(value);

/**
 * Order to par, from the guide's count or the worksheet's: every product with a SAVED par gets
 * max(0, par - on hand) cases (`casesToPar`, the one rule of both), its units cleared; every
 * other product keeps what it had, a suggested par included until it is accepted (issue 32).
 * 0 to order leaves the box empty.
 */
export function draftsToPar(
  drafts: QuantityDrafts,
  products: readonly Pick<CustomerProduct, 'Code'>[],
  figures: ReadonlyMap<string, OrderGuideProduct>,
  onHand: Readonly<Record<string, string | number>>,
): QuantityDrafts {
  const next: Record<string, QuantityDrafts[string]> = { ...drafts };
  const counts = Object.fromEntries(Object.entries(onHand).map(([code, v]) => [code, onHandOf(v)]));
  const withFigures = products.flatMap(({ Code }) => {
    const f = figures.get(Code);
    return f ? [f] : [];
  });
  for (const [code, cases] of casesToPar(withFigures, counts))
    next[code] = { CaseQuantity: cases > 0 ? cases : '', UnitQuantity: '' };
  return next;
}
