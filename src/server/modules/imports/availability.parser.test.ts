import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseFixture } from '#support/import-fixtures/read-fixture.js';
import { parseFile } from '#support/parse-file.js';
import {
  AVAILABILITY_COLUMNS,
  AVAILABILITY_HEADER_NAMES,
  AVAILABILITY_MIN_COLUMNS,
  type AvailabilityRow,
  parseAvailabilityLine,
} from './availability.parser.js';
import { resolveAvailability } from './availability-import.service.js';
import { readTsvLines } from './tsv-reader.js';

const format = {
  columns: AVAILABILITY_COLUMNS,
  minColumns: AVAILABILITY_MIN_COLUMNS,
  headerNames: AVAILABILITY_HEADER_NAMES,
  parse: parseAvailabilityLine,
};

describe('availability file (design.md 8.3)', () => {
  it('reads the header, CRLF, every status in any case, blank cases as unknown, the three date forms', async () => {
    const { rows, rejected, lines } = await parseFixture('availability-header-crlf.txt', format);
    expect(rejected).toEqual([]);
    expect(lines).toBe(5);
    expect(rows).toEqual([
      { line: 2, code: 'AV-100', cases: 40, status: 'IN', expectedDate: null, substituteCode: null },
      {
        line: 3,
        code: 'AV-101',
        cases: 3,
        status: 'LOW',
        expectedDate: '2026-12-05',
        substituteCode: 'AV-100',
      },
      {
        line: 4,
        code: 'AV-102',
        cases: null,
        status: 'OUT',
        expectedDate: '2026-12-10',
        substituteCode: null,
      },
      {
        line: 5,
        code: 'AV-103',
        cases: 0,
        status: 'OUT',
        expectedDate: '2026-12-15',
        substituteCode: 'AV-104',
      },
      { line: 7, code: 'AV-104', cases: 12, status: 'IN', expectedDate: null, substituteCode: null },
    ]);
  });

  it('without a header, a line may end after the status or the expected date', () => {
    expect(parseAvailabilityLine(['AV-1', '', 'in'], 3)).toEqual({
      ok: true,
      row: { line: 3, code: 'AV-1', cases: null, status: 'IN', expectedDate: null, substituteCode: null },
    });
    expect(parseAvailabilityLine(['AV-1', '0', 'OUT', '1/9/2027'], 4)).toEqual({
      ok: true,
      row: {
        line: 4,
        code: 'AV-1',
        cases: 0,
        status: 'OUT',
        expectedDate: '2027-01-09',
        substituteCode: null,
      },
    });
  });

  it('rejects each broken line with its number and every reason, and keeps the good ones', async () => {
    const { rows, rejected } = await parseFixture('availability-broken.txt', format);
    expect(rows.map((r) => r.code)).toEqual(['AV-200']);
    const message = (line: number) => rejected.find((r) => r.Line === line)?.Message;
    expect(message(2)).toBe("Cases available must be a whole number from 0 to 9999999 (found '-1')");
    expect(message(3)).toBe("Cases available must be a whole number from 0 to 9999999 (found 'many')");
    expect(message(4)).toBe("Cases available must be a whole number from 0 to 9999999 (found '2.5')");
    expect(message(5)).toBe("Status must be IN, LOW or OUT (found 'SOON')");
    expect(message(6)).toBe('Status is required');
    // A slash date is month first (decision 059): 25/12 is refused, never read as D/M.
    expect(message(7)).toBe(
      "Expected Date '25/12/2026' is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD",
    );
    expect(message(8)).toBe(
      "Expected Date '02/30/2026' is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD",
    );
    expect(message(9)).toBe("Substitute Code 'AV-208' is the item itself");
    expect(message(10)).toBe(
      'The line has 2 columns; expected 3 to 5 separated by tabs: item code, cases available, status, expected date, substitute code',
    );
    expect(message(11)).toMatch(/^The line has 6 columns; expected 3 to 5/);
    expect(message(12)).toBe('Item Code is required');
    expect(message(13)).toBe(
      "Cases available must be a whole number from 0 to 9999999 (found 'lots'); Status must be IN, LOW or OUT (found 'MAYBE'); " +
        "Expected Date 'soon' is not a date: use MM/DD/YYYY, YYYY-MM-DD or YYYYMMDD; Substitute Code 'AV-211' is the item itself",
    );
    expect(rejected.map((r) => r.Line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('an empty file, or one of blank lines and a header, has no line to import (the import refuses it as a whole)', async () => {
    const parse = (text: string) => parseFile(readTsvLines(Readable.from([Buffer.from(text)])), format);
    expect(await parse('')).toEqual({ rows: [], rejected: [], lines: 0 });
    expect(await parse('\r\n\n  \n')).toEqual({ rows: [], rejected: [], lines: 0 });
    expect(await parse('Item Code\tCases\tStatus\n\n')).toEqual({ rows: [], rejected: [], lines: 0 });
  });

  it('refuses a line whose item or substitute this site does not know, naming both', () => {
    const products = new Map([
      ['AV-1', 1],
      ['AV-2', 2],
    ]);
    const row = (line: number, code: string, substituteCode: string | null): AvailabilityRow => ({
      line,
      code,
      cases: null,
      status: 'OUT',
      expectedDate: '2026-12-01',
      substituteCode,
    });
    expect(
      resolveAvailability(
        [
          row(1, 'AV-1', 'AV-2'),
          row(2, 'NOPE', null),
          row(3, 'AV-2', 'GONE'),
          row(4, 'NOPE', 'GONE'),
          row(5, 'AV-2', null),
        ],
        products,
      ),
    ).toEqual({
      records: [
        { p: 1, st: 'OUT', c: null, e: '2026-12-01', s: 2 },
        { p: 2, st: 'OUT', c: null, e: '2026-12-01', s: null },
      ],
      rejected: [
        { Line: 2, Message: 'Product NOPE does not exist' },
        { Line: 3, Message: 'Substitute Product GONE does not exist' },
        { Line: 4, Message: 'Product NOPE does not exist; Substitute Product GONE does not exist' },
      ],
    });
  });
});
