/**
 * A small seeded PRNG (mulberry32) so demo data is the same on every run, with the few
 * helpers the seed needs. Not for anything secret.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items, each drawn with probability proportional to its weight (> 0). */
  sample<T>(items: readonly T[], count: number, weight: (item: T) => number): T[];
}

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as (typeof items)[number];
    },
    sample: (items, count, weight) =>
      // Efraimidis-Spirakis: key u^(1/w), keep the largest keys (https://doi.org/10.1016/j.ipl.2005.11.003).
      items
        .map((item) => ({ item, w: weight(item) }))
        .filter((x) => x.w > 0)
        .map((x) => ({ item: x.item, key: next() ** (1 / x.w) }))
        .sort((p, q) => q.key - p.key)
        .slice(0, count)
        .map((x) => x.item),
  };
}
