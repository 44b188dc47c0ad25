import { describe, expect, it } from 'vitest';
import { COPY_PIECE_CHARS, copyLine, copyPieces, rowsJson } from './sql-runner.js';

describe('copyLine', () => {
  it("writes COPY's text format: tabs between values, \\N for null, escapes for the characters COPY uses", () => {
    expect(copyLine([1, null, 'Cola', true])).toBe('1\t\\N\tCola\ttrue');
    expect(copyLine([2, 7, 'C:\\temp\\N', false])).toBe('2\t7\tC:\\\\temp\\\\N\tfalse');
    expect(copyLine(['a\tb\nc\rd'])).toBe('a\\tb\\nc\\rd');
  });

  it('writes one row without its line break, escaping what COPY would read as a separator or a null', () => {
    expect(copyLine([7, null, 'Cider \\N', 'a\tb', false])).toBe('7\t\\N\tCider \\\\N\ta\\tb\tfalse');
  });
});

describe('copyPieces', () => {
  it('cuts the lines into pieces that end with a line break and together are the whole text', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `${i}\t${'x'.repeat(i % 7)}`);
    const pieces = copyPieces(lines, 40);
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join('')).toBe(`${lines.join('\n')}\n`);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(40);
      expect(piece.endsWith('\n')).toBe(true);
    }
  });

  it('keeps a line longer than a piece whole, in a piece of its own', () => {
    const long = 'y'.repeat(100);
    expect(copyPieces(['a', long, 'b'], 40)).toEqual(['a\n', `${long}\n`, 'b\n']);
  });

  it('gives no piece for no lines, and one for a batch that fits', () => {
    expect(copyPieces([])).toEqual([]);
    expect(copyPieces(['1\ta', '2\tb'])).toEqual(['1\ta\n2\tb\n']);
  });

  it('cuts an order history batch (2,000 lines of about 125 characters) into pieces V8 keeps young', () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => `${i}\t${'z'.repeat(120)}`);
    const pieces = copyPieces(lines);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(COPY_PIECE_CHARS);
    expect(pieces.join('')).toBe(`${lines.join('\n')}\n`);
  });
});

describe('rowsJson', () => {
  it('writes the rows as JSON objects keyed by column', () => {
    const json = rowsJson(
      ['id', 'name', 'ok', 'gone'],
      [
        [1, 'a "quoted"\\ name', true, null],
        [2, '', false, null],
      ],
    );
    expect(JSON.parse(json)).toEqual([
      { id: 1, name: 'a "quoted"\\ name', ok: true, gone: null },
      { id: 2, name: '', ok: false, gone: null },
    ]);
    expect(rowsJson(['id'], [])).toBe('[]');
  });
});
