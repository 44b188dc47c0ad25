import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './business-date';
import {
  buildOrderGuide,
  casesToPar,
  type GuideLine,
  type GuideProduct,
  hasFigures,
  isUsuallyOrdered,
  orderToPar,
  parToOrderTo,
  suggestedPar,
  suggestionToAccept,
  withoutFigures,
} from './order-guide';
import type { OrderGuide } from './order-guide.schema';
import { NO_PRICE_FIELDS } from './prices.schema';

// A Wednesday; every date below is fixed, never the real clock.
const today = '2026-11-25';
const ago = (days: number) => addDays(today, -days);

const product = (Code: string, Description = `Beer ${Code}`): GuideProduct => ({
  Code,
  Description,
  UnitsPerCase: 24,
  CaseOnly: false,
  Availability: null,
  Substitution: 'Allow',
});
const line = (daysAgo: number, Code: string, CaseQuantity: number, UnitQuantity = 0): GuideLine => ({
  DeliveryDate: ago(daysAgo),
  Code,
  CaseQuantity,
  UnitQuantity,
});
const guide = (products: GuideProduct[], lines: GuideLine[], pars: [string, number][] = []) =>
  buildOrderGuide({ today, products, lines, pars: new Map(pars), stockAsOf: null });
const one = (lines: GuideLine[]) => guide([product('A')], lines).Products[0]!;

describe('DeliveryDates and History', () => {
  it('are the 5 most recent delivery dates before today, oldest first; today and later do not count', () => {
    const lines = [0, 1, 2, 3, 5, 8, 9, 12, -3].map((d) => line(d, 'A', 1));
    expect(guide([product('A')], lines).DeliveryDates).toEqual([ago(8), ago(5), ago(3), ago(2), ago(1)]);
  });

  it('counts a date of any order, also of a product the customer may no longer order', () => {
    const g = guide([product('A')], [line(7, 'GONE', 3), line(14, 'A', 1)]);
    expect(g.DeliveryDates).toEqual([ago(14), ago(7)]);
    expect(g.Products[0]!.History).toEqual({ [ago(14)]: 1 });
  });

  it('sums the cases of two orders for one date and leaves out dates with none', () => {
    const p = one([line(7, 'A', 2), line(7, 'A', 3), line(14, 'A', 0, 6), line(21, 'B', 4)]);
    expect(p.History).toEqual({ [ago(7)]: 5 });
  });

  it('keeps only the 5 dates: older cases are not in History', () => {
    const p = one([1, 2, 3, 4, 5, 6].map((d) => line(d, 'A', d)));
    expect(p.History).toEqual({ [ago(1)]: 1, [ago(2)]: 2, [ago(3)]: 3, [ago(4)]: 4, [ago(5)]: 5 });
  });

  it('is empty for a customer without orders: a product without a figure is not listed', () => {
    expect(guide([product('A')], [])).toEqual({ DeliveryDates: [], StockAsOf: null, Products: [] });
  });
});

describe('which products the guide lists (decision 046)', () => {
  const listed = (lines: GuideLine[], pars: [string, number][] = []) =>
    guide([product('A')], lines, pars).Products.map((p) => p.Code);

  it('lists a product with cases shown, an appearance among the last 8 dates, cases in the 56 days or a par', () => {
    expect(listed([line(7, 'A', 1)])).toEqual(['A']);
    expect(listed([line(7, 'A', 0, 3)])).toEqual(['A']); // in units only: an appearance
    // The 9th date back: no appearance, no History, but cases within the 56 days.
    const eightOthers = Array.from({ length: 8 }, (_, k) => line(k + 1, 'B', 1));
    expect(listed([line(20, 'A', 2), ...eightOthers])).toEqual(['A']);
    expect(listed([], [['A', 0]])).toEqual(['A']);
  });

  it('leaves out a product with only lines of zeros, or orders from before the 8 dates and the 56 days', () => {
    expect(listed([line(7, 'A', 0, 0)])).toEqual([]);
    const eightOthers = Array.from({ length: 8 }, (_, k) => line(k + 1, 'B', 1));
    expect(listed([line(70, 'A', 2), ...eightOthers])).toEqual([]);
    expect(listed([line(0, 'A', 5), line(-7, 'A', 5)])).toEqual([]); // today and later: not yet
  });

  it('gives a product it leaves out no figures', () => {
    expect(withoutFigures(product('A'))).toEqual({
      ...product('A'),
      // A product without a price's fields has none ("Price on invoice").
      ...NO_PRICE_FIELDS,
      History: {},
      TimesOrdered: 0,
      AverageWeeklyCases: 0,
      Par: null,
      SuggestedPar: 0,
    });
    expect(hasFigures(withoutFigures(product('A')))).toBe(false);
  });
});

describe('TimesOrdered', () => {
  it('counts the dates among the last 8 on which the product was ordered in cases or units', () => {
    // Eight weekly dates; A on 3 of them (one in units only), a line of zeros does not count.
    const others = [7, 14, 21, 28, 35, 42, 49, 56].map((d) => line(d, 'B', 1));
    const p = one([...others, line(7, 'A', 1), line(21, 'A', 0, 4), line(35, 'A', 2), line(42, 'A', 0, 0)]);
    expect(p.TimesOrdered).toBe(3);
  });

  it('counts delivery dates, not weeks: skipped weeks reach further back', () => {
    // The customer ordered every other week: their last 8 dates span 16 weeks.
    const lines = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((w) => line(14 * w, 'A', 1));
    expect(one(lines).TimesOrdered).toBe(8);
  });

  it('leaves out the 9th date back and two orders on one date count once', () => {
    const lines = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => line(d, 'B', 1));
    expect(one([...lines, line(9, 'A', 5)]).TimesOrdered).toBe(0);
    expect(one([...lines, line(8, 'A', 5), line(8, 'A', 1)]).TimesOrdered).toBe(1);
  });
});

describe('AverageWeeklyCases and SuggestedPar', () => {
  it('divides the cases of the 56 days before today by 8, weeks without an order included', () => {
    // today-56 counts, today-57 and today do not.
    const p = one([line(56, 'A', 4), line(57, 'A', 100), line(0, 'A', 100), line(1, 'A', 4)]);
    expect(p.AverageWeeklyCases).toBe(1);
    expect(p.SuggestedPar).toBe(2);
  });

  it('ignores loose units: they are not cases', () => {
    const p = one([line(7, 'A', 0, 12)]);
    expect(p).toMatchObject({ AverageWeeklyCases: 0, SuggestedPar: 0, TimesOrdered: 1 });
  });

  it.each([
    [1, 0.125, 1], // 2 x 0.125 = 0.25, rounded up
    [3, 0.375, 1],
    [4, 0.5, 1], // exactly 1: not rounded up to 2
    [5, 0.625, 2],
    [8, 1, 2],
    [9, 1.125, 3],
    [100, 12.5, 25],
  ])('%i cases in 56 days: average %d, suggested par %i', (cases, average, suggested) => {
    const p = one(cases ? [line(10, 'A', cases)] : []);
    expect(p.AverageWeeklyCases).toBe(average);
    expect(p.SuggestedPar).toBe(suggested);
    expect(suggestedPar(average)).toBe(suggested);
  });

  it('suggests 0 for a product never ordered, or ordered only before the 56 days', () => {
    expect(one([line(60, 'A', 30)]).SuggestedPar).toBe(0);
  });
});

describe('Par and order', () => {
  it('gives the saved par or null', () => {
    const g = guide([product('A'), product('B')], [line(7, 'B', 1)], [['A', 12]]);
    expect(g.Products.map((p) => [p.Code, p.Par])).toEqual([
      ['B', null],
      ['A', 12],
    ]);
  });

  it('sorts most ordered first, then by description without regard to case, then by code', () => {
    const products = [product('1', 'stout'), product('2', 'Lager'), product('3', 'ale'), product('4', 'Ale')];
    products.push(product('0', 'Ale'));
    // 0, 3 and 4 are listed by their pars.
    const pars: [string, number][] = [
      ['0', 1],
      ['3', 1],
      ['4', 1],
    ];
    const g = guide(products, [line(7, '1', 1), line(14, '1', 1), line(7, '2', 1)], pars);
    expect(g.Products.map((p) => p.Code)).toEqual(['1', '2', '0', '3', '4']);
  });
});

describe('parToOrderTo, suggestionToAccept, casesToPar and isUsuallyOrdered', () => {
  it('orders to the saved par (0 included) only; a suggestion is to accept first (issue 32)', () => {
    expect(parToOrderTo({ Par: 0 })).toBe(0);
    expect(parToOrderTo({ Par: 7 })).toBe(7);
    // Before: a suggestion was a par to order to.
    expect(parToOrderTo({ Par: null })).toBeNull();
    expect(suggestionToAccept({ Par: null, SuggestedPar: 4 })).toBe(4);
    expect(suggestionToAccept({ Par: null, SuggestedPar: 0 })).toBeNull();
    expect(suggestionToAccept({ Par: 2, SuggestedPar: 4 })).toBeNull();
  });

  it('fills each product with a saved par to it, a missing count as 0 on hand, and no other', () => {
    const products = [
      { Code: 'A', Par: 6, SuggestedPar: 9 },
      { Code: 'B', Par: null, SuggestedPar: 4 },
      { Code: 'C', Par: 2, SuggestedPar: 0 },
      { Code: 'D', Par: 5, SuggestedPar: 0 },
      { Code: 'E', Par: null, SuggestedPar: 0 },
    ];
    const cases = casesToPar(products, { A: 2, B: 0, C: 5 });
    expect([...cases]).toEqual([
      ['A', 4],
      ['C', 0],
      ['D', 5],
    ]);
  });

  it('calls usual a product ordered in the last 8 delivery dates or with a saved par', () => {
    expect(isUsuallyOrdered({ TimesOrdered: 1, Par: null })).toBe(true);
    expect(isUsuallyOrdered({ TimesOrdered: 0, Par: 0 })).toBe(true);
    expect(isUsuallyOrdered({ TimesOrdered: 0, Par: null })).toBe(false);
  });
});

describe('orderToPar', () => {
  it.each([
    [10, 3, 7],
    [10, 10, 0],
    [3, 10, 0], // never negative
    [10, 0, 10],
    [10, -4, 10], // a negative count is 0 on hand
    [10, Number.NaN, 10], // an empty field
    [10, 2.5, 8], // a part case on hand: order up to par
    [0, 5, 0],
  ])('par %d with %d on hand: %d', (par, onHand, expected) => {
    expect(orderToPar(par, onHand)).toBe(expected);
  });

  it('is a whole number from 0 to par for any count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.oneof(fc.double(), fc.integer()), (par, onHand) => {
        const n = orderToPar(par, onHand);
        expect(Number.isInteger(n)).toBe(true);
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThanOrEqual(par);
        if (Number.isInteger(onHand) && onHand >= 0) expect(n).toBe(Math.max(0, par - onHand));
      }),
    );
  });
});

/** The rules as written in design.md 7.1, product by product, without shortcuts. */
function reference(products: GuideProduct[], lines: GuideLine[], pars: Map<string, number>): OrderGuide {
  const past = lines.filter((l) => daysBetween(l.DeliveryDate, today) >= 1);
  const dates = [...new Set(past.map((l) => l.DeliveryDate))].sort();
  const lastFive = dates.slice(-5);
  const lastEight = dates.slice(-8);
  const casesOn = (code: string, date: string) =>
    past.filter((l) => l.Code === code && l.DeliveryDate === date).reduce((s, l) => s + l.CaseQuantity, 0);
  const rows = products.map((p) => {
    const History: Record<string, number> = {};
    for (const d of lastFive) if (casesOn(p.Code, d) > 0) History[d] = casesOn(p.Code, d);
    const TimesOrdered = lastEight.filter((d) =>
      past.some((l) => l.Code === p.Code && l.DeliveryDate === d && l.CaseQuantity + l.UnitQuantity > 0),
    ).length;
    const recent = past
      .filter((l) => l.Code === p.Code && daysBetween(l.DeliveryDate, today) <= 56)
      .reduce((s, l) => s + l.CaseQuantity, 0);
    return {
      ...p,
      ...NO_PRICE_FIELDS,
      History,
      TimesOrdered,
      AverageWeeklyCases: recent / 8,
      Par: pars.has(p.Code) ? pars.get(p.Code)! : null,
      SuggestedPar: recent === 0 ? 0 : Math.ceil(recent / 4),
    };
  });
  rows.sort((a, b) => {
    if (a.TimesOrdered !== b.TimesOrdered) return b.TimesOrdered - a.TimesOrdered;
    const byText = a.Description.localeCompare(b.Description, 'en', { sensitivity: 'accent' });
    return byText !== 0 ? byText : a.Code < b.Code ? -1 : 1;
  });
  // Listed: a product with any figure of its own (decision 046).
  const listed = rows.filter(
    (r) =>
      Object.keys(r.History).length > 0 || r.TimesOrdered > 0 || r.AverageWeeklyCases > 0 || r.Par !== null,
  );
  return { DeliveryDates: lastFive, StockAsOf: '2026-11-25T16:40:00.000Z', Products: listed };
}

describe('against the reference', () => {
  const codes = ['A', 'B', 'C', 'D', 'E', 'F'];
  const products = fc.uniqueArray(
    fc.record({
      Code: fc.constantFrom(...codes),
      Description: fc.constantFrom('Ale', 'ale', 'Lager', 'Stout', 'Cider', 'cider'),
      UnitsPerCase: fc.constantFrom(6, 12, 24),
      CaseOnly: fc.boolean(),
      // Carried through as given, whatever the figures.
      Availability: fc.option(
        fc.record({
          Status: fc.constantFrom('IN' as const, 'LOW' as const, 'OUT' as const),
          Cases: fc.option(fc.nat(99)),
          ExpectedDate: fc.option(fc.constant('2026-12-01')),
          SubstituteCode: fc.constant('B'),
          SubstituteDescription: fc.constant('Beer B'),
        }),
      ),
      Substitution: fc.constantFrom('Allow' as const, 'Never' as const, 'CallMe' as const),
    }),
    { selector: (p) => p.Code },
  );
  const lines = fc.array(
    fc.record({
      // Around the 56 days and the 8 dates, and some on or after today.
      DeliveryDate: fc.integer({ min: -5, max: 120 }).map((d) => ago(d)),
      Code: fc.constantFrom(...codes, 'OLD'),
      CaseQuantity: fc.nat(6),
      UnitQuantity: fc.nat(3),
    }),
    { maxLength: 80 },
  );
  const pars = fc.array(fc.tuple(fc.constantFrom(...codes), fc.nat(9999))).map((e) => new Map(e));

  it('gives the same guide for any products, lines and pars', () => {
    fc.assert(
      fc.property(products, lines, pars, (ps, ls, saved) => {
        expect(
          buildOrderGuide({
            today,
            products: ps,
            lines: ls,
            pars: saved,
            stockAsOf: '2026-11-25T16:40:00.000Z',
          }),
        ).toEqual(reference(ps, ls, saved));
      }),
      { numRuns: 300 },
    );
  });

  it('never suggests a negative par, nor more than twice the weekly average plus one case', () => {
    fc.assert(
      fc.property(products, lines, (ps, ls) => {
        for (const p of buildOrderGuide({ today, products: ps, lines: ls, pars: new Map(), stockAsOf: null })
          .Products) {
          expect(p.SuggestedPar).toBeGreaterThanOrEqual(0);
          expect(p.SuggestedPar).toBeLessThan(2 * p.AverageWeeklyCases + 1);
          expect(p.TimesOrdered).toBeLessThanOrEqual(8);
        }
      }),
    );
  });
});
