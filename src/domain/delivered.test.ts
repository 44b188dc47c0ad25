import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareDelivered,
  type DeliveredLine,
  deliveredStatus,
  differenceCount,
  isShort,
  type OrderedLine,
} from './delivered';
import { OrderStatus } from './enums';

const ordered = (Code: string, Cases: number, Units = 0): OrderedLine => ({
  Code,
  Description: `Ordered ${Code}`,
  Cases,
  Units,
});
const delivered = (Code: string, Cases: number, Units = 0): DeliveredLine => ({
  Code,
  Description: `ERP ${Code}`,
  Cases,
  Units,
});

describe('what was delivered against what was ordered (design.md 7.12)', () => {
  it('says a short line in words, and a line delivered as ordered has nothing to say', () => {
    const rows = compareDelivered(
      [ordered('COLA', 5), ordered('LIME', 2)],
      [delivered('LIME', 2), delivered('COLA', 3)],
    );
    expect(rows).toEqual([
      {
        Code: 'COLA',
        Description: 'Ordered COLA',
        Ordered: { Cases: 5, Units: 0 },
        Delivered: { Cases: 3, Units: 0 },
        Kind: 'Short',
        Words: '3 of 5 cases: 2 short',
      },
      {
        Code: 'LIME',
        Description: 'Ordered LIME',
        Ordered: { Cases: 2, Units: 0 },
        Delivered: { Cases: 2, Units: 0 },
        Kind: 'Same',
        Words: null,
      },
    ]);
    expect(differenceCount(rows)).toBe(1);
    expect(rows.filter(isShort)).toHaveLength(1);
  });

  it('counts units apart from cases, with the right singular', () => {
    const [units] = compareDelivered([ordered('GIN', 0, 12)], [delivered('GIN', 0, 11)]);
    expect(units).toMatchObject({ Kind: 'Short', Words: '11 of 12 units: 1 short' });
    const [both] = compareDelivered([ordered('GIN', 1, 3)], [delivered('GIN', 0, 4)]);
    expect(both).toMatchObject({ Kind: 'Short', Words: '0 of 1 case: 1 short, 4 of 3 units: 1 more' });
    const [more] = compareDelivered([ordered('GIN', 2)], [delivered('GIN', 3)]);
    expect(more).toMatchObject({ Kind: 'More', Words: '3 of 2 cases: 1 more' });
  });

  it('says a product the customer did not order was added by the distributor', () => {
    const rows = compareDelivered([ordered('COLA', 1)], [delivered('COLA', 1), delivered('TONIC', 4)]);
    expect(rows[1]).toEqual({
      Code: 'TONIC',
      Description: 'ERP TONIC',
      Ordered: null,
      Delivered: { Cases: 4, Units: 0 },
      Kind: 'Added',
      Words: 'added by the distributor',
    });
    expect(rows.filter(isShort)).toEqual([]);
  });

  it('shows a substituted product as the ordered one not delivered and the other added, never guessing a pair', () => {
    const rows = compareDelivered([ordered('COLA-12', 5)], [delivered('COLA-24', 3)]);
    expect(rows.map((r) => [r.Code, r.Kind, r.Words])).toEqual([
      ['COLA-12', 'NotDelivered', 'not delivered (5 cases ordered)'],
      ['COLA-24', 'Added', 'added by the distributor'],
    ]);
    expect(differenceCount(rows)).toBe(2);
  });

  it('nothing delivered: every ordered line, listed with 0 or left out, is not delivered, and the order is NoDelivery', () => {
    const lines = [delivered('COLA', 0), delivered('EXTRA', 0)];
    const rows = compareDelivered([ordered('COLA', 5), ordered('GIN', 1, 6)], lines);
    expect(rows.map((r) => [r.Code, r.Kind, r.Words])).toEqual([
      ['COLA', 'NotDelivered', 'not delivered (5 cases ordered)'],
      ['GIN', 'NotDelivered', 'not delivered (1 case and 6 units ordered)'],
      // Listed with nothing and not ordered: nothing to say about it.
      ['EXTRA', 'Same', null],
    ]);
    expect(rows.filter(isShort)).toHaveLength(2);
    expect(
      deliveredStatus(
        lines.map((l) => ({ Cases: l.Cases, Units: l.Units })),
        '2026-12-01',
        '2026-11-25',
      ),
    ).toBe(OrderStatus.NoDelivery);
  });

  it('sets Completed only from the delivery date on; before it the order stays Open', () => {
    const some = [
      { Cases: 0, Units: 0 },
      { Cases: 1, Units: 0 },
    ];
    expect(deliveredStatus(some, '2026-11-25', '2026-11-25')).toBe(OrderStatus.Completed);
    expect(deliveredStatus(some, '2026-11-24', '2026-11-25')).toBe(OrderStatus.Completed);
    expect(deliveredStatus(some, '2026-11-26', '2026-11-25')).toBe(OrderStatus.Open);
  });

  // A plain reference: every product of either list, looked up by code with nothing clever.
  const quantity = fc.nat({ max: 4 });
  const code = fc.constantFrom('A', 'B', 'C', 'D', 'E');
  const lineArb = fc.record({ Code: code, Cases: quantity, Units: quantity });
  const uniqueLines = fc.uniqueArray(lineArb, { selector: (l) => l.Code, maxLength: 5 });

  it('agrees with a plain reference on every line kind', () => {
    fc.assert(
      fc.property(uniqueLines, uniqueLines, (o, d) => {
        const ord = o.filter((l) => l.Cases + l.Units > 0).map((l) => ordered(l.Code, l.Cases, l.Units));
        const del = d.map((l) => delivered(l.Code, l.Cases, l.Units));
        const rows = compareDelivered(ord, del);
        const codes = [...new Set([...ord.map((l) => l.Code), ...del.map((l) => l.Code)])];
        expect(rows.map((r) => r.Code)).toEqual(codes);
        for (const r of rows) {
          const wanted = ord.find((l) => l.Code === r.Code);
          const got = del.find((l) => l.Code === r.Code) ?? { Cases: 0, Units: 0 };
          let kind: string;
          if (!wanted) kind = got.Cases + got.Units > 0 ? 'Added' : 'Same';
          else if (wanted.Cases === got.Cases && wanted.Units === got.Units) kind = 'Same';
          else if (got.Cases + got.Units === 0) kind = 'NotDelivered';
          else if (got.Cases < wanted.Cases || got.Units < wanted.Units) kind = 'Short';
          else kind = 'More';
          expect(r.Kind).toBe(kind);
          expect(r.Words === null).toBe(kind === 'Same');
        }
      }),
    );
  });
});

describe('what was sent instead (design.md 8.3, decision 071)', () => {
  /** An ordered line whose suggested substitute in the availability file is `sub`. */
  const withSub = (Code: string, Cases: number, sub: string | null, Units = 0): OrderedLine => ({
    ...ordered(Code, Cases, Units),
    SubstituteCode: sub,
  });
  const words = (rows: ReturnType<typeof compareDelivered>) => rows.map((r) => [r.Code, r.Kind, r.Words]);

  it('says "{X} sent for {Y}" on both rows when Y is not delivered and its substitute X is added', () => {
    const rows = compareDelivered([withSub('COLA-12', 5, 'COLA-24')], [delivered('COLA-24', 3)]);
    expect(words(rows)).toEqual([
      ['COLA-12', 'NotDelivered', 'ERP COLA-24 sent for Ordered COLA-12'],
      ['COLA-24', 'Added', 'ERP COLA-24 sent for Ordered COLA-12'],
    ]);
    // The quantities and kinds are what they were: the differences counted do not change.
    expect(rows[0]!.Delivered).toEqual({ Cases: 0, Units: 0 });
    expect(rows[1]!.Ordered).toBeNull();
    expect(differenceCount(rows)).toBe(2);
    expect(rows.filter(isShort).map((r) => r.Code)).toEqual(['COLA-12']);
  });

  it('pairs a product delivered short, in cases or in units, with its added substitute', () => {
    const rows = compareDelivered(
      [withSub('COLA', 5, 'PEPSI'), withSub('LIME', 1, 'LEMON', 6)],
      [delivered('COLA', 3), delivered('PEPSI', 2), delivered('LIME', 1, 2), delivered('LEMON', 0, 4)],
    );
    expect(words(rows)).toEqual([
      ['COLA', 'Short', 'ERP PEPSI sent for Ordered COLA'],
      ['LIME', 'Short', 'ERP LEMON sent for Ordered LIME'],
      ['PEPSI', 'Added', 'ERP PEPSI sent for Ordered COLA'],
      ['LEMON', 'Added', 'ERP LEMON sent for Ordered LIME'],
    ]);
  });

  it('keeps the two differences apart when the availability file names no substitute (no row, or none named)', () => {
    const noRow = compareDelivered([ordered('COLA', 5)], [delivered('PEPSI', 5)]);
    const noneNamed = compareDelivered([withSub('COLA', 5, null)], [delivered('PEPSI', 5)]);
    for (const rows of [noRow, noneNamed])
      expect(words(rows)).toEqual([
        ['COLA', 'NotDelivered', 'not delivered (5 cases ordered)'],
        ['PEPSI', 'Added', 'added by the distributor'],
      ]);
  });

  it('keeps them apart when the added product is not the suggested substitute, or the substitute was not delivered', () => {
    const other = compareDelivered([withSub('COLA', 5, 'PEPSI')], [delivered('RC', 5)]);
    expect(words(other)).toEqual([
      ['COLA', 'NotDelivered', 'not delivered (5 cases ordered)'],
      ['RC', 'Added', 'added by the distributor'],
    ]);
    // Listed with nothing: not added, so nothing was sent for COLA.
    const nothing = compareDelivered([withSub('COLA', 5, 'PEPSI')], [delivered('PEPSI', 0)]);
    expect(words(nothing)).toEqual([
      ['COLA', 'NotDelivered', 'not delivered (5 cases ordered)'],
      ['PEPSI', 'Same', null],
    ]);
  });

  it('does not pair a product delivered as ordered or more, nor a substitute the customer also ordered', () => {
    const asOrdered = compareDelivered(
      [withSub('COLA', 5, 'PEPSI')],
      [delivered('COLA', 5), delivered('PEPSI', 1)],
    );
    expect(words(asOrdered)).toEqual([
      ['COLA', 'Same', null],
      ['PEPSI', 'Added', 'added by the distributor'],
    ]);
    const alsoOrdered = compareDelivered(
      [withSub('COLA', 5, 'PEPSI'), ordered('PEPSI', 1)],
      [delivered('PEPSI', 6)],
    );
    expect(words(alsoOrdered)).toEqual([
      ['COLA', 'NotDelivered', 'not delivered (5 cases ordered)'],
      ['PEPSI', 'More', '6 of 1 case: 5 more'],
    ]);
  });

  it('names every short product one added substitute was sent for', () => {
    const rows = compareDelivered(
      [withSub('COLA', 5, 'PEPSI'), withSub('DIET', 2, 'PEPSI'), withSub('ZERO', 1, 'PEPSI')],
      [delivered('COLA', 4), delivered('ZERO', 1), delivered('PEPSI', 3)],
    );
    expect(words(rows)).toEqual([
      ['COLA', 'Short', 'ERP PEPSI sent for Ordered COLA'],
      ['DIET', 'NotDelivered', 'ERP PEPSI sent for Ordered DIET'],
      ['ZERO', 'Same', null],
      ['PEPSI', 'Added', 'ERP PEPSI sent for Ordered COLA and Ordered DIET'],
    ]);
  });

  it('ignores a product named as its own substitute', () => {
    const rows = compareDelivered([withSub('COLA', 5, 'COLA')], [delivered('COLA', 3)]);
    expect(words(rows)).toEqual([['COLA', 'Short', '3 of 5 cases: 2 short']]);
  });

  it('says it the same way in a confirmation before the delivery date (issue 33)', () => {
    const rows = compareDelivered([withSub('COLA', 5, 'PEPSI')], [delivered('PEPSI', 5)], 'confirmed');
    expect(words(rows)).toEqual([
      ['COLA', 'NotDelivered', 'ERP PEPSI sent for Ordered COLA'],
      ['PEPSI', 'Added', 'ERP PEPSI sent for Ordered COLA'],
    ]);
  });
});
