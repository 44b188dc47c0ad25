import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import type { SortState } from './data-table.types';

/** Search parameters the hook keeps beside the filter fields (a filter field must not use them). */
export const SORT_PARAM = 'sort';
export const PAGE_PARAM = 'page';

export interface TableDefaults<F> {
  /** The empty filter: fields at these values stay out of the URL. */
  filters: F;
  /** The list's default sort (spec section 9). */
  sort: SortState;
}

export interface TableSearch<F> {
  filters: F;
  sort: SortState;
  page: number;
}

// biome-ignore lint/suspicious/noExplicitAny: any object schema; its output type is what matters.
type AnyObjectSchema = z.ZodObject<any>;

const SortParamSchema = z
  .string()
  .regex(/^-?[A-Za-z][\w.]*$/)
  .transform(
    (s): SortState => (s.startsWith('-') ? { key: s.slice(1), dir: 'desc' } : { key: s, dir: 'asc' }),
  );
const PageParamSchema = z.coerce.number().int().min(1).max(1_000_000);

/** A filter value as the URL writes it: booleans and numbers as text, null and undefined as ''. */
export function serializeValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/**
 * Reads filters, sort and page from the URL. Each filter field is parsed by its own schema in
 * `schema.shape`, so one bad or hand-edited parameter falls back to its default and leaves the
 * others alone; an absent parameter is the default.
 */
export function parseTableSearch<S extends AnyObjectSchema>(
  schema: S,
  params: URLSearchParams,
  defaults: TableDefaults<z.output<S>>,
): TableSearch<z.output<S>> {
  const filters = { ...defaults.filters } as Record<string, unknown>;
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const raw = params.get(key);
    if (raw === null) continue;
    const parsed = field.safeParse(raw);
    if (parsed.success) filters[key] = parsed.data;
  }
  const sort = SortParamSchema.safeParse(params.get(SORT_PARAM));
  const page = PageParamSchema.safeParse(params.get(PAGE_PARAM) ?? undefined);
  return {
    filters: filters as z.output<S>,
    sort: sort.success ? sort.data : defaults.sort,
    page: page.success ? page.data : 1,
  };
}

/**
 * The URL after a change: fields at their default value, the default sort and page 1 are left
 * out (short links); parameters that are not the table's are kept.
 */
export function writeTableSearch<F extends object>(
  current: URLSearchParams,
  keys: readonly string[],
  next: Partial<TableSearch<F>>,
  defaults: TableDefaults<F>,
): URLSearchParams {
  const params = new URLSearchParams(current);
  if (next.filters) {
    const filters = next.filters as Record<string, unknown>;
    const empty = defaults.filters as Record<string, unknown>;
    for (const key of keys) {
      const value = serializeValue(filters[key]);
      if (value === serializeValue(empty[key])) params.delete(key);
      else params.set(key, value);
    }
  }
  if (next.sort) {
    const { key, dir } = next.sort;
    if (key === defaults.sort.key && dir === defaults.sort.dir) params.delete(SORT_PARAM);
    else params.set(SORT_PARAM, dir === 'desc' ? `-${key}` : key);
  }
  if (next.page !== undefined) {
    if (next.page <= 1) params.delete(PAGE_PARAM);
    else params.set(PAGE_PARAM, String(Math.floor(next.page)));
  }
  return params;
}

/** True when some filter field differs from its default. */
export function isFilterSet<F extends object>(filters: F, empty: F): boolean {
  const a = filters as Record<string, unknown>;
  const b = empty as Record<string, unknown>;
  return Object.keys(b).some((key) => serializeValue(a[key]) !== serializeValue(b[key]));
}

/**
 * Table state in the URL (style.md habit 5): filters, sort and page are search parameters parsed
 * with `schema` (one zod schema per filter field, taking the parameter's text), so a filtered list
 * survives a reload and can be linked. Pass module-level constants for `schema` and `defaults`.
 * Changing the filter or the sort goes back to page 1. URL updates replace the history entry, so
 * the frame's Back button leaves the screen instead of undoing keystrokes.
 *
 * ```tsx
 * const { filters, setFilters, isFiltered, tableState } = useTableSearchParams(ItemSearchSchema, itemDefaults);
 * <DataTable rows={filterItems(data, filters)} filtered={isFiltered} {...tableState} ... />
 * ```
 */
export function useTableSearchParams<S extends AnyObjectSchema>(
  schema: S,
  defaults: TableDefaults<z.output<S>>,
) {
  type F = z.output<S>;
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` stands for `params` (a new object each render).
  const state = useMemo(() => parseTableSearch(schema, params, defaults), [search, schema, defaults]);
  const keys = useMemo(() => Object.keys(schema.shape), [schema]);

  const update = useCallback(
    (next: Partial<TableSearch<F>>) =>
      setParams((current) => writeTableSearch<F>(current, keys, next, defaults), {
        replace: true,
        preventScrollReset: true,
      }),
    [setParams, keys, defaults],
  );
  const setFilters = useCallback((filters: F) => update({ filters, page: 1 }), [update]);
  const resetFilters = useCallback(() => update({ filters: defaults.filters, page: 1 }), [update, defaults]);
  const setSort = useCallback((sort: SortState) => update({ sort, page: 1 }), [update]);
  const setPage = useCallback((page: number) => update({ page }), [update]);

  return {
    ...state,
    isFiltered: isFilterSet(state.filters, defaults.filters),
    setFilters,
    resetFilters,
    setSort,
    setPage,
    /** Spread into `DataTable`: controlled sort and page, and the default sort. */
    tableState: {
      sort: state.sort,
      onSortChange: setSort,
      page: state.page,
      onPageChange: setPage,
      defaultSort: defaults.sort,
    },
  };
}
