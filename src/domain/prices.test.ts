import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  casePriceAt,
  formatCents,
  formatDollars,
  inPeriod,
  MONEY_MAX_CENTS,
  type PriceRow,
  parseCents,
  parseMoney,
  pricedLine,
  priceFor,
  priceLine,
  productPrice,
  sumCents,
} from './prices';

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

describe('money as cents (decision 073)', () => {
  it('reads dollars and cents from their digits', () => {
    expect(parseCents('12.5')).toBe(1250);
    expect(parseCents('12.50')).toBe(1250);
    expect(parseCents('12')).toBe(1200);
    expect(parseCents('0.07')).toBe(7);
    expect(parseCents('.99')).toBe(99);
    expect(parseCents('$24.99')).toBe(2499);
    expect(parseCents('12.500')).toBe(1250);
    expect(parseCents('0')).toBe(0);
    expect(parseCents('-0.00')).toBe(0);
    // 0.29 * 100 is 28.999999999999996 in binary floats; read from its digits it is 29.
    expect(parseCents('0.29')).toBe(29);
    expect(parseCents('999999.99')).toBe(MONEY_MAX_CENTS);
  });

  it('refuses more than 2 decimals, negatives, too much and anything not an amount, saying which', () => {
    expect(parseMoney('12.345')).toEqual({ ok: false, problem: 'decimals' });
    expect(parseMoney('12.001')).toEqual({ ok: false, problem: 'decimals' });
    expect(parseMoney('-1.50')).toEqual({ ok: false, problem: 'negative' });
    expect(parseMoney('1000000')).toEqual({ ok: false, problem: 'too-large' });
    for (const bad of ['', '.', '$', 'abc', '1,250.00', '12 USD', '1e3', '12.5.0', '(5.00)', '0x10'])
      expect(parseMoney(bad), bad).toEqual({ ok: false, problem: 'format' });
    expect(parseCents('12.345')).toBeNull();
  });

  it('writes cents back as dollars', () => {
    expect(formatCents(1250)).toBe('12.50');
    expect(formatCents(7)).toBe('0.07');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatDollars(123450)).toBe('$1,234.50');
    expect(formatDollars(-99)).toBe('-$0.99');
  });

  it('reads back what it writes, for every amount it takes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MONEY_MAX_CENTS }), (cents) => {
        expect(parseCents(formatCents(cents))).toBe(cents);
      }),
    );
  });

  it('sums lines exactly: the total of priced lines is the same in cents as in big integers', () => {
    const line = fc.record({
      cases: fc.integer({ min: 0, max: 9999 }),
      units: fc.integer({ min: 0, max: 99 }),
      casePrice: fc.integer({ min: 1, max: MONEY_MAX_CENTS }),
      unitPrice: fc.integer({ min: 1, max: 1_000_000 }),
      deposit: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 200 }), (lines) => {
        const priced = lines.map((l) =>
          pricedLine(
            [row({ casePrice: l.casePrice, unitPrice: l.unitPrice, depositPerCase: l.deposit })],
            '2026-12-10',
            l.cases,
            l.units,
          ),
        );
        const total = sumCents(priced.map((p) => p!.LineTotal! + p!.Deposits));
        const exact = lines.reduce(
          (sum, l) =>
            sum +
            BigInt(l.cases) * BigInt(l.casePrice) +
            BigInt(l.units) * BigInt(l.unitPrice) +
            BigInt(l.cases) * BigInt(l.deposit),
          0n,
        );
        expect(BigInt(total)).toBe(exact);
      }),
    );
  });

  it('refuses to sum what is not whole cents', () => {
    expect(() => sumCents([1250, 0.5])).toThrow(RangeError);
    expect(sumCents([])).toBe(0);
  });
});

describe('which posted price applies (design.md 8.4)', () => {
  it("a customer's own price beats its type's", () => {
    const rows = [row({ level: 'Type', casePrice: 2500 }), row({ level: 'Customer', casePrice: 2300 })];
    expect(priceFor(rows, '2026-12-10')?.CasePrice).toBe(2300);
    // Its own price is lower or higher, it is still its own.
    const higher = [row({ level: 'Type', casePrice: 2500 }), row({ level: 'Customer', casePrice: 2600 })];
    expect(priceFor(higher, '2026-12-10')?.CasePrice).toBe(2600);
    // Only the type's: the type's price.
    expect(priceFor([row({ level: 'Type', casePrice: 2500 })], '2026-12-10')?.CasePrice).toBe(2500);
  });

  it('within a level, the highest break the cases reach, at its boundaries', () => {
    const rows = [
      row({ minCases: 1, casePrice: 2500 }),
      row({ minCases: 5, casePrice: 2400 }),
      row({ minCases: 10, casePrice: 2300 }),
    ];
    const at = (cases: number) => priceFor(rows, '2026-12-10', cases)?.CasePrice;
    expect([at(1), at(4), at(5), at(9), at(10), at(500)]).toEqual([2500, 2500, 2400, 2400, 2300, 2300]);
    // A line of units only is priced as one case.
    expect(at(0)).toBe(2500);
    expect(priceFor(rows, '2026-12-10')?.PriceBreaks).toEqual([
      { MinCases: 1, CasePrice: 2500 },
      { MinCases: 5, CasePrice: 2400 },
      { MinCases: 10, CasePrice: 2300 },
    ]);
  });

  it("a customer's break the line does not reach leaves it its type's price; the breaks merge", () => {
    const rows = [
      row({ level: 'Type', minCases: 1, casePrice: 2500 }),
      row({ level: 'Type', minCases: 5, casePrice: 2400 }),
      row({ level: 'Customer', minCases: 10, casePrice: 2000 }),
    ];
    const at = (cases: number) => priceFor(rows, '2026-12-10', cases)?.CasePrice;
    expect([at(1), at(5), at(9), at(10)]).toEqual([2500, 2400, 2400, 2000]);
    expect(priceFor(rows, '2026-12-10')?.PriceBreaks).toEqual([
      { MinCases: 1, CasePrice: 2500 },
      { MinCases: 5, CasePrice: 2400 },
      { MinCases: 10, CasePrice: 2000 },
    ]);
    // Once the customer's own level is reached, its type's breaks do not apply within it.
    const own = [
      row({ level: 'Customer', minCases: 1, casePrice: 2450 }),
      row({ level: 'Type', minCases: 5, casePrice: 2300 }),
    ];
    expect(priceFor(own, '2026-12-10', 6)?.CasePrice).toBe(2450);
    expect(priceFor(own, '2026-12-10')?.PriceBreaks).toEqual([{ MinCases: 1, CasePrice: 2450 }]);
  });

  it('no break reached at any level: no price', () => {
    const rows = [row({ minCases: 5, casePrice: 2400 })];
    expect(priceFor(rows, '2026-12-10', 4)).toBeNull();
    expect(priceFor(rows, '2026-12-10', 5)?.CasePrice).toBe(2400);
    expect(pricedLine(rows, '2026-12-10', 1, 0)).toBeNull();
    // The product's price, as the API carries it, starts at that break.
    const product = productPrice(rows, '2026-12-10')!;
    expect(product).toMatchObject({ CasePrice: 2400, PriceBreaks: [{ MinCases: 5, CasePrice: 2400 }] });
    expect(priceLine(product, 4, 0)).toBeNull();
    expect(priceLine(product, 5, 0)).toEqual({ CasePrice: 2400, LineTotal: 12_000, Deposits: 0 });
  });

  it("prices a line from the product's price as the server's estimate does: the case at the break reached", () => {
    const rows = [
      row({ level: 'Type', casePrice: 2500, unitPrice: 120, depositPerCase: 100 }),
      row({ level: 'Type', minCases: 5, casePrice: 2400, unitPrice: null }),
      row({ level: 'Customer', minCases: 10, casePrice: 2300 }),
    ];
    const product = productPrice(rows, '2026-12-10')!;
    expect(product.PriceBreaks).toEqual([
      { MinCases: 1, CasePrice: 2500 },
      { MinCases: 5, CasePrice: 2400 },
      { MinCases: 10, CasePrice: 2300 },
    ]);
    expect([0, 1, 4, 5, 9, 10, 50].map((n) => casePriceAt(product, n))).toEqual([
      2500, 2500, 2500, 2400, 2400, 2300, 2300,
    ]);
    // For every number of cases, the case price is the row priceFor finds for them.
    for (let n = 0; n <= 12; n++)
      expect(priceLine(product, n, 0)?.CasePrice).toBe(priceFor(rows, '2026-12-10', n)?.CasePrice);
    // Units and deposits are the product's, at every break.
    expect(priceLine(product, 6, 2)).toEqual({ CasePrice: 2400, LineTotal: 14_640, Deposits: 600 });
    expect(productPrice(rows, '2027-01-05')).toBeNull();
  });

  it('a period holds its first and its last day, and not the days around it', () => {
    const december = row({ fromDate: '2026-12-01', toDate: '2026-12-31' });
    expect(inPeriod(december, '2026-11-30')).toBe(false);
    expect(inPeriod(december, '2026-12-01')).toBe(true);
    expect(inPeriod(december, '2026-12-31')).toBe(true);
    expect(inPeriod(december, '2027-01-01')).toBe(false);
    expect(inPeriod(row({ toDate: null }), '2099-01-01')).toBe(true);
    const rows = [december, row({ fromDate: '2027-01-01', toDate: '2027-01-31', casePrice: 2600 })];
    expect(priceFor(rows, '2026-12-31')?.CasePrice).toBe(2500);
    expect(priceFor(rows, '2027-01-01')?.CasePrice).toBe(2600);
    expect(priceFor(rows, '2026-11-30')).toBeNull();
    expect(priceFor(rows, '2027-02-01')).toBeNull();
  });

  it('of two periods holding the date at one break, the one that started later', () => {
    const rows = [
      row({ fromDate: '2026-12-01', toDate: '2026-12-31', casePrice: 2500 }),
      row({ fromDate: '2026-12-15', toDate: '2026-12-20', casePrice: 2200 }),
    ];
    expect(priceFor(rows, '2026-12-14')?.CasePrice).toBe(2500);
    expect(priceFor(rows, '2026-12-15')?.CasePrice).toBe(2200);
    expect(priceFor(rows, '2026-12-20')?.CasePrice).toBe(2200);
    expect(priceFor(rows, '2026-12-21')?.CasePrice).toBe(2500);
  });

  it("gives the applied row's unit price and deposit, and prices a line's cases, units and deposits", () => {
    const rows = [
      row({ minCases: 1, casePrice: 2499, unitPrice: 219, depositPerCase: 120 }),
      row({ minCases: 10, casePrice: 2299, unitPrice: 199, depositPerCase: 120 }),
    ];
    expect(priceFor(rows, '2026-12-10', 3)).toEqual({
      CasePrice: 2499,
      UnitPrice: 219,
      DepositPerCase: 120,
      PriceBreaks: [
        { MinCases: 1, CasePrice: 2499 },
        { MinCases: 10, CasePrice: 2299 },
      ],
    });
    expect(pricedLine(rows, '2026-12-10', 3, 2)).toEqual({
      CasePrice: 2499,
      LineTotal: 3 * 2499 + 2 * 219,
      Deposits: 360,
    });
    expect(pricedLine(rows, '2026-12-10', 10, 0)).toEqual({
      CasePrice: 2299,
      LineTotal: 22990,
      Deposits: 1200,
    });
    // Units with no unit price: the line's total is not known.
    expect(pricedLine([row({ unitPrice: null })], '2026-12-10', 1, 3)?.LineTotal).toBeNull();
  });
});
