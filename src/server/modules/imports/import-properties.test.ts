import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFile } from '#support/parse-file.js';
import {
  CUSTOMER_COLUMNS,
  CUSTOMER_HEADER_NAMES,
  CUSTOMER_MIN_COLUMNS,
  parseCustomerLine,
} from './customer.parser.js';
import {
  CUSTOMER_ITEM_COLUMNS,
  CUSTOMER_ITEM_HEADER_NAMES,
  parseCustomerItemLine,
} from './customer-item.parser.js';
import { parseDate } from './field-parsers.js';
import { HeaderError } from './header-line.js';
import { ITEM_COLUMNS, ITEM_HEADER_NAMES, type ItemRow, parseItemLine } from './item.parser.js';
import type { LineFormat } from './line-parser.js';
import {
  ORDER_HISTORY_COLUMNS,
  ORDER_HISTORY_HEADER_NAMES,
  ORDER_HISTORY_MIN_COLUMNS,
  parseOrderHistoryLine,
} from './order-history.parser.js';
import { CR_ONLY_MESSAGE, NotTextError, readTsvLines, type TsvLine } from './tsv-reader.js';

const formats: [string, LineFormat<{ line: number }>][] = [
  ['items', { columns: ITEM_COLUMNS, headerNames: ITEM_HEADER_NAMES, parse: parseItemLine }],
  [
    'customers',
    {
      columns: CUSTOMER_COLUMNS,
      minColumns: CUSTOMER_MIN_COLUMNS,
      headerNames: CUSTOMER_HEADER_NAMES,
      parse: parseCustomerLine,
    },
  ],
  [
    'customer items',
    {
      columns: CUSTOMER_ITEM_COLUMNS,
      headerNames: CUSTOMER_ITEM_HEADER_NAMES,
      parse: parseCustomerItemLine,
    },
  ],
  [
    'order history',
    {
      columns: ORDER_HISTORY_COLUMNS,
      minColumns: ORDER_HISTORY_MIN_COLUMNS,
      headerNames: ORDER_HISTORY_HEADER_NAMES,
      parse: parseOrderHistoryLine,
    },
  ],
];

/** The bytes cut into chunks at the given points, as a network delivers them. */
async function* inChunks(bytes: Uint8Array, cuts: number[]) {
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const at = Math.min(cut, bytes.length);
    if (at > from) yield bytes.subarray(from, at);
    from = Math.max(from, at);
  }
  if (from < bytes.length) yield bytes.subarray(from);
}

async function collect(source: AsyncIterable<TsvLine[]>) {
  const out: TsvLine[] = [];
  for await (const lines of source) out.push(...lines);
  return out;
}

// Bytes that look like import files often enough to reach the parsers: tabs, digits, line breaks.
const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 400 }),
  fc
    .array(fc.constantFrom(...'\t\t\n\r\n 0123456789/-ABYNFxé€\u0000'.split('')), { maxLength: 300 })
    .map((cs) => new Uint8Array(Buffer.from(cs.join(''), 'utf8'))),
);

describe('any byte string', () => {
  it.each(formats)('%s: yields rows or rejections with line numbers, never a crash', async (_, format) => {
    await fc.assert(
      fc.asyncProperty(fileBytes, fc.array(fc.nat(400), { maxLength: 6 }), async (bytes, cuts) => {
        let result: Awaited<ReturnType<typeof parseFile<{ line: number }>>>;
        try {
          result = await parseFile(readTsvLines(inChunks(bytes, cuts)), format);
        } catch (err) {
          // The refusals: a header line whose names cannot be mapped (issue 43); a file whose
          // lines end with CR alone, only when there is a CR and no LF; binary data, only when
          // there is a NUL byte.
          if (err instanceof HeaderError) return;
          expect(err).toBeInstanceOf(NotTextError);
          if ((err as Error).message === CR_ONLY_MESSAGE) {
            expect(bytes.includes(0x0d) && !bytes.includes(0x0a)).toBe(true);
            return;
          }
          expect(bytes.includes(0)).toBe(true);
          return;
        }
        const lineCount = bytes.filter((b) => b === 0x0a).length + 1;
        expect(result.rows.length + result.rejected.length).toBe(result.lines);
        const numbers = [...result.rows.map((r) => r.line), ...result.rejected.map((r) => r.Line)];
        for (const n of numbers) {
          expect(Number.isInteger(n) && n >= 1 && n <= lineCount).toBe(true);
        }
        expect(new Set(numbers).size).toBe(numbers.length);
        for (const r of result.rejected) expect(r.Message.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same lines however the bytes are cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(fileBytes, fc.array(fc.nat(400), { maxLength: 8 }), async (bytes, cuts) => {
        const whole = await collect(readTsvLines(inChunks(bytes, []))).catch((e: Error) => e.name);
        const cut = await collect(readTsvLines(inChunks(bytes, cuts))).catch((e: Error) => e.name);
        expect(cut).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });
});

const cell = fc.string({ unit: fc.constantFrom(...'abcXYZ 019-éü€'.split('')), minLength: 1, maxLength: 12 });
const itemRow = fc.record({
  code: cell.map((s) => s.trim() || 'C'),
  description: cell.map((s) => s.trim() || 'D'),
  units: fc.integer({ min: 1, max: 9999 }),
  type: fc.constantFrom(0, 1, 2),
  isCaseOnly: fc.boolean(),
  unitUom: fc.constantFrom('', 'CAN', 'BTL'),
  caseUom: fc.constantFrom('', 'CS'),
});

describe('a well-formed items file', () => {
  it('reads back every row, with or without a header, in LF or CRLF, with blank lines', async () => {
    const typeForms = { 0: ['0', '', 'Unknown'], 1: ['1', 'F', 'Frozen'], 2: ['2', 'N', 'Non-Frozen'] };
    await fc.assert(
      fc.asyncProperty(
        fc.array(itemRow, { minLength: 1, maxLength: 20 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.nat(2),
        async (rows, eol, header, form) => {
          const lines = rows.map((r) =>
            [
              r.code,
              r.description,
              r.units,
              typeForms[r.type as 0 | 1 | 2][form],
              [
                ['N', '0', 'false'],
                ['Y', '1', 'TRUE'],
              ][Number(r.isCaseOnly)]![form],
              r.unitUom,
              r.caseUom,
            ].join('\t'),
          );
          if (header) lines.unshift(ITEM_COLUMNS.join('\t'));
          const text = `${lines.join(`${eol}${eol}`)}${eol}`;
          const parsed = await parseFile(readTsvLines(inChunks(Buffer.from(text), [7, 50])), {
            columns: ITEM_COLUMNS,
            headerNames: ITEM_HEADER_NAMES,
            parse: parseItemLine,
          });
          expect(parsed.rejected).toEqual([]);
          const read = parsed.rows.map(({ line: _, ...row }: ItemRow) => row);
          expect(read).toEqual(
            rows.map((r) => ({ ...r, code: r.code.trim(), description: r.description.trim() })),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('dates', () => {
  it('reads any calendar date in each of the three formats', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          const [y, m, day] = iso.split('-');
          expect(parseDate(`${m}/${day}/${y}`)).toBe(iso);
          expect(parseDate(iso)).toBe(iso);
          expect(parseDate(`${y}${m}${day}`)).toBe(iso);
        },
      ),
    );
  });
});
