import {
  ActionIcon,
  Box,
  Group,
  Loader,
  Pagination,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useBelow } from '../../lib/use-below';
import { breakpoints } from '../../theme';
import type { DataTableColumn, RowAction, SortState } from './data-table.types';
import type { PageSlice } from './table-rows';

/** The three empty states every list shows (style.md, spec section 2). */
export const tableMessages = {
  loading: 'Loading...',
  noResults: 'No results match the filter',
  noData: 'No data',
} as const;

function SortIcon({ dir }: { dir: 'asc' | 'desc' | null }) {
  // Both arrows, the active one dark: the column shows it sorts before it is clicked.
  return (
    <svg width={14} height={14} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 10l5-6 5 6z" fill={dir === 'asc' ? 'currentColor' : 'var(--mantine-color-gray-5)'} />
      <path d="M7 14l5 6 5-6z" fill={dir === 'desc' ? 'currentColor' : 'var(--mantine-color-gray-5)'} />
    </svg>
  );
}

/** A header cell: a sort button (with `aria-sort`) for sortable columns, plain text otherwise. */
export function HeaderCell<T>({
  column,
  sort,
  onSort,
  sticky,
}: {
  column: DataTableColumn<T>;
  sort: SortState | undefined;
  onSort: (key: string) => void;
  /** The sticky first column's position on phones (sticky-columns.ts). */
  sticky?: CSSProperties;
}) {
  const dir = sort?.key === column.key ? sort.dir : null;
  const style = { width: column.width, textAlign: column.align, whiteSpace: 'nowrap', ...sticky } as const;
  if (!column.sortBy) {
    return (
      <Table.Th scope="col" style={style}>
        {column.header}
      </Table.Th>
    );
  }
  return (
    <Table.Th
      scope="col"
      style={style}
      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
    >
      {/* A thumb's 44 px on a phone (issue 33: 22 px), the row's own height on a desk (app.css). */}
      <UnstyledButton onClick={() => onSort(column.key)} fw={700} fz="sm" className="sort-button">
        <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : undefined}>
          {column.header}
          <SortIcon dir={dir} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** One full-width row with the loading, no-results or no-data message. */
export function EmptyRow({ colSpan, state }: { colSpan: number; state: keyof typeof tableMessages }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan} py="xl" px={0}>
        {/*
          On a phone the table is wider than its scroll region: centred in the row, the message
          would stand off screen. It is centred in the region's visible width instead (100cqw,
          the region being a size container) and stays there when the table is swiped.
        */}
        <Group justify="center" gap="sm" style={{ position: 'sticky', left: 0, width: '100cqw' }}>
          {state === 'loading' && <Loader size="sm" aria-hidden="true" />}
          <Text c="dimmed" ta="center">
            {tableMessages[state]}
          </Text>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The Action cell's icon buttons (links or click handlers), named by their labels. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map((action) => (
        <Tooltip key={action.label} label={action.label} openDelay={400}>
          {action.to ? (
            <ActionIcon component={Link} to={action.to} variant="subtle" aria-label={action.label}>
              {action.icon}
            </ActionIcon>
          ) : (
            <ActionIcon variant="subtle" aria-label={action.label} onClick={action.onClick}>
              {action.icon}
            </ActionIcon>
          )}
        </Tooltip>
      ))}
    </Group>
  );
}

/** 'Rows 1-25 of 120' and, with more than one page, the page buttons. */
export function Pager({
  slice,
  label,
  onPageChange,
}: {
  slice: PageSlice<unknown>;
  label: string;
  onPageChange: (page: number) => void;
}) {
  const isPhone = useBelow(breakpoints.small);
  if (slice.total === 0) return null;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text fz="sm" c="dimmed" aria-live="polite">
        Rows {slice.from}-{slice.to} of {slice.total}
      </Text>
      {slice.pageCount > 1 && (
        <Box component="nav" aria-label={`${label} pages`}>
          <Pagination
            // 44 px controls on a phone (issue 33: 26 px), one page either side of the current
            // so that they fit a 390 px screen.
            size={isPhone ? 'xl' : 'sm'}
            gap={isPhone ? 4 : undefined}
            siblings={isPhone ? 0 : 1}
            boundaries={1}
            total={slice.pageCount}
            value={slice.page}
            onChange={onPageChange}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            getControlProps={(control) => ({
              'aria-label': {
                first: 'First page',
                last: 'Last page',
                next: 'Next page',
                previous: 'Previous page',
              }[control],
            })}
          />
        </Box>
      )}
    </Group>
  );
}
