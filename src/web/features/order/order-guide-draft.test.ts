import { describe, expect, it } from 'vitest';
import type { OrderGuide, OrderGuideProduct } from '../../../domain/order-guide.schema';
import type { OrderProduct } from '../../../domain/order-view.schema';
import { NO_PRICE_FIELDS } from '../../../domain/prices.schema';
import {
  draftsToPar,
  fold,
  historyCell,
  inGuideOrder,
  isUsual,
  matchesWords,
  parOf,
  sameAsLast,
  searchWords,
  suggestionOf,
} from './order-guide-draft';

const figures = (over: Partial<OrderGuideProduct> & Pick<OrderGuideProduct, 'Code'>): OrderGuideProduct => ({
  Description: `Product ${over.Code}`,
  UnitsPerCase: 24,
  CaseOnly: true,
  Availability: null,
  Substitution: 'Allow',
  ...NO_PRICE_FIELDS,
  History: {},
  TimesOrdered: 0,
  AverageWeeklyCases: 0,
  Par: null,
  SuggestedPar: 0,
  ...over,
});

const line = (over: Partial<OrderProduct> & Pick<OrderProduct, 'Code'>): OrderProduct => ({
  Description: `Product ${over.Code}`,
  UnitsPerCase: 24,
  IsCaseOnly: true,
  CaseQuantity: 0,
  UnitQuantity: 0,
  Cases: 0,
  Units: 0,
  TotalUnits: 0,
  Substitution: 'Allow',
  ...over,
});

describe('the order guide on the order form', () => {
  it('searches code and description without case or accents, every word', () => {
    const text = fold('WN-1159 Rosé de Provence');
    expect(matchesWords(text, searchWords('ROSE'))).toBe(true);
    expect(matchesWords(text, searchWords('wn-11 provence'))).toBe(true);
    expect(matchesWords(text, searchWords('rose merlot'))).toBe(false);
    expect(searchWords('   ')).toEqual([]);
  });

  it('takes the saved par only; a suggestion above 0 is one to accept', () => {
    expect(parOf(figures({ Code: 'A', Par: 0, SuggestedPar: 4 }))).toBe(0);
    // Issue 32: a suggestion is no par until it is accepted.
    expect(parOf(figures({ Code: 'A', SuggestedPar: 4 }))).toBeNull();
    expect(parOf(figures({ Code: 'A' }))).toBeNull();
    expect(parOf(undefined)).toBeNull();
    expect(suggestionOf(figures({ Code: 'A', SuggestedPar: 4 }))).toBe(4);
    expect(suggestionOf(figures({ Code: 'A', Par: 1, SuggestedPar: 4 }))).toBeNull();
  });

  it('calls usual what was ordered lately or has a par', () => {
    expect(isUsual(figures({ Code: 'A', TimesOrdered: 1 }))).toBe(true);
    expect(isUsual(figures({ Code: 'A', Par: 0 }))).toBe(true);
    expect(isUsual(figures({ Code: 'A', SuggestedPar: 3 }))).toBe(false);
    expect(isUsual(undefined)).toBe(false);
  });

  it('puts the products ordered lately in the guide order, then the others in the catalogue order', () => {
    const guide: OrderGuide = {
      DeliveryDates: [],
      StockAsOf: null,
      // D is listed for its par only: it stays where the catalogue has it.
      Products: [
        figures({ Code: 'C', TimesOrdered: 3 }),
        figures({ Code: 'A', TimesOrdered: 1 }),
        figures({ Code: 'D', Par: 4 }),
      ],
    };
    const products = [{ Code: 'D' }, { Code: 'A' }, { Code: 'B' }, { Code: 'C' }];
    expect(inGuideOrder(products, guide).map((p) => p.Code)).toEqual(['C', 'A', 'D', 'B']);
    expect(inGuideOrder(products, undefined).map((p) => p.Code)).toEqual(['D', 'A', 'B', 'C']);
    // A change: the order's own products first (B and A), each part in the same order as before.
    expect(inGuideOrder(products, guide, new Set(['B', 'A'])).map((p) => p.Code)).toEqual([
      'A',
      'B',
      'C',
      'D',
    ]);
    expect(inGuideOrder(products, undefined, new Set(['C'])).map((p) => p.Code)).toEqual([
      'C',
      'D',
      'A',
      'B',
    ]);
  });

  it("writes a past delivery as the worksheet does: 'n C' or '-'", () => {
    expect(historyCell(3)).toBe('3 C');
    expect(historyCell(0)).toBe('-');
    expect(historyCell(undefined)).toBe('-');
  });

  it('repeats the last order for what can be ordered, and names what cannot', () => {
    const result = sameAsLast(
      [
        line({ Code: 'A', CaseQuantity: 2 }),
        line({ Code: 'B', IsCaseOnly: false, UnitQuantity: 5 }),
        line({ Code: 'ERP-9', Description: 'Unknown ERP item', CaseQuantity: 1 }),
        line({ Code: 'GONE', Description: 'Old Lager' }),
      ],
      new Set(['A', 'B']),
    );
    expect(result.drafts).toEqual({
      A: { CaseQuantity: 2, UnitQuantity: '' },
      B: { CaseQuantity: '', UnitQuantity: 5 },
    });
    // A line of zeros (not delivered) is not named.
    expect(result.leftOut).toEqual([{ Code: 'ERP-9', Description: 'Unknown ERP item' }]);
  });

  it('orders each product with a saved par up to it, never below 0, and leaves the others alone', () => {
    const map = new Map([
      ['A', figures({ Code: 'A', Par: 6 })],
      ['B', figures({ Code: 'B', SuggestedPar: 4 })],
      ['C', figures({ Code: 'C', Par: 2 })],
      ['D', figures({ Code: 'D' })],
    ]);
    const drafts = { C: { CaseQuantity: 9, UnitQuantity: 3 }, D: { CaseQuantity: 1, UnitQuantity: '' } };
    const next = draftsToPar(drafts, [{ Code: 'A' }, { Code: 'B' }, { Code: 'C' }, { Code: 'D' }], map, {
      A: '2',
      C: '5',
    });
    expect(next).toEqual({
      A: { CaseQuantity: 4, UnitQuantity: '' },
      // Issue 32: a suggested par fills nothing (it filled 4, from a blank count, before).
      // B has no entry: it had nothing and keeps nothing.
      // More on hand than the par: nothing to order.
      C: { CaseQuantity: '', UnitQuantity: '' },
      D: { CaseQuantity: 1, UnitQuantity: '' },
    });
  });
});
