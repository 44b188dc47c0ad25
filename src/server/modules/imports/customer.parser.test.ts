import { describe, expect, it } from 'vitest';
import { parseFixture } from '#support/import-fixtures/read-fixture.js';
import { parseFile } from '#support/parse-file.js';
import {
  CUSTOMER_COLUMNS,
  CUSTOMER_HEADER_NAMES,
  CUSTOMER_MIN_COLUMNS,
  parseCustomerLine,
} from './customer.parser.js';
import { HeaderError } from './header-line.js';
import { readTsvLines } from './tsv-reader.js';

const format = {
  columns: CUSTOMER_COLUMNS,
  minColumns: CUSTOMER_MIN_COLUMNS,
  headerNames: CUSTOMER_HEADER_NAMES,
  parse: parseCustomerLine,
};

async function* bytesOf(text: string) {
  yield new TextEncoder().encode(text);
}
const parseText = (text: string) => parseFile(readTsvLines(bytesOf(text)), format);

describe('customers file', () => {
  it('reads a Windows-1252 file with a header line and a ZIP+4', async () => {
    const { rows, rejected } = await parseFixture('customers-windows-1252.txt', format);
    expect(rejected).toEqual([]);
    // Four columns, as every file before the license's: the rows say nothing about a license.
    expect(rows).toStrictEqual([
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

describe("customers file: the liquor license's optional columns 5 and 6 (design.md 8.2)", () => {
  const base = ['1001', 'Blue Heron Tavern', '60601-1234', '1'];

  it('reads 4, 5 and 6 columns: a column the line does not have is not in the row', () => {
    const four = parseCustomerLine(base, 1);
    expect(four).toStrictEqual({
      ok: true,
      row: { line: 1, companyId: 1001, name: 'Blue Heron Tavern', zipcode: 60601, customerTypeId: 1 },
    });
    expect(parseCustomerLine([...base, 'IL-1234567'], 2)).toStrictEqual({
      ok: true,
      row: {
        line: 2,
        companyId: 1001,
        name: 'Blue Heron Tavern',
        zipcode: 60601,
        customerTypeId: 1,
        licenseNumber: 'IL-1234567',
      },
    });
    expect(parseCustomerLine([...base, 'IL-1234567', '06/30/2027'], 3)).toStrictEqual({
      ok: true,
      row: {
        line: 3,
        companyId: 1001,
        name: 'Blue Heron Tavern',
        zipcode: 60601,
        customerTypeId: 1,
        licenseNumber: 'IL-1234567',
        licenseExpires: '2027-06-30',
      },
    });
  });

  it('reads the expiry as the other ERP files write dates, and blank cells as no license', () => {
    for (const written of ['6/30/2027', '2027-06-30', '20270630', '06/30/2027 00:00:00']) {
      const r = parseCustomerLine([...base, 'L1', written], 1);
      expect(r.ok && r.row.licenseExpires).toBe('2027-06-30');
    }
    const blank = parseCustomerLine([...base, '', ''], 1);
    expect(blank.ok && blank.row).toMatchObject({ licenseNumber: null, licenseExpires: null });
  });

  it('rejects a bad date and a number too long, with the field and the value', () => {
    for (const bad of ['31/12/2027', '2027-02-30', 'next June', '12/31/27']) {
      const r = parseCustomerLine([...base, 'IL-1', bad], 7);
      expect(r).toEqual({
        ok: false,
        message: `License Expires '${bad}' is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD`,
      });
    }
    const long = parseCustomerLine([...base, 'X'.repeat(41), ''], 1);
    expect(long).toEqual({
      ok: false,
      message: 'Length of License Number must be less than or equal to 40',
    });
  });

  it('rejects 3 or 8 columns, naming the 4 to 7 it reads', () => {
    for (const cols of [base.slice(0, 3), [...base, 'L1', '2027-06-30', 'COD', 'X']]) {
      expect(parseCustomerLine(cols, 1)).toEqual({
        ok: false,
        message: `The line has ${cols.length} columns; expected 4 to 7 separated by tabs: COMPANY_ID, CUSTOMER_NAME, ZIP_CODE, CUST_TYPE_ID, LICENSE_NUMBER, LICENSE_EXPIRES, PAYMENT_TERMS`,
      });
    }
  });

  it('files mixing 4, 5 and 6 columns without a header: each line by its own columns', async () => {
    const { rows, rejected } = await parseText(
      '1001\tBar\t60601\t1\n1003\tTap\t60614\t1\tIL-3\n3002\tWines\t60613\t3\tIL-9\t2026-12-31\n3003\tShop\t60637\t3\tIL-8\t31.12.2026\n',
    );
    expect(rows.map((r) => [r.companyId, r.licenseNumber, r.licenseExpires])).toEqual([
      [1001, undefined, undefined],
      [1003, 'IL-3', undefined],
      [3002, 'IL-9', '2026-12-31'],
    ]);
    expect(rejected).toEqual([
      {
        Line: 4,
        Message: "License Expires '31.12.2026' is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD",
        Text: '3003\tShop\t60637\t3\tIL-8\t31.12.2026',
      },
    ]);
  });

  it('reads the header names LICENSE_NUMBER and LICENSE_EXPIRES in any order, and leaves out the one a header does not name', async () => {
    const both = await parseText(
      'License Expires\tCOMPANY_ID\tCUSTOMER_NAME\tZIP_CODE\tCUST_TYPE_ID\tLICENSE_NUMBER\n20261231\t3002\tWines\t60613\t3\tIL-9\n',
    );
    expect(both.rejected).toEqual([]);
    expect(both.rows[0]).toMatchObject({
      companyId: 3002,
      licenseNumber: 'IL-9',
      licenseExpires: '2026-12-31',
    });

    // Only the expiry named: the number is not in the file, so it is not cleared.
    const expiresOnly = await parseText(
      'COMPANY_ID\tCUSTOMER_NAME\tZIP_CODE\tCUST_TYPE_ID\tLICENSE_EXPIRES\n3002\tWines\t60613\t3\t12/31/2026\n',
    );
    expect(expiresOnly.rows).toStrictEqual([
      {
        line: 2,
        companyId: 3002,
        name: 'Wines',
        zipcode: 60613,
        customerTypeId: 3,
        licenseExpires: '2026-12-31',
      },
    ]);

    // The four names of old: no license in the rows.
    const old = await parseText('COMPANY_ID\tCUSTOMER_NAME\tZIP_CODE\tCUST_TYPE_ID\n3002\tWines\t60613\t3\n');
    expect(old.rows[0]).toStrictEqual({
      line: 2,
      companyId: 3002,
      name: 'Wines',
      zipcode: 60613,
      customerTypeId: 3,
    });

    // A required column left out is still refused; the license's are not required.
    await expect(parseText('COMPANY_ID\tCUSTOMER_NAME\tLICENSE_NUMBER\n3002\tWines\tIL-9\n')).rejects.toThrow(
      HeaderError,
    );
  });
});

describe("customers file: the payment terms' optional column 7 (design.md 8.4)", () => {
  const base = ['1001', 'Blue Heron Tavern', '60601', '1', 'IL-1', '2027-06-30'];

  it('reads COD, EFT and NET{n} in any case; a blank cell clears the terms; a 6-column line leaves them', () => {
    const terms = (cell: string) => {
      const r = parseCustomerLine([...base, cell], 1);
      return r.ok ? r.row.paymentTerms : r.message;
    };
    expect(terms('cod')).toBe('COD');
    expect(terms('EFT')).toBe('EFT');
    expect(terms('Net 30')).toBe('NET30');
    expect(terms('')).toBeNull();
    const six = parseCustomerLine(base, 1);
    expect(six.ok && 'paymentTerms' in six.row).toBe(false);
  });

  it("refuses other terms with the reason, beside the line's other problems", () => {
    expect(parseCustomerLine([...base, 'CASH'], 1)).toEqual({
      ok: false,
      message: "Payment Terms must be COD, EFT or NET followed by 1 to 365 days (NET30) (found 'CASH')",
    });
    expect(parseCustomerLine(['1001', '', '60601', '1', '', '', 'NET0'], 1)).toEqual({
      ok: false,
      message:
        "Customer Name is required; Payment Terms must be COD, EFT or NET followed by 1 to 365 days (NET30) (found 'NET0')",
    });
  });

  it('reads the header name PAYMENT_TERMS (or TERMS) in its own place', async () => {
    const { rows } = await parseText(
      'TERMS\tCOMPANY_ID\tCUSTOMER_NAME\tZIP_CODE\tCUST_TYPE_ID\nnet15\t3002\tWines\t60613\t3\n',
    );
    expect(rows).toStrictEqual([
      { line: 2, companyId: 3002, name: 'Wines', zipcode: 60613, customerTypeId: 3, paymentTerms: 'NET15' },
    ]);
  });
});
