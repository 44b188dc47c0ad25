import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateOrder as estimate, pricesOn } from './order-estimate';
import type { PriceRow } from './prices';

const row = (over: Partial<PriceRow>): PriceRow => ({
  level: 'Type',
  minCases: 1,
  fromDate: '2026-12-01',
  toDate: '2026-12-31',
  casePrice: 2500,
  unitPrice: null,
  depositPerCase: 0,
  ...over,
});

const DEC = '2026-12-10';
const estimateOrder = (rows: Map<string, PriceRow[]>, date: string, lines: Parameters<typeof estimate>[1]) =>
  estimate(pricesOn(rows, date), lines);

describe('an order estimated by the posted prices of its delivery date (decision 075)', () => {
  const prices = new Map<string, PriceRow[]>([
    [
      'IPA',
      [row({ casePrice: 3000, unitPrice: 150, depositPerCase: 120 }), row({ minCases: 10, casePrice: 2800 })],
    ],
    ['LAGER', [row({ casePrice: 2000 })]],
  ]);

  it('prices each line at the break its cases reach, adds units and deposits, and sums in cents', () => {
    const e = estimateOrder(prices, DEC, [
      { Code: 'IPA', CaseQuantity: 10, UnitQuantity: 3 },
      { Code: 'LAGER', CaseQuantity: 2, UnitQuantity: 0 },
    ]);
    // 10 cases reach the 10-case break: a break prices the case; the units and the deposit
    // are the product's (its first break's row).
    expect(e.Lines[0]).toEqual({ CasePrice: 2800, LineTotal: 28_450, Deposits: 1200 });
    expect(e.Lines[1]).toEqual({ CasePrice: 2000, LineTotal: 4000, Deposits: 0 });
    expect(e).toMatchObject({ EstimatedTotal: 33_650, Deposits: 1200, UnpricedLines: 0 });

    const small = estimateOrder(prices, DEC, [{ Code: 'IPA', CaseQuantity: 2, UnitQuantity: 3 }]);
    expect(small.Lines[0]).toEqual({ CasePrice: 3000, LineTotal: 6450, Deposits: 240 });
    expect(small).toMatchObject({ EstimatedTotal: 6690, Deposits: 240, UnpricedLines: 0 });
  });

  it('leaves out units with no unit price, a product with no price, a date outside every period and a return', () => {
    const caseOnly = estimateOrder(prices, DEC, [{ Code: 'LAGER', CaseQuantity: 1, UnitQuantity: 2 }]);
    expect(caseOnly.Lines[0]).toEqual({ CasePrice: 2000, LineTotal: null, Deposits: 0 });
    expect(caseOnly).toMatchObject({ EstimatedTotal: null, UnpricedLines: 1 });

    const e = estimateOrder(prices, DEC, [
      { Code: 'CIDER', CaseQuantity: 1, UnitQuantity: 0 },
      { Code: 'LAGER', CaseQuantity: 1, UnitQuantity: 0, IsReturn: true },
      { Code: 'LAGER', CaseQuantity: 1, UnitQuantity: 0 },
    ]);
    expect(e.Lines.map((l) => l.LineTotal)).toEqual([null, null, 2000]);
    expect(e).toMatchObject({ EstimatedTotal: 2000, UnpricedLines: 1 });

    const january = estimateOrder(prices, '2027-01-04', [
      { Code: 'LAGER', CaseQuantity: 1, UnitQuantity: 0 },
    ]);
    expect(january).toMatchObject({ EstimatedTotal: null, UnpricedLines: 1 });
    expect(estimateOrder(prices, DEC, [])).toMatchObject({ EstimatedTotal: null, UnpricedLines: 0 });
  });

  it('gives any lines a total equal to the exact sum of cases times price, units times price and deposits', () => {
    const cents = fc.integer({ min: 1, max: 99_999_999 });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            casePrice: cents,
            unitPrice: cents,
            deposit: fc.integer({ min: 0, max: 99_999_999 }),
            cases: fc.integer({ min: 0, max: 9999 }),
            units: fc.integer({ min: 0, max: 99 }),
          }),
          { maxLength: 60 },
        ),
        (lines) => {
          const byCode = new Map(
            lines.map((l, i) => [
              `P${i}`,
              [row({ casePrice: l.casePrice, unitPrice: l.unitPrice, depositPerCase: l.deposit })],
            ]),
          );
          const e = estimateOrder(
            byCode,
            DEC,
            lines.map((l, i) => ({ Code: `P${i}`, CaseQuantity: l.cases, UnitQuantity: l.units })),
          );
          // The same sum in BigInt, which cannot round.
          const exact = lines.reduce(
            (s, l) =>
              s + BigInt(l.cases) * BigInt(l.casePrice + l.deposit) + BigInt(l.units) * BigInt(l.unitPrice),
            0n,
          );
          expect(e.EstimatedTotal).toBe(lines.length === 0 ? null : Number(exact));
          expect(Number.isInteger(e.EstimatedTotal ?? 0)).toBe(true);
        },
      ),
    );
  });
});
