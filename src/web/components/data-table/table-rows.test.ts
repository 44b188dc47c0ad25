import { describe, expect, it } from 'vitest';
import type { DataTableColumn } from './data-table.types';
import { compareValues, nextSort, pageOf, sortRows } from './table-rows';

interface Row {
  id: number;
  code: string | null;
  n: number;
}
const columns: DataTableColumn<Row>[] = [
  { key: 'code', header: 'Code', sortBy: true },
  { key: 'n', header: 'N', sortBy: (r) => r.n },
  { key: 'id', header: 'Id' },
];
const rows: Row[] = [
  { id: 1, code: 'b-10', n: 3 },
  { id: 2, code: 'B-9', n: 1 },
  { id: 3, code: null, n: 2 },
  { id: 4, code: 'a', n: 1 },
];

describe('compareValues', () => {
  it('compares text case-insensitively with numbers in order, numbers numerically, empties last', () => {
    expect(compareValues('b-9', 'B-10')).toBeLessThan(0);
    expect(compareValues('abc', 'ABC')).toBe(0);
    expect(compareValues(2, 10)).toBeLessThan(0);
    expect(compareValues(null, 'a')).toBeGreaterThan(0);
    expect(compareValues(false, true)).toBeLessThan(0);
  });
});

describe('sortRows', () => {
  it('sorts ascending and descending, keeping empty values last both ways', () => {
    expect(sortRows(rows, columns, { key: 'code', dir: 'asc' }).map((r) => r.id)).toEqual([4, 2, 1, 3]);
    expect(sortRows(rows, columns, { key: 'code', dir: 'desc' }).map((r) => r.id)).toEqual([1, 2, 4, 3]);
  });

  it('is stable: equal values keep their order', () => {
    expect(sortRows(rows, columns, { key: 'n', dir: 'asc' }).map((r) => r.id)).toEqual([2, 4, 3, 1]);
  });

  it('falls back to the default sort for an unknown or unsortable key, else keeps the order', () => {
    const fallback = { key: 'n', dir: 'desc' } as const;
    expect(sortRows(rows, columns, { key: 'nope', dir: 'asc' }, fallback).map((r) => r.id)).toEqual([
      1, 3, 2, 4,
    ]);
    expect(sortRows(rows, columns, { key: 'id', dir: 'asc' }).map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('does not change the given array', () => {
    const copy = [...rows];
    sortRows(rows, columns, { key: 'code', dir: 'asc' });
    expect(rows).toEqual(copy);
  });
});

describe('pageOf', () => {
  const many = Array.from({ length: 40 }, (_, i) => i + 1);
  it('cuts pages and reports the range', () => {
    expect(pageOf(many, 2, 15)).toMatchObject({ page: 2, pageCount: 3, from: 16, to: 30, total: 40 });
    expect(pageOf(many, 3, 15).rows).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
  });
  it('keeps a page past the end (or below 1) within range', () => {
    expect(pageOf(many, 9, 25)).toMatchObject({ page: 2, from: 26, to: 40 });
    expect(pageOf(many, 0, 25).page).toBe(1);
  });
  it('reports an empty list as one empty page', () => {
    expect(pageOf([], 1, 25)).toMatchObject({ rows: [], page: 1, pageCount: 1, from: 0, to: 0, total: 0 });
  });
});

describe('nextSort', () => {
  it('flips the same column and starts another ascending', () => {
    expect(nextSort({ key: 'a', dir: 'asc' }, 'a')).toEqual({ key: 'a', dir: 'desc' });
    expect(nextSort({ key: 'a', dir: 'desc' }, 'a')).toEqual({ key: 'a', dir: 'asc' });
    expect(nextSort({ key: 'a', dir: 'desc' }, 'b')).toEqual({ key: 'b', dir: 'asc' });
  });
});
