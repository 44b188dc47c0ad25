import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Cases,
  casesInAll,
  casesToOneDecimal,
  type MinimumLine,
  meetsMinimum,
  minimumCasesError,
  missingCases,
} from './order-minimum';

const cases = (CaseQuantity: number, UnitsPerCase = 24): MinimumLine => ({
  CaseQuantity,
  UnitQuantity: 0,
  UnitsPerCase,
  IsCaseOnly: false,
});
const units = (UnitQuantity: number, UnitsPerCase: number): MinimumLine => ({
  CaseQuantity: 0,
  UnitQuantity,
  UnitsPerCase,
  IsCaseOnly: false,
});
const asNumber = (c: Cases) => Number(c.num) / Number(c.den);

describe('casesInAll', () => {
  it('adds cases and units as fractions of their own case', () => {
    expect(asNumber(casesInAll([cases(2), units(12, 24)]))).toBe(2.5);
    expect(asNumber(casesInAll([cases(3), units(6, 24), units(4, 6)]))).toBeCloseTo(3 + 0.25 + 4 / 6, 12);
    expect(asNumber(casesInAll([]))).toBe(0);
  });

  it('is exact: thirds of a case make whole cases, never 11.999...', () => {
    const thirds = casesInAll([cases(11), units(1, 3), units(2, 3)]);
    expect(thirds).toEqual({ num: 12n, den: 1n });
    expect(meetsMinimum(thirds, 12)).toBe(true);
    // Ten tenths of a case of 10, one line each: 0.1 added ten times in floats is 0.9999999999999999.
    const tenths = Array.from({ length: 10 }, () => units(1, 10));
    expect(meetsMinimum(casesInAll(tenths), 1)).toBe(true);
  });

  it('counts units only where the order delivers them (as the line total does)', () => {
    // Units typed beside cases are ignored by the order; a case-only product has no loose units.
    expect(
      asNumber(casesInAll([{ CaseQuantity: 2, UnitQuantity: 12, UnitsPerCase: 24, IsCaseOnly: false }])),
    ).toBe(2);
    expect(
      asNumber(casesInAll([{ CaseQuantity: 0, UnitQuantity: 12, UnitsPerCase: 24, IsCaseOnly: true }])),
    ).toBe(0);
    // A product without a units per case (never saved so: Units/Case is 1 or more) adds nothing.
    expect(asNumber(casesInAll([units(5, 0)]))).toBe(0);
  });

  it('equals the sum of cases plus units over units per case (property)', () => {
    const line = fc.record({
      CaseQuantity: fc.integer({ min: 0, max: 500 }),
      UnitQuantity: fc.integer({ min: 0, max: 500 }),
      UnitsPerCase: fc.integer({ min: 1, max: 48 }),
      IsCaseOnly: fc.constant(false),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const expected = lines.reduce(
          (sum, l) => sum + (l.CaseQuantity > 0 ? l.CaseQuantity : l.UnitQuantity / l.UnitsPerCase),
          0,
        );
        expect(asNumber(casesInAll(lines))).toBeCloseTo(expected, 9);
      }),
    );
  });
});

describe('the minimum', () => {
  it('accepts an order exactly at the minimum and refuses one a unit below', () => {
    expect(minimumCasesError([cases(10)], 10)).toBeNull();
    expect(minimumCasesError([cases(9), units(24, 24)], 10)).toBeNull();
    expect(minimumCasesError([cases(9), units(23, 24)], 10)).toBe(
      'Orders need at least 10 cases; this one has 9.9',
    );
    expect(minimumCasesError([cases(12)], 10)).toBeNull();
  });

  it('is none at 0: any order meets it', () => {
    expect(minimumCasesError([], 0)).toBeNull();
    expect(minimumCasesError([units(1, 24)], 0)).toBeNull();
    expect(meetsMinimum(casesInAll([]), 0)).toBe(true);
  });

  it('says the cases to one decimal: 2.5, 11.9, and 3 for whole cases (issue 33: not 3.0)', () => {
    expect(minimumCasesError([cases(2), units(12, 24)], 5)).toBe(
      'Orders need at least 5 cases; this one has 2.5',
    );
    expect(minimumCasesError([cases(11), units(9, 10)], 12)).toBe(
      'Orders need at least 12 cases; this one has 11.9',
    );
    expect(minimumCasesError([cases(3)], 4)).toBe('Orders need at least 4 cases; this one has 3');
    expect(minimumCasesError([units(1, 24)], 1)).toBe('Orders need at least 1 case; this one has 0.0');
  });

  it('rounds down, so a value just below the minimum never reads as the minimum', () => {
    // 11.96 cases (11 cases and 24 of 25 units) of 12: "11.9", never "12.0".
    expect(minimumCasesError([cases(11), units(24, 25)], 12)).toBe(
      'Orders need at least 12 cases; this one has 11.9',
    );
    expect(casesToOneDecimal(casesInAll([cases(11), units(999, 1000)]))).toBe('11.9');
    expect(casesToOneDecimal(casesInAll([cases(12)]))).toBe('12.0');
    expect(casesToOneDecimal(casesInAll([units(2, 3)]))).toBe('0.6');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 2, max: 1000 }),
        fc.integer({ min: 1, max: 999 }),
        (minimum, perCase, short) => {
          // Any order a fraction of a case below the minimum reads below it.
          const lines = [cases(minimum - 1), units(perCase - Math.min(short, perCase - 1), perCase)];
          const m = minimumCasesError(lines, minimum);
          expect(m).not.toBeNull();
          expect(Number(m!.split('has ')[1])).toBeLessThan(minimum);
        },
      ),
    );
  });
});

describe('missingCases (step 2)', () => {
  it('says how many cases are missing, whole or to one decimal rounded up', () => {
    expect(missingCases(casesInAll([cases(7)]), 10)).toBe('3');
    expect(missingCases(casesInAll([cases(9), units(12, 24)]), 10)).toBe('0.5');
    // 0.04 of a case missing reads 0.1, never 0.0.
    expect(missingCases(casesInAll([cases(11), units(24, 25)]), 12)).toBe('0.1');
    expect(missingCases(casesInAll([]), 12)).toBe('12');
  });

  it('is null when the minimum is met or none', () => {
    expect(missingCases(casesInAll([cases(10)]), 10)).toBeNull();
    expect(missingCases(casesInAll([]), 0)).toBeNull();
  });
});
