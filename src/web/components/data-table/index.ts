/**
 * Shared admin list pieces (see each file's doc comment):
 * - `DataTable`: columns, client-side sort and paging (15 rows below 600 px, else 25), sticky
 *   header, loading / 'No results match the filter' / 'No data', checkbox selection, row actions.
 * - `useTableSearchParams(schema, defaults)`: filters, sort and page kept in the URL.
 * - `useFilterDraft`: a `FilterPanel`'s edited filter, debounced on wide screens, Update/Reset on narrow.
 * - `clearSection`: the × button of clearable filter inputs; `FilterNote`: 'Filtered list' on phones.
 * - `formatDate`, `formatDateTime`, `yesNo`: the spec's display formats.
 */
export { clearSection } from './clear-section';
export { DataTable, type DataTableProps } from './data-table';
export type { DataTableColumn, RowAction, RowSelection, SortDirection, SortState } from './data-table.types';
export { tableMessages } from './data-table-parts';
export { FilterNote } from './filter-note';
export { DATE_FORMAT, DATE_TIME_FORMAT, formatDate, formatDateTime, yesNo } from './format';
export { PAGE_SIZE, PAGE_SIZE_SMALL, pageOf, sortRows } from './table-rows';
export { type FilterDraftOptions, useFilterDraft } from './use-filter-draft';
export { type TableDefaults, useTableSearchParams } from './use-table-search-params';
