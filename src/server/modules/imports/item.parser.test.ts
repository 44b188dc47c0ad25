import { describe, expect, it } from 'vitest';
import { parseFixture } from '#support/import-fixtures/read-fixture.js';
import { ITEM_COLUMNS, ITEM_HEADER_NAMES, parseItemLine } from './item.parser.js';

const format = { columns: ITEM_COLUMNS, headerNames: ITEM_HEADER_NAMES, parse: parseItemLine };

describe('items file', () => {
  it('skips the header, reads CRLF, every flag and product type form, and a last line without a break', async () => {
    const { rows, rejected, lines } = await parseFixture('items-header-crlf.txt', format);
    expect(rejected).toEqual([]);
    expect(lines).toBe(7);
    expect(rows.map((r) => [r.line, r.code, r.units, r.type, r.isCaseOnly])).toEqual([
      [2, 'FX-100', 24, 1, true],
      [3, 'FX-101', 12, 1, false],
      [4, 'FX-102', 6, 1, true],
      [5, 'FX-103', 24, 2, false],
      [6, 'FX-104', 12, 2, true],
      [7, 'FX-105', 8, 2, false],
      [8, 'FX-106', 1, 0, true],
    ]);
    expect(rows[0]).toMatchObject({ description: 'Fixture Cola 12oz', unitUom: 'CAN', caseUom: 'CS' });
  });

  it('rejects each broken line with its line number and a reason, and keeps the good ones', async () => {
    const { rows, rejected } = await parseFixture('items-broken.txt', format);
    expect(rows.map((r) => r.code)).toEqual(['FX-200', 'FX-208']);
    expect(rejected.map((r) => r.Line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    const message = (line: number) => rejected.find((r) => r.Line === line)!.Message;
    expect(message(2)).toBe(
      'The line has 3 columns; expected 7 separated by tabs: product code, description, units per case, product type, case only, unit UOM, case UOM',
    );
    expect(message(3)).toMatch(/^The line has 9 columns; expected 7/);
    expect(message(4)).toBe("Units per case must be a whole number from 1 to 9999 (found 'twelve')");
    expect(message(5)).toBe("Units per case must be a whole number from 1 to 9999 (found '0')");
    expect(message(6)).toBe("Case only must be Y or N, 1 or 0, true or false (found 'maybe')");
    expect(message(7)).toMatch(/^Product type must be 1 \(Frozen\), 2 \(Non-Frozen\)/);
    expect(message(8)).toBe('Product Code is required');
    expect(message(9)).toMatch(/^The line has 1 column; expected 7 separated by tabs/);
  });

  it('is a pure function of the cells', () => {
    expect(parseItemLine(['A', 'Apple', '6', 'N', 'Y', 'EA', 'CS'], 10)).toEqual({
      ok: true,
      row: {
        line: 10,
        code: 'A',
        description: 'Apple',
        units: 6,
        type: 2,
        isCaseOnly: true,
        unitUom: 'EA',
        caseUom: 'CS',
      },
    });
  });
});
