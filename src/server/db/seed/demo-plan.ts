/**
 * Turns the demo catalog into rows: items with codes and flags, and each customer's
 * product links. Pure: the same `today` gives the same plan, and the random draws never
 * depend on `today` (each part has its own seed), so only the dates move between runs.
 */
import { addDays } from './dates.js';
import { categoryWeights, type DemoCustomer, demoCustomers } from './demo-catalog.js';
import { type CategoryKey, demoCategories } from './demo-products.js';
import { mulberry32 } from './prng.js';

export interface PlannedProduct {
  code: string;
  description: string;
  type: number;
  units: number;
  isCaseOnly: boolean;
  isActive: boolean;
  unitUom: string;
  caseUom: string;
  category: CategoryKey;
  /** Position in the price book: the order a distributor lists its items in. */
  rank: number;
}

export interface PlannedLink {
  companyId: number;
  code: string;
  startDate: string | null;
  endDate: string | null;
  orderNo: number;
}

export const SEED = 0x5eed_0000;

const BOTTLED: ReadonlySet<CategoryKey> = new Set(['wine', 'spirits', 'soda', 'water', 'juice']);

function unitUomOf(description: string, category: CategoryKey): string {
  if (/\bKeg\b/.test(description)) return 'KEG';
  if (/Bag-in-Box/.test(description)) return 'BIB';
  if (/\bBox\b/.test(description)) return 'BOX';
  if (/\bCan\b/.test(description)) return 'CAN';
  if (/\bBag\b/.test(description)) return 'BAG';
  if (/\b(Btl|Glass)\b/.test(description)) return 'BTL';
  return BOTTLED.has(category) ? 'BTL' : 'EA';
}

export function planProducts(): PlannedProduct[] {
  const rng = mulberry32(SEED + 1);
  const planned: PlannedProduct[] = [];
  for (const category of demoCategories) {
    category.items.forEach(([description, units, flag], i) => {
      // Spaced numbers with a random step look like a real price book and stay unique.
      const code = `${category.prefix}-${1000 + i * 16 + rng.int(0, 15)}`;
      const unitUom = unitUomOf(description, category.key);
      const soldByUnit = rng.chance(category.splitShare);
      planned.push({
        code,
        description,
        type: category.type,
        units,
        isCaseOnly: units === 1 || !soldByUnit,
        isActive: flag !== 'inactive',
        unitUom,
        caseUom: units === 1 ? unitUom : 'CS',
        category: category.key,
        rank: planned.length,
      });
    });
  }
  return planned;
}

function planCustomerLinks(customer: DemoCustomer, products: readonly PlannedProduct[], today: string) {
  const rng = mulberry32(SEED + 1000 + customer.companyId);
  const weights = categoryWeights[customer.customerTypeId];
  // Discontinued items stay linked now and then, so the order form's "active only" rule shows.
  const chosen = rng
    .sample(products, rng.int(15, 40), (p) => (weights?.[p.category] ?? 1) * (p.isActive ? 1 : 0.3))
    .sort((a, b) => a.rank - b.rank);
  const links: PlannedLink[] = chosen.map((p, i) => {
    let startDate: string | null = null;
    if (rng.chance(0.25)) {
      // Mostly long-standing links; a few items added within the history window.
      startDate = addDays(today, rng.chance(0.8) ? -rng.int(200, 900) : -rng.int(20, 150));
    }
    return { companyId: customer.companyId, code: p.code, startDate, endDate: null, orderNo: i + 1 };
  });
  // About a third of the customers had an item or two dropped recently (end date in the past).
  if (rng.chance(0.35)) {
    for (let n = rng.int(1, 2); n > 0; n--) {
      const link = rng.pick(links);
      link.endDate = addDays(today, -rng.int(7, 90));
      if (link.startDate && link.startDate > link.endDate) link.startDate = null;
    }
  }
  return links;
}

export function planLinks(products: readonly PlannedProduct[], today: string): PlannedLink[] {
  return demoCustomers.flatMap((customer) => planCustomerLinks(customer, products, today));
}
