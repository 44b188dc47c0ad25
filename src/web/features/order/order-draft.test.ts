import { describe, expect, it } from 'vitest';
import {
  draftLines,
  draftsFromOrder,
  emptyHeader,
  ignoredUnitsNote,
  orderableProducts,
  orderPayload,
  orderTotals,
  quantityError,
  quantityOf,
  setQuantity,
} from './order-draft';
import { product } from './test/render-order';

describe('order draft', () => {
  it('counts empty, negative, fractional and unreadable quantities as 0, and says which are mistakes', () => {
    expect(quantityOf('')).toBe(0);
    expect(quantityOf(undefined)).toBe(0);
    expect(quantityOf(-3)).toBe(0);
    expect(quantityOf('-')).toBe(0);
    expect(quantityOf(2.7)).toBe(0);
    expect(quantityOf('2.5')).toBe(0);
    expect(quantityOf('5')).toBe(5);
    expect(quantityOf(' 7 ')).toBe(7);
    expect(quantityError('', 'CaseQuantity')).toBeNull();
    expect(quantityError('-3', 'CaseQuantity')).toBeNull();
    expect(quantityError('2.5', 'CaseQuantity')).toBe('Cases must be a whole number');
    expect(quantityError('.', 'UnitQuantity')).toBe('Units must be a whole number');
    expect(quantityError('99999', 'UnitQuantity')).toBeNull();
    expect(quantityError('100000', 'UnitQuantity')).toBe('Units must be at most 99999');
  });

  it('keeps both boxes of a line as typed, counts the cases, and marks a line with a mistake', () => {
    const products = [product({ Code: 'B', UnitsPerCase: 6, IsCaseOnly: false })];
    let drafts = setQuantity({}, 'B', 'CaseQuantity', '5');
    drafts = setQuantity(drafts, 'B', 'UnitQuantity', '6');
    expect(drafts.B).toEqual({ CaseQuantity: '5', UnitQuantity: '6' });
    const [line] = draftLines(products, drafts);
    expect(line).toMatchObject({
      CaseQuantity: 5,
      UnitQuantity: 0,
      TotalUnits: 30,
      IgnoredUnits: 6,
      Invalid: false,
    });
    expect(ignoredUnitsNote(line!)).toBe('6 units ignored: 5 cases = 30 units');
    // Issue 32: the order waits until the customer keeps the cases or the units.
    expect(orderTotals([line!]).unitsBesideCases).toEqual(['B']);
    const [wrong] = draftLines(products, setQuantity(drafts, 'B', 'UnitQuantity', '1.5'));
    expect(wrong).toMatchObject({ Invalid: true, IgnoredUnits: 0 });
    expect(orderTotals([wrong!]).invalid).toBe(1);
  });

  it('offers active products linked for the delivery date, by order number then description', () => {
    const products = [
      product({ Code: 'C', Description: 'Cola', OrderNo: 2 }),
      product({ Code: 'A', Description: 'Ale', OrderNo: 2 }),
      product({ Code: 'Z', Description: 'Zinfandel', OrderNo: 1 }),
      product({ Code: 'OFF', IsActive: false }),
      product({ Code: 'LATE', StartDate: '2026-06-13' }),
      product({ Code: 'GONE', EndDate: '2026-06-11' }),
      product({
        Code: 'EDGE',
        Description: 'Edge',
        OrderNo: 3,
        StartDate: '2026-06-12',
        EndDate: '2026-06-12',
      }),
    ];
    expect(orderableProducts(products, '2026-06-12').map((p) => p.Code)).toEqual(['Z', 'A', 'C', 'EDGE']);
    expect(orderableProducts(products, null)).toEqual([]);
  });

  it('sends only lines with a quantity, the phone unmasked, and a Reference PO only for types 6 and 7', () => {
    const products = [
      product({ Code: 'A', UnitsPerCase: 24 }),
      product({ Code: 'B', UnitsPerCase: 6, IsCaseOnly: false }),
      product({ Code: 'C' }),
    ];
    let drafts = setQuantity({}, 'A', 'CaseQuantity', 2);
    drafts = setQuantity(drafts, 'B', 'UnitQuantity', '4');
    drafts = setQuantity(drafts, 'C', 'CaseQuantity', -1);
    const lines = draftLines(products, drafts);
    expect(orderTotals(lines)).toEqual({
      products: 2,
      cases: 2,
      units: 52,
      invalid: 0,
      unitsBesideCases: [],
    });
    const header = {
      ...emptyHeader,
      DeliveryDate: '2026-06-12',
      Name: ' Pat ',
      Phone: '3125550142',
      Email: 'p@x.co',
      ReferencePO: 'PO-1',
    };
    expect(orderPayload(header, lines, 1)).toEqual({
      DeliveryDate: '2026-06-12',
      Name: 'Pat',
      Phone: '3125550142',
      Email: 'p@x.co',
      ProductQuantities: [
        { Code: 'A', CaseQuantity: 2, UnitQuantity: 0, Substitution: 'Allow' },
        { Code: 'B', CaseQuantity: 0, UnitQuantity: 4, Substitution: 'Allow' },
      ],
    });
    expect(orderPayload(header, lines, 6).ReferencePO).toBe('PO-1');
  });

  it("fills a re-order from the copied order's lines", () => {
    const drafts = draftsFromOrder([
      {
        Code: 'A',
        Description: 'a',
        UnitsPerCase: 24,
        IsCaseOnly: true,
        CaseQuantity: 3,
        UnitQuantity: 0,
        Cases: 3,
        Units: 0,
        TotalUnits: 72,
        Substitution: 'Allow',
      },
      {
        Code: 'B',
        Description: 'b',
        UnitsPerCase: 6,
        IsCaseOnly: false,
        CaseQuantity: 0,
        UnitQuantity: 4,
        Cases: 0,
        Units: 4,
        TotalUnits: 4,
        Substitution: 'Allow',
      },
    ]);
    expect(drafts).toEqual({
      A: { CaseQuantity: 3, UnitQuantity: '' },
      B: { CaseQuantity: '', UnitQuantity: 4 },
    });
  });
});
