/**
 * The demo price book (design.md 8.4): every customer type's price for most active items, from
 * a month ago to two months on, and 3% lower in the six months before, so every order's estimate
 * shows; a tenth of the items have none
 * ("Price on invoice"). Kegs and bottled beer carry deposits, a fifth of the bars' beers a
 * 5-case break, and the demo bar its own price on three of its items. Pure, with its own seed:
 * only the dates move with `today`.
 */
import { addDays } from './dates.js';
import { demoCustomerTypes } from './demo-catalog.js';
import { type PlannedLink, type PlannedProduct, SEED } from './demo-plan.js';
import type { CategoryKey } from './demo-products.js';
import { mulberry32 } from './prng.js';

export interface PlannedPrice {
  /** A customer type's price, or one customer's own. */
  level: { customerTypeId: number } | { companyId: number };
  code: string;
  minCases: number;
  fromDate: string;
  toDate: string;
  casePrice: number;
  unitPrice: number | null;
  depositPerCase: number;
}

/** A case's price range per category, in cents. */
const CASE_CENTS: Record<CategoryKey, readonly [number, number]> = {
  beer: [2200, 4200],
  wine: [9000, 24000],
  spirits: [15000, 42000],
  soda: [1200, 2400],
  water: [900, 1800],
  juice: [1800, 3200],
  ice: [600, 1200],
  frozen: [2500, 6000],
  icecream: [2800, 5400],
  supplies: [1500, 4500],
};

/** What each customer type pays against the list, in percent (volume buyers less). */
const TYPE_PERCENT: Readonly<Record<number, number>> = {
  1: 100,
  2: 100,
  3: 96,
  4: 104,
  5: 94,
  6: 95,
  7: 102,
};

const toNickel = (cents: number) => Math.max(5, Math.round(cents / 5) * 5);

export function planPrices(
  products: readonly PlannedProduct[],
  links: readonly PlannedLink[],
  today: string,
): PlannedPrice[] {
  const rng = mulberry32(SEED + 7);
  const period = { fromDate: addDays(today, -30), toDate: addDays(today, 60) };
  // The last period, 3% lower, so the history's orders have their estimates too.
  const before = { fromDate: addDays(today, -210), toDate: addDays(today, -31) };
  const planned: PlannedPrice[] = [];
  const listed = new Map<string, PlannedPrice>();
  for (const p of products) {
    const [low, high] = CASE_CENTS[p.category];
    const list = toNickel(rng.int(low, high));
    const keg = /\bKeg\b/.test(p.description);
    const base = keg ? toNickel(rng.int(12000, 22000)) : list;
    const deposit = keg ? 3000 : p.category === 'beer' && p.unitUom === 'BTL' ? 120 : 0;
    const withBreak = p.category === 'beer' && !keg && rng.chance(0.2);
    if (!p.isActive || rng.chance(0.1)) continue;
    for (const type of demoCustomerTypes) {
      const casePrice = toNickel((base * (TYPE_PERCENT[type.id] ?? 100)) / 100);
      const price: PlannedPrice = {
        level: { customerTypeId: type.id },
        code: p.code,
        minCases: 1,
        ...period,
        casePrice,
        unitPrice: p.isCaseOnly ? null : toNickel((casePrice / p.units) * 1.15),
        depositPerCase: deposit,
      };
      planned.push(price, { ...price, ...before, casePrice: toNickel(casePrice * 0.97) });
      if (type.id === 1) listed.set(p.code, price);
      if (withBreak && type.id === 1)
        planned.push({ ...price, minCases: 5, casePrice: toNickel(casePrice * 0.96) });
    }
  }
  // The demo bar's own price, 5% under its type's, on its first three priced items.
  const bar = links.filter((l) => l.companyId === 1001 && listed.has(l.code)).slice(0, 3);
  for (const link of bar) {
    const typePrice = listed.get(link.code)!;
    planned.push({
      ...typePrice,
      level: { companyId: 1001 },
      minCases: 1,
      casePrice: toNickel(typePrice.casePrice * 0.95),
    });
  }
  return planned;
}
