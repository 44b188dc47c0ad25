import { describe, expect, it } from 'vitest';
import { CUSTOMER_HEADER_NAMES } from './customer.parser.js';
import {
  cleanCell,
  LineFields,
  parseDate,
  parseFlag,
  parseProductType,
  parseWholeNumber,
  splitColumns,
} from './field-parsers.js';
import { isHeaderLine } from './header-line.js';

describe('parseDate', () => {
  it.each([
    ['01/15/2025', '2025-01-15'],
    ['1/5/2025', '2025-01-05'],
    ['2025-01-15', '2025-01-15'],
    ['20250115', '2025-01-15'],
    [' 02/29/2024 ', '2024-02-29'],
    ['01/15/2025 00:00:00', '2025-01-15'],
    ['1/15/2025 12:00 AM', '2025-01-15'],
    ['2025-01-15T00:00:00', '2025-01-15'],
  ])('reads %j as %s', (input, iso) => {
    expect(parseDate(input)).toBe(iso);
  });

  it.each([
    '',
    '13/01/2025',
    '02/30/2025',
    '2025-1-15',
    '15.01.2025',
    '2025011',
    '01/15/25',
    '00010101',
    'today',
  ])('refuses %j', (input) => {
    expect(parseDate(input)).toBeNull();
  });
});

describe('parseFlag', () => {
  it.each([
    ['Y', true],
    ['y', true],
    ['yes', true],
    ['1', true],
    ['TRUE', true],
    ['True', true],
    ['N', false],
    ['n', false],
    ['0', false],
    ['false', false],
    ['FALSE', false],
  ])('reads %j as %s', (input, flag) => {
    expect(parseFlag(input)).toBe(flag);
  });

  it.each(['', 'maybe', '2', 'x'])('refuses %j', (input) => {
    expect(parseFlag(input)).toBeNull();
  });
});

describe('parseProductType', () => {
  it.each([
    ['1', 1],
    ['F', 1],
    ['frozen', 1],
    ['Frozen', 1],
    ['2', 2],
    ['N', 2],
    ['Non-Frozen', 2],
    ['NON FROZEN', 2],
    ['0', 0],
    ['', 0],
  ])('reads %j as %i', (input, type) => {
    expect(parseProductType(input)).toBe(type);
  });

  it.each(['3', 'X', 'Fresh'])('refuses %j', (input) => {
    expect(parseProductType(input)).toBeNull();
  });
});

describe('parseWholeNumber', () => {
  it('reads whole numbers, with a sign or trailing decimal zeros', () => {
    expect([' 12 ', '+7', '-3', '24.00', '5.'].map(parseWholeNumber)).toEqual([12, 7, -3, 24, 5]);
  });
  it('refuses anything else', () => {
    expect(['', '1,000', '12.5', '1e3', 'twelve', '0x10'].map(parseWholeNumber)).toEqual(Array(6).fill(null));
  });
});

describe('cells and columns', () => {
  it('trims and unwraps spreadsheet quotes', () => {
    expect(cleanCell('  "Say ""cheese"", please" ')).toBe('Say "cheese", please');
    expect(cleanCell('"')).toBe('"');
  });
  it('drops stray empty cells after the last column, not before', () => {
    expect(splitColumns('a\tb\t\t', 2)).toEqual(['a', 'b']);
    expect(splitColumns('a\t\t', 3)).toEqual(['a', '', '']);
    expect(splitColumns('a\tb\tc', 2)).toEqual(['a', 'b', 'c']);
  });
  it('recognises a header by the names of its cells, not by words where data has numbers', () => {
    expect(
      isHeaderLine(['COMPANY_ID', 'CUSTOMER_NAME', 'ZIP_CODE', 'CUST_TYPE_ID'], CUSTOMER_HEADER_NAMES),
    ).toBe(true);
    expect(isHeaderLine(['Company Id', 'Name', 'Zip', 'Mystery'], CUSTOMER_HEADER_NAMES)).toBe(true);
    expect(isHeaderLine(['1001', 'Name', '60601', '1'], CUSTOMER_HEADER_NAMES)).toBe(false);
    expect(isHeaderLine(['abc', 'Name', '60601', '1'], CUSTOMER_HEADER_NAMES)).toBe(false);
    expect(isHeaderLine(['', '', '', ''], CUSTOMER_HEADER_NAMES)).toBe(false);
  });
});

describe('LineFields', () => {
  it('collects every problem of a line into one message', () => {
    const f = new LineFields(['', 'x'.repeat(30), 'abc', 'maybe']);
    f.text(0, 'Code', 10, true);
    f.text(1, 'Description', 20);
    f.whole(2, 'Units', 1, 99);
    f.flag(3, 'Case only', true);
    const r = f.result({});
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message.split('; ')).toEqual([
      'Code is required',
      expect.stringMatching(/^Length of Description must be less than or equal to 20/),
      "Units must be a whole number from 1 to 99 (found 'abc')",
      "Case only must be Y or N, 1 or 0, true or false (found 'maybe')",
    ]);
  });
});
