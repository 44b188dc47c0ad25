import { describe, expect, it } from 'vitest';
import { copyLine, rowsJson } from './sql-runner.js';

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
