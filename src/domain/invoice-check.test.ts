import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkInvoice, flagText, invoicedAmount, quantityText } from './invoice-check';
import { pricesOn } from './order-estimate';
import type { PriceRow } from './prices';

const row = (over: Partial<PriceRow>): PriceRow => ({
  level: 'Type',
  minCases: 1,
  fromDate: '2026-12-01',
  toDate: '2026-12-31',
  casePrice: 2800,
  unitPrice: null,
  depositPerCase: 0,
  ...over,
});
const DELIVERY = '2026-12-10';
// IPA: $28.00 a case, $26.00 from 5 cases; 24 to a case.
const prices = pricesOn(new Map([['IPA', [row({}), row({ minCases: 5, casePrice: 2600 })]]]), DELIVERY);
const unitsPerCase = new Map([
  ['IPA', 24],
  ['WINE', 12],
]);
const check = (over: Partial<Parameters<typeof checkInvoice>[0]>) =>
  checkInvoice({ items: [], fees: [], ordered: [], prices, unitsPerCase, ...over });

describe('an invoice checked against its order and the posted prices (design.md 8.4)', () => {
  it('flags nothing on a line as ordered at the posted price', () => {
    const c = check({
      items: [{ Code: 'IPA', Cases: 2, Units: 0, CasePrice: 2800, Deposit: 120 }],
      ordered: [{ Code: 'IPA', CaseQuantity: 2, UnitQuantity: 0 }],
    });
    expect(c.Lines).toEqual([
      {
        Code: 'IPA',
        Cases: 2,
        Units: 0,
        CasePrice: 2800,
        Deposit: 120,
        Amount: 5600,
        OrderedCases: 2,
        OrderedUnits: 0,
        PostedCasePrice: 2800,
        Flags: [],
      },
    ]);
    expect(c).toMatchObject({ Total: 5840, FlagCount: 0 });
  });

  it('flags a short line, with both quantities, and an ordered product the invoice leaves out', () => {
    const c = check({
      items: [{ Code: 'IPA', Cases: 1, Units: 0, CasePrice: 2800, Deposit: 0 }],
      ordered: [
        { Code: 'IPA', CaseQuantity: 2, UnitQuantity: 0 },
        { Code: 'WINE', CaseQuantity: 1, UnitQuantity: 3 },
      ],
    });
    expect(c.Lines[0]).toMatchObject({ Cases: 1, OrderedCases: 2, Flags: ['Short'] });
    expect(c.Lines[1]).toMatchObject({
      Code: 'WINE',
      Cases: 0,
      Units: 0,
      CasePrice: null,
      OrderedCases: 1,
      OrderedUnits: 3,
      PostedCasePrice: null,
      Amount: 0,
      Flags: ['Short'],
    });
    expect(c.FlagCount).toBe(2);
  });

  it('flags an extra line: more than ordered, or a product not ordered', () => {
    const c = check({
      items: [
        { Code: 'IPA', Cases: 2, Units: 1, CasePrice: 2800, Deposit: 0 },
        { Code: 'WINE', Cases: 1, Units: 0, CasePrice: 9000, Deposit: 0 },
      ],
      ordered: [{ Code: 'IPA', CaseQuantity: 2, UnitQuantity: 0 }],
    });
    expect(c.Lines.map((l) => [l.Code, l.OrderedCases, l.OrderedUnits, l.Flags])).toEqual([
      ['IPA', 2, 0, ['Extra']],
      ['WINE', 0, 0, ['Extra']],
    ]);
  });

  it('compares in units: a case sent as its 24 units is neither short nor extra', () => {
    const c = check({
      items: [{ Code: 'IPA', Cases: 1, Units: 24, CasePrice: 2800, Deposit: 0 }],
      ordered: [{ Code: 'IPA', CaseQuantity: 2, UnitQuantity: 0 }],
    });
    expect(c.Lines[0]!.Flags).toEqual([]);
    // One unit less is short.
    expect(
      check({
        items: [{ Code: 'IPA', Cases: 1, Units: 23, CasePrice: 2800, Deposit: 0 }],
        ordered: [{ Code: 'IPA', CaseQuantity: 2, UnitQuantity: 0 }],
      }).Lines[0]!.Flags,
    ).toEqual(['Short']);
  });

  it('flags a case price that differs from the posted one for the invoiced cases, at the break boundary', () => {
    const line = (cases: number, casePrice: number) =>
      check({
        items: [{ Code: 'IPA', Cases: cases, Units: 0, CasePrice: casePrice, Deposit: 0 }],
        ordered: [{ Code: 'IPA', CaseQuantity: cases, UnitQuantity: 0 }],
      }).Lines[0]!;
    // 4 cases are below the 5-case break: $28.00 is posted.
    expect(line(4, 2600)).toMatchObject({ PostedCasePrice: 2800, Flags: ['PriceDiffers'] });
    expect(line(4, 2800)).toMatchObject({ PostedCasePrice: 2800, Flags: [] });
    // 5 cases reach it: $26.00.
    expect(line(5, 2600)).toMatchObject({ PostedCasePrice: 2600, Flags: [] });
    expect(line(5, 2800)).toMatchObject({ PostedCasePrice: 2600, Flags: ['PriceDiffers'] });
    // No price posted: nothing to differ from.
    expect(
      check({
        items: [{ Code: 'WINE', Cases: 1, Units: 0, CasePrice: 1, Deposit: 0 }],
        ordered: [{ Code: 'WINE', CaseQuantity: 1, UnitQuantity: 0 }],
      }).Lines[0],
    ).toMatchObject({ PostedCasePrice: null, Flags: [] });
  });

  it('flags every fee as not on the order, and adds it to the total', () => {
    const c = check({
      items: [{ Code: 'IPA', Cases: 1, Units: 0, CasePrice: 2800, Deposit: 0 }],
      ordered: [{ Code: 'IPA', CaseQuantity: 1, UnitQuantity: 0 }],
      fees: [{ Description: 'Fuel surcharge', Amount: 450 }],
    });
    expect(c.Fees).toEqual([{ Description: 'Fuel surcharge', Amount: 450, Flags: ['FeeNotOnOrder'] }]);
    expect(c).toMatchObject({ Total: 3250, FlagCount: 1 });
  });

  it('raises two flags on a line both short and at another price', () => {
    const c = check({
      items: [{ Code: 'IPA', Cases: 1, Units: 0, CasePrice: 2900, Deposit: 0 }],
      ordered: [{ Code: 'IPA', CaseQuantity: 3, UnitQuantity: 0 }],
    });
    expect(c.Lines[0]!.Flags).toEqual(['Short', 'PriceDiffers']);
    expect(c.FlagCount).toBe(2);
  });

  it("prices units as their share of the case's price, rounded half up to the cent", () => {
    // 3 of 24 at $28.00: $3.50 exactly; 1 of 12 at $10.00: 83.33 cents, so 83; 1 of 8 at $0.04: half a cent up.
    expect(invoicedAmount(0, 3, 2800, 24)).toBe(350);
    expect(invoicedAmount(0, 1, 1000, 12)).toBe(83);
    expect(invoicedAmount(0, 1, 4, 8)).toBe(1);
    expect(invoicedAmount(2, 0, 2800, 24)).toBe(5600);
  });

  it('totals exactly in cents, whatever the lines (property)', () => {
    const cents = fc.integer({ min: 1, max: 99_999_999 });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            cases: fc.integer({ min: 0, max: 9999 }),
            price: cents,
            deposit: fc.integer({ min: 0, max: 99_999 }),
          }),
          { maxLength: 40 },
        ),
        fc.array(fc.integer({ min: 0, max: 99_999_999 }), { maxLength: 5 }),
        (lines, fees) => {
          const c = check({
            items: lines.map((l, i) => ({
              Code: `P${i}`,
              Cases: l.cases,
              Units: 0,
              CasePrice: l.price,
              Deposit: l.deposit,
            })),
            fees: fees.map((Amount, i) => ({ Description: `Fee ${i}`, Amount })),
          });
          const exact =
            lines.reduce((s, l) => s + BigInt(l.cases) * BigInt(l.price + l.deposit), 0n) +
            fees.reduce((s, f) => s + BigInt(f), 0n);
          expect(BigInt(c.Total)).toBe(exact);
        },
      ),
    );
  });
});

describe("a flag's words, with both figures", () => {
  it('names what was ordered and invoiced, the two prices, and the fee', () => {
    const line = {
      Cases: 1,
      Units: 0,
      OrderedCases: 2,
      OrderedUnits: 3,
      CasePrice: 2900,
      PostedCasePrice: 2800,
      Amount: 2900,
    };
    expect(flagText('Short', line)).toBe('Short: 2 cases and 3 units ordered, 1 case invoiced');
    expect(flagText('Extra', { ...line, OrderedCases: 0, OrderedUnits: 0 })).toBe(
      'Extra: nothing ordered, 1 case invoiced',
    );
    expect(flagText('PriceDiffers', line)).toBe('Price differs from the posted $28.00: invoiced at $29.00');
    expect(flagText('FeeNotOnOrder', { Amount: 450 })).toBe('Fee not on the order: $4.50');
    expect(quantityText(0, 1)).toBe('1 unit');
  });
});
