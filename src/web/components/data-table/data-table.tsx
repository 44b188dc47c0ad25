import { Box, Checkbox, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useBelow } from '../../lib/use-below';
import { breakpoints } from '../../theme';
import { TAP_LABEL } from '../tap-label';
import type { DataTableColumn, RowAction, RowSelection, SortState } from './data-table.types';
import { EmptyRow, HeaderCell, Pager, RowActions, type tableMessages } from './data-table-parts';
import { CHECKBOX_COLUMN_WIDTH, stickyCell, useStickyLayout } from './sticky-columns';
import { nextSort, PAGE_SIZE, PAGE_SIZE_SMALL, pageOf, sortRows } from './table-rows';

export interface DataTableProps<T, K extends string | number> {
  /** The table's accessible name (and its scroll region's), e.g. 'Items'. */
  label: string;
  columns: readonly DataTableColumn<T>[];
  /** All rows after filtering; `undefined` while the first load runs (the loading state). */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => K;
  /** Shows the loading state even with rows (a refetch that replaces them). */
  loading?: boolean;
  /** True while a filter is set: no rows then reads 'No results match the filter', else 'No data'. */
  filtered?: boolean;
  /** The spec's default sort of this list; also used when `sort` names no sortable column. */
  defaultSort?: SortState;
  /** Controlled sort (e.g. from `useTableSearchParams`); leave out to let the table keep it. */
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /** Controlled page (1-based); leave out to let the table keep it. */
  page?: number;
  onPageChange?: (page: number) => void;
  /** Rows per page; default 15 below 600 px, else 25 (spec section 9). */
  pageSize?: number;
  /**
   * For a list the server pages (the audit trail): `rows` are the server's page `page` of
   * `serverTotal` rows, `pageSize` a page's length; the pager counts and moves through the whole list.
   */
  serverTotal?: number;
  /** Icon buttons of the Action column; the column shows when this is given. */
  actions?: (row: T) => RowAction[];
  /** Header of the action column. */
  actionsHeader?: string;
  /** Checkbox selection; `rowLabel` names each row's checkbox ('Select W000012'). */
  selection?: RowSelection<K>;
  rowLabel?: (row: T) => string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number | string;
  /** Height after which the body scrolls under the sticky header. */
  maxHeight?: number | string;
  /** Replaces the built-in empty-state texts. */
  emptyText?: Partial<Record<keyof typeof tableMessages, ReactNode>>;
}

/**
 * The admin lists' table: column definitions, client-side sorting and paging, sticky header,
 * the loading / no-results / no-data states, optional checkbox selection and row action icons.
 * It scrolls sideways on narrow screens, keeping the first column and the actions in view. Pair it with `useTableSearchParams` to keep sort and
 * page in the URL (spread its `tableState`).
 *
 * ```tsx
 * <DataTable label="Items" columns={columns} rows={filtered} rowKey={(p) => p.Id}
 *   filtered={isFiltered} defaultSort={{ key: 'Code', dir: 'asc' }} {...tableState}
 *   actions={(p) => [{ label: `View ${p.Code}`, icon: <IconEye />, to: paths.itemEdit(p.Id) }]} />
 * ```
 */
export function DataTable<T, K extends string | number>(props: DataTableProps<T, K>) {
  const { label, columns, rows, rowKey, actions, selection, rowLabel } = props;
  const small = useBelow(breakpoints.small);
  const pageSize = props.pageSize ?? (small ? PAGE_SIZE_SMALL : PAGE_SIZE);
  const region = useRef<HTMLDivElement>(null);
  const checkboxCell = useRef<HTMLTableCellElement>(null);

  const [ownSort, setOwnSort] = useState(props.defaultSort);
  const [ownPage, setOwnPage] = useState(1);
  const sort = props.sort ?? ownSort;
  const page = props.page ?? ownPage;
  const setPage = (p: number) => (props.onPageChange ?? setOwnPage)(p);
  const onSort = (key: string) => {
    const next = nextSort(sort, key);
    if (props.onSortChange) props.onSortChange(next);
    else {
      setOwnSort(next);
      setOwnPage(1);
    }
  };

  const sorted = useMemo(
    () => (rows ? sortRows(rows, columns, sort, props.defaultSort) : []),
    [rows, columns, sort, props.defaultSort],
  );
  const slice =
    props.serverTotal === undefined
      ? pageOf(sorted, page, pageSize)
      : serverSlice(sorted, page, pageSize, props.serverTotal);
  const shownSort = sort && columns.some((c) => c.key === sort.key && c.sortBy) ? sort : props.defaultSort;

  const colSpan = columns.length + (actions ? 1 : 0) + (selection ? 1 : 0);
  // Phones: the checkbox, the first column and the actions stick (sticky-columns.ts).
  const { overflows, firstLeft } = useStickyLayout(region, checkboxCell, slice.rows);
  const stick = (side: 'left' | 'right', offset: number, opts?: Parameters<typeof stickyCell>[2]) =>
    small ? stickyCell(side, offset, { ...opts, edge: opts?.edge && overflows }) : undefined;
  const firstKey = columns[0]?.key;
  const state =
    rows === undefined || (props.loading && slice.total === 0)
      ? 'loading'
      : slice.total === 0
        ? props.filtered
          ? 'noResults'
          : 'noData'
        : null;

  return (
    <Stack gap="xs">
      {small && overflows && (
        <Text fz="xs" c="dimmed" aria-hidden="true">
          Swipe the table sideways for more columns
        </Text>
      )}
      <Box
        ref={region}
        role="region"
        aria-label={label}
        // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        style={{
          overflow: 'auto',
          maxHeight: props.maxHeight ?? 'max(320px, calc(100dvh - 240px))',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-sm)',
          // Its width is what `cqw` measures inside (EmptyRow keeps its message in view).
          containerType: 'inline-size',
        }}
      >
        <Table
          aria-label={label}
          stickyHeader
          highlightOnHover
          verticalSpacing={6}
          style={{ minWidth: props.minWidth ?? 640 }}
        >
          <Table.Thead style={{ zIndex: 2 }}>
            <Table.Tr>
              {selection && (
                <Table.Th
                  ref={checkboxCell}
                  scope="col"
                  w={CHECKBOX_COLUMN_WIDTH}
                  style={stick('left', 0, { header: true })}
                >
                  <PageCheckbox rows={slice.rows} rowKey={rowKey} selection={selection} />
                </Table.Th>
              )}
              {columns.map((column) => (
                <HeaderCell
                  key={column.key}
                  column={column}
                  sort={shownSort}
                  onSort={onSort}
                  sticky={
                    column.key === firstKey
                      ? stick('left', firstLeft, { header: true, edge: true })
                      : undefined
                  }
                />
              ))}
              {actions && (
                <Table.Th scope="col" w={1} style={stick('right', 0, { header: true, edge: true })}>
                  {props.actionsHeader ?? 'Action'}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state ? (
              props.emptyText?.[state] ? (
                <Table.Tr>
                  <Table.Td colSpan={colSpan}>{props.emptyText[state]}</Table.Td>
                </Table.Tr>
              ) : (
                <EmptyRow colSpan={colSpan} state={state} />
              )
            ) : (
              slice.rows.map((row) => {
                const key = rowKey(row);
                const checked = selection?.selected.has(key) ?? false;
                return (
                  <Table.Tr key={key} bg={checked ? 'var(--mantine-primary-color-light)' : undefined}>
                    {selection && (
                      <Table.Td w={CHECKBOX_COLUMN_WIDTH} style={stick('left', 0, { tint: checked })}>
                        <Checkbox
                          // 24 px: WCAG 2.2's minimum target size (sm is 20); the label around
                          // it is a thumb's 44 px on a phone (app.css).
                          size="md"
                          wrapperProps={TAP_LABEL}
                          aria-label={`Select ${rowLabel ? rowLabel(row) : key}`}
                          checked={checked}
                          onChange={(e) => {
                            const next = new Set(selection.selected);
                            if (e.currentTarget.checked) next.add(key);
                            else next.delete(key);
                            selection.onChange(next);
                          }}
                        />
                      </Table.Td>
                    )}
                    {columns.map((column) => (
                      <Table.Td
                        key={column.key}
                        style={{
                          textAlign: column.align,
                          whiteSpace: column.nowrap ? 'nowrap' : undefined,
                          ...(column.key === firstKey &&
                            stick('left', firstLeft, { tint: checked, edge: true })),
                        }}
                      >
                        {column.render
                          ? column.render(row)
                          : String((row as Record<string, unknown>)[column.key] ?? '')}
                      </Table.Td>
                    ))}
                    {actions && (
                      <Table.Td style={stick('right', 0, { tint: checked, edge: true })}>
                        <RowActions actions={actions(row)} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Box>
      <Pager slice={slice} label={label} onPageChange={setPage} />
    </Stack>
  );
}

/** The header checkbox: selects or clears every row of the page shown. */
function PageCheckbox<T, K extends string | number>({
  rows,
  rowKey,
  selection,
}: {
  rows: T[];
  rowKey: (row: T) => K;
  selection: RowSelection<K>;
}) {
  const keys = rows.map(rowKey);
  const count = keys.filter((k) => selection.selected.has(k)).length;
  return (
    <Checkbox
      size="md"
      wrapperProps={TAP_LABEL}
      aria-label="Select all rows on this page"
      checked={keys.length > 0 && count === keys.length}
      indeterminate={count > 0 && count < keys.length}
      disabled={keys.length === 0}
      onChange={(e) => {
        const next = new Set(selection.selected);
        for (const k of keys) {
          if (e.currentTarget.checked) next.add(k);
          else next.delete(k);
        }
        selection.onChange(next);
      }}
    />
  );
}

/** The pager's numbers for one page the server sent (`rows`) of `total`. */
function serverSlice<T>(rows: T[], page: number, pageSize: number, total: number) {
  const from = rows.length === 0 ? 0 : (page - 1) * pageSize + 1;
  return {
    rows,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    from,
    to: rows.length === 0 ? 0 : from + rows.length - 1,
    total,
  };
}
