import { describe, expect, it } from 'vitest';
import { parseFixture } from '#support/import-fixtures/read-fixture.js';
import { CUSTOMER_COLUMNS, CUSTOMER_HEADER_NAMES, parseCustomerLine } from './customer.parser.js';

const format = {
  columns: CUSTOMER_COLUMNS,
  headerNames: CUSTOMER_HEADER_NAMES,
  parse: parseCustomerLine,
};

describe('customers file', () => {
  it('reads a Windows-1252 file with a header line and a ZIP+4', async () => {
    const { rows, rejected } = await parseFixture('customers-windows-1252.txt', format);
    expect(rejected).toEqual([]);
    expect(rows).toEqual([
      { line: 2, companyId: 8801, name: 'Café Olé', zipcode: 60601, customerTypeId: 1 },
      {
        line: 3,
        companyId: 8802,
        name: '\u201cSmith\u2019s\u201d Tavern \u2013 North',
        zipcode: 60602,
        customerTypeId: 2,
      },
      { line: 4, companyId: 8803, name: 'New Type Bar', zipcode: 60603, customerTypeId: 42 },
    ]);
  });

  it.each([
    [['0', 'Bar', '60601', '1'], 'Company Id must be a whole number from 1 to 9999'],
    [['10000', 'Bar', '60601', '1'], 'Company Id must be a whole number from 1 to 9999'],
    [['1001', '', '60601', '1'], 'Customer Name is required'],
    [['1001', 'Bar', '6060A', '1'], 'Zip Code must be a whole number from 1 to 99999'],
    [['1001', 'Bar', '60601', ''], 'Customer Type is required'],
  ])('rejects %j', (cols, message) => {
    const r = parseCustomerLine(cols, 1);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(new RegExp(`^${message}`));
  });
});
