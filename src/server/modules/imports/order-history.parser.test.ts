import { describe, expect, it } from 'vitest';
import { parseFixture } from '#support/import-fixtures/read-fixture.js';
import { splitColumns } from './field-parsers.js';
import {
  ORDER_HISTORY_COLUMNS,
  ORDER_HISTORY_HEADER_NAMES,
  ORDER_HISTORY_MIN_COLUMNS,
  parseOrderHistoryLine,
} from './order-history.parser.js';

const format = {
  columns: ORDER_HISTORY_COLUMNS,
  minColumns: ORDER_HISTORY_MIN_COLUMNS,
  headerNames: ORDER_HISTORY_HEADER_NAMES,
  parse: parseOrderHistoryLine,
};

describe('order history file', () => {
  it("reads the 13 columns of the ERP's own files, skips the header and blank lines, and rejects a bad number and a bad date", async () => {
    const { rows, rejected, lines } = await parseFixture('order-history.txt', format);
    expect(lines).toBe(7);
    expect(rows.map((r) => r.line)).toEqual([2, 3, 5, 8, 9]);
    expect(rows[0]).toEqual({
      line: 2,
      orderDate: '2025-01-06',
      companyId: 1001,
      deliveryDate: '2025-01-08',
      orderNum: 'H-5001',
      name: 'Pat',
      phone: '3125550142',
      orderType: 'REG',
      code: 'FX-100',
      description: 'Fixture Cola 12oz',
      unitsPerCase: 24,
      units: 0,
      cases: 3,
      isReturn: false,
      referencePo: null,
      substitution: 'Allow',
    });
    expect(rows[2]).toMatchObject({
      orderDate: '2025-01-07',
      deliveryDate: '2025-01-09',
      units: 4,
      cases: 0,
    });
    expect(rejected).toMatchObject([
      { Line: 6, Message: "Units must be a whole number from -99999 to 99999 (found 'x')" },
      {
        Line: 7,
        Message: "Delivery date '02/30/2025' is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD",
      },
    ]);
  });

  it('reads back what the back-office export writes, the Reference PO in the 14th column', () => {
    const exported =
      '11/21/2026\t6001\tThe Market\t11/24/2026\tW100001\tPat\t3125550142\tWEB\tC-1\tCola\t24\t0\t2\tPO-77';
    const r = parseOrderHistoryLine(exported.split('\t'), 1);
    expect(r).toMatchObject({
      ok: true,
      row: { orderNum: 'W100001', cases: 2, deliveryDate: '2026-11-24', referencePo: 'PO-77' },
    });
    const noPo = parseOrderHistoryLine(splitColumns(exported.replace('PO-77', ''), 14), 2);
    expect(noPo).toMatchObject({ ok: true, row: { referencePo: '' } });
  });

  it('reads the 15th column, the substitution, in any case; empty or left out is Allow (design.md 8.3)', () => {
    const line =
      '11/21/2026\t6001\tThe Market\t11/24/2026\tW100001\tPat\t3125550142\tWEB\tC-1\tCola\t24\t0\t2\tPO-77';
    const read = (cell: string) => parseOrderHistoryLine(`${line}\t${cell}`.split('\t'), 1);
    expect(read('A')).toMatchObject({ ok: true, row: { substitution: 'Allow' } });
    expect(read('N')).toMatchObject({ ok: true, row: { substitution: 'Never' } });
    expect(read(' c ')).toMatchObject({ ok: true, row: { substitution: 'CallMe' } });
    expect(read('')).toMatchObject({ ok: true, row: { substitution: 'Allow' } });
    expect(parseOrderHistoryLine(line.split('\t'), 1)).toMatchObject({
      ok: true,
      row: { substitution: 'Allow' },
    });
    const bad = read('Y');
    expect(!bad.ok && bad.message).toBe('Substitution must be A, N or C (or empty)');
  });

  it('says which column counts it takes', () => {
    const r = parseOrderHistoryLine(['01/06/2025', '1001'], 4);
    expect(!r.ok && r.message).toBe(
      'The line has 2 columns; expected 13 to 15 separated by tabs: order date, customer number, customer name, delivery date, order number, contact name, contact phone, order type, item number, item description, units per case, units, cases, reference PO, substitution',
    );
  });

  it('takes blank quantities as 0 but needs an order number and an item', () => {
    const cols = ['01/06/2025', '1001', 'Bar', '01/08/2025', '', 'Pat', '', 'REG', '', '', '24', '', ''];
    const r = parseOrderHistoryLine(cols, 3);
    expect(!r.ok && r.message).toBe('Order number is required; Item number is required');
  });
});
