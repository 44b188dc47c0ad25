import { describe, expect, it } from 'vitest';
import { bothKindsMessage, neitherKindMessage, parseInvoiceLine } from './invoices.parser.js';

const parse = (line: string) => parseInvoiceLine(line.split('\t'), 2);
const head = 'INV-1\tW100034\t12/01/2026\t12/31/2026';

describe('the invoices file, a line at a time (design.md 8.4)', () => {
  it('reads an item line: cases, units, case price and deposit in cents; Paid as Y or N, N when blank', () => {
    expect(parse(`${head}\tBR-1105\t2\t3\t28.00\t1.20\t\t\tY`)).toEqual({
      ok: true,
      row: {
        line: 2,
        invoiceNum: 'INV-1',
        orderNum: 'W100034',
        invoiceDate: '2026-12-01',
        dueDate: '2026-12-31',
        paid: true,
        code: 'BR-1105',
        cases: 2,
        units: 3,
        casePrice: 2800,
        deposit: 120,
        fee: null,
      },
    });
    // The paid column may be left out.
    expect(parse(`${head}\tBR-1105\t2\t\t28.00\t\t\t`)).toMatchObject({
      ok: true,
      row: { paid: false, units: 0, deposit: 0 },
    });
  });

  it('reads a fee line, the item columns empty', () => {
    expect(parse(`${head}\t\t\t\t\t\tFuel surcharge\t4.50\tN`)).toMatchObject({
      ok: true,
      row: { code: null, fee: { description: 'Fuel surcharge', amount: 450 } },
    });
  });

  it('refuses a line that is both, or neither, with every problem at once', () => {
    expect(parse(`${head}\tBR-1105\t1\t0\t28.00\t\tFuel\t4.50\tN`)).toEqual({
      ok: false,
      message: bothKindsMessage,
    });
    expect(parse(`${head}\t\t\t\t\t\t\t\tN`)).toMatchObject({
      ok: false,
      message: expect.stringContaining(neitherKindMessage),
    });
    expect(parse(`\tW1\t13/01/2026\t12/31/2026\tBR-1105\t0\t0\t-1\t\t\t\tX`)).toEqual({
      ok: false,
      message: [
        'Invoice Number is required',
        "Invoice Date '13/01/2026' is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD",
        "Paid must be Y or N, 1 or 0, true or false (found 'X')",
        "Case Price must not be negative (found '-1')",
        'Cases or Units must be above 0 on an item line',
      ].join('; '),
    });
    // Item columns with no item code.
    expect(parse(`${head}\t\t1\t0\t28.00\t\t\t\tN`)).toEqual({ ok: false, message: 'Item Code is required' });
    expect(parse('INV-1\tW1\t12/02/2026\t12/01/2026\tBR-1105\t1\t0\t28.00\t\t\t\tN')).toEqual({
      ok: false,
      message: 'Due Date must not be before Invoice Date',
    });
  });

  it('refuses a line with too few or too many columns', () => {
    expect(parse('INV-1\tW1\t12/01/2026')).toMatchObject({ ok: false });
    expect(parse(`${head}\tBR-1105\t1\t0\t28.00\t\t\t\tN\textra`)).toMatchObject({ ok: false });
  });
});
