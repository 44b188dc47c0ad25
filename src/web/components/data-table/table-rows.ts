import type { DataTableColumn, SortState, SortValue } from './data-table.types';

/** Spec section 9: 15 rows a page on small screens (below 600 px), 25 otherwise. */
export const PAGE_SIZE_SMALL = 15;
export const PAGE_SIZE = 25;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Compares two sort values: numbers and booleans numerically, text by locale; empty values last. */
export function compareValues(a: SortValue, b: SortValue): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  if (typeof a === 'string' || typeof b === 'string') return collator.compare(String(a), String(b));
  return Number(a) - Number(b);
}

/** The column's sort accessor, or undefined when the column does not sort. */
export function sortAccessor<T>(column: DataTableColumn<T> | undefined): ((row: T) => SortValue) | undefined {
  if (!column?.sortBy) return undefined;
  if (column.sortBy === true) {
    const key = column.key;
    return (row) => (row as Record<string, SortValue>)[key];
  }
  return column.sortBy;
}

/**
 * The rows in sort order (a stable sort: equal values keep their given order). A sort key that
 * names no sortable column falls back to `fallback`; with neither, the rows keep their order.
 */
export function sortRows<T>(
  rows: readonly T[],
  columns: readonly DataTableColumn<T>[],
  sort: SortState | undefined,
  fallback?: SortState,
): T[] {
  const find = (s: SortState | undefined) => s && columns.find((c) => c.key === s.key && c.sortBy);
  const active = find(sort) ? sort : find(fallback) ? fallback : undefined;
  const accessor = sortAccessor(find(active));
  if (!active || !accessor) return [...rows];
  const sign = active.dir === 'desc' ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, value: accessor(row) }))
    .sort((a, b) => {
      const aEmpty = a.value === null || a.value === undefined || a.value === '';
      const bEmpty = b.value === null || b.value === undefined || b.value === '';
      // Empty values stay last in both directions.
      if (aEmpty !== bEmpty) return aEmpty ? 1 : -1;
      return sign * compareValues(a.value, b.value) || a.index - b.index;
    })
    .map((x) => x.row);
}

export interface PageSlice<T> {
  rows: T[];
  /** The page shown (1-based): the asked page, kept within 1..pageCount. */
  page: number;
  pageCount: number;
  /** 1-based index of the first and last row shown (0 and 0 when there are none). */
  from: number;
  to: number;
  total: number;
}

/** One page of `rows`. A page past the end (the filter removed rows) shows the last page. */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number): PageSlice<T> {
  const total = rows.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * pageSize;
  const slice = rows.slice(start, start + pageSize);
  return {
    rows: slice,
    page: current,
    pageCount,
    from: total === 0 ? 0 : start + 1,
    to: start + slice.length,
    total,
  };
}

/** The next sort after a click on a header: the same column flips, another column starts ascending. */
export function nextSort(current: SortState | undefined, key: string): SortState {
  if (current?.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: 'asc' };
}
