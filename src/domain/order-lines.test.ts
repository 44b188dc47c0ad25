import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  normalizeOrderLines,
  normalizeQuantity,
  totalUnits,
  worksheetCases,
  worksheetTotalUnits,
} from './order-lines';

// References, written another way than the code under test.
const refQuantity = (x: unknown): number =>
  typeof x === 'number' && x > 0 && x < Infinity ? x - (x % 1) : 0;
const refTotal = (upc: number, cases: number, units: number, caseOnly: boolean) =>
  [units, upc * cases][Number(caseOnly || cases > 0)];
const refWorksheetCases = (input: unknown): number | null => {
  if (input === null || input === undefined) return null;
  const s = String(input).trim();
  const readable = typeof input === 'number' || (/^[+-]?[\d.]+$/.test(s) && s.split('.').length <= 2);
  const n = readable ? Number(s) : Number.NaN;
  return n >= 1 && n < Infinity ? Math.trunc(n) : null;
};

const anyQuantity = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ min: -1e6, max: 1e6 }),
  fc.constantFrom(0, -0, Number.NaN, Infinity, -Infinity, 0.999, 1e21),
);
const line = fc.record({
  Code: fc.string({ minLength: 1, maxLength: 6 }),
  CaseQuantity: anyQuantity,
  UnitQuantity: anyQuantity,
  IsCaseOnly: fc.boolean(),
  Description: fc.string(),
});

describe('totalUnits', () => {
  it('counts cases for case-only products or when cases were ordered, loose units otherwise', () => {
    expect(totalUnits({ unitsPerCase: 24, caseQuantity: 3, unitQuantity: 5, isCaseOnly: false })).toBe(72);
    expect(totalUnits({ unitsPerCase: 24, caseQuantity: 0, unitQuantity: 5, isCaseOnly: false })).toBe(5);
    expect(totalUnits({ unitsPerCase: 24, caseQuantity: 0, unitQuantity: 5, isCaseOnly: true })).toBe(0);
    expect(totalUnits({ unitsPerCase: 12, caseQuantity: 2, unitQuantity: 0, isCaseOnly: true })).toBe(24);
  });

  it('agrees with the reference', () => {
    fc.assert(
      fc.property(
        fc.nat(100),
        fc.nat(10_000),
        fc.nat(10_000),
        fc.boolean(),
        (upc, cases, units, caseOnly) => {
          expect(
            totalUnits({ unitsPerCase: upc, caseQuantity: cases, unitQuantity: units, isCaseOnly: caseOnly }),
          ).toBe(refTotal(upc, cases, units, caseOnly));
        },
      ),
    );
  });
});

describe('normalizeQuantity', () => {
  it('makes negatives, NaN and infinities 0 and cuts fractions', () => {
    expect(normalizeQuantity(-3)).toBe(0);
    expect(Object.is(normalizeQuantity(-0), 0)).toBe(true);
    expect(normalizeQuantity(Number.NaN)).toBe(0);
    expect(normalizeQuantity(Infinity)).toBe(0);
    expect(normalizeQuantity(2.9)).toBe(2);
    expect(normalizeQuantity(7)).toBe(7);
    expect(normalizeQuantity(null)).toBe(0);
    expect(normalizeQuantity(undefined)).toBe(0);
  });

  it('agrees with the reference and is idempotent', () => {
    fc.assert(
      fc.property(anyQuantity, (n) => {
        const q = normalizeQuantity(n);
        expect(q).toBe(refQuantity(n));
        expect(Number.isInteger(q) && q >= 0).toBe(true);
        expect(normalizeQuantity(q)).toBe(q);
      }),
    );
  });
});

describe('normalizeOrderLines', () => {
  it('drops empty lines, clears loose units of case-only products and keeps other fields', () => {
    const lines = [
      { Code: 'A', Description: 'Cola', CaseQuantity: 2, UnitQuantity: 3, IsCaseOnly: true },
      { Code: 'B', Description: 'Lime', CaseQuantity: 0, UnitQuantity: 6, IsCaseOnly: false },
      { Code: 'C', Description: 'Kola', CaseQuantity: 0, UnitQuantity: 6, IsCaseOnly: true },
      { Code: 'D', Description: 'Soda', CaseQuantity: -4, UnitQuantity: 0, IsCaseOnly: false },
      { Code: 'E', Description: 'Beer', CaseQuantity: 1.5, UnitQuantity: -1, IsCaseOnly: false },
    ];
    expect(normalizeOrderLines(lines)).toEqual([
      { Code: 'A', Description: 'Cola', CaseQuantity: 2, UnitQuantity: 0, IsCaseOnly: true },
      { Code: 'B', Description: 'Lime', CaseQuantity: 0, UnitQuantity: 6, IsCaseOnly: false },
      { Code: 'E', Description: 'Beer', CaseQuantity: 1, UnitQuantity: 0, IsCaseOnly: false },
    ]);
    expect(lines[3]!.CaseQuantity).toBe(-4); // the input is not changed
  });

  it('agrees with a filter-after-map reference and is idempotent', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const reference = lines
          .map((l) => ({
            ...l,
            CaseQuantity: refQuantity(l.CaseQuantity),
            UnitQuantity: l.IsCaseOnly ? 0 : refQuantity(l.UnitQuantity),
          }))
          .filter((l) => l.CaseQuantity + l.UnitQuantity !== 0);
        const normalized = normalizeOrderLines(lines);
        expect(normalized).toEqual(reference);
        expect(normalizeOrderLines(normalized)).toEqual(normalized);
      }),
    );
  });
});

describe('worksheetCases and worksheetTotalUnits', () => {
  it('leaves empty, 0, negative and unreadable input empty', () => {
    for (const empty of [
      '',
      '  ',
      '0',
      '-2',
      0,
      -1,
      null,
      undefined,
      'abc',
      '1e3',
      '0x10',
      '.',
      '0.5',
      Number.NaN,
    ]) {
      expect(worksheetCases(empty), String(empty)).toBeNull();
    }
    expect(worksheetCases('3')).toBe(3);
    expect(worksheetCases(' 12 ')).toBe(12);
    expect(worksheetCases('2.7')).toBe(2);
    expect(worksheetCases(4)).toBe(4);
  });

  it('agrees with the reference for numbers and their text', () => {
    fc.assert(
      fc.property(fc.oneof(anyQuantity, anyQuantity.map(String), fc.string({ maxLength: 5 })), (input) => {
        expect(worksheetCases(input)).toBe(refWorksheetCases(input));
      }),
    );
  });

  it('totals units only while Cases has a value', () => {
    expect(worksheetTotalUnits(24, 3)).toBe(72);
    expect(worksheetTotalUnits(24, null)).toBeNull();
  });
});
