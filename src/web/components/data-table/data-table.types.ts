import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

/** Which column a table is sorted by (`key` is a column's `key`). */
export interface SortState {
  key: string;
  dir: SortDirection;
}

/** A value a column sorts by: numbers numerically, strings by locale (case-insensitive), nulls last. */
export type SortValue = string | number | boolean | null | undefined;

export interface DataTableColumn<T> {
  /** Unique per table; also the sort key in the URL (`?sort=Code`, `?sort=-Code`). */
  key: string;
  /** Header text. */
  header: string;
  /** Cell content. Without it the cell shows `row[key]` as text. */
  render?: (row: T) => ReactNode;
  /**
   * Makes the column sortable: the value compared for this row. `true` sorts by `row[key]`.
   * Leave it out for columns that do not sort.
   */
  sortBy?: ((row: T) => SortValue) | true;
  /** Fixed width (px or any CSS length). */
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Keeps the cell on one line (codes, dates, numbers). */
  nowrap?: boolean;
}

/** An icon button in the Action column. Give it a label: it is the button's accessible name. */
export interface RowAction {
  /** Accessible name and tooltip, e.g. 'View item BEER-1000'. */
  label: string;
  icon: ReactNode;
  /** A link (react-router) ... */
  to?: string;
  /** ... or a click handler. */
  onClick?: () => void;
}

/** Checkbox selection (multi-select tables). Keys come from `rowKey`. */
export interface RowSelection<K extends string | number> {
  selected: ReadonlySet<K>;
  onChange: (next: Set<K>) => void;
}
