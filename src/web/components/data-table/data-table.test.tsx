import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../theme';
import { DataTable, type DataTableProps } from './data-table';
import type { DataTableColumn } from './data-table.types';

interface Row {
  Id: number;
  Code: string;
}
const columns: DataTableColumn<Row>[] = [
  { key: 'Code', header: 'Code', sortBy: true },
  { key: 'Id', header: 'Id', sortBy: true, align: 'right' },
];
const rows: Row[] = Array.from({ length: 30 }, (_, i) => ({
  Id: i + 1,
  Code: `C-${String(30 - i).padStart(2, '0')}`,
}));

function renderTable(props: Partial<DataTableProps<Row, number>>) {
  const element = (
    <DataTable<Row, number>
      label="Things"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.Id}
      defaultSort={{ key: 'Code', dir: 'asc' }}
      {...props}
    />
  );
  const router = createMemoryRouter([
    { path: '/', element },
    { path: '/thing/:id', element: <p>Thing</p> },
  ]);
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1);

describe('DataTable', () => {
  it('shows the loading state before the first rows', () => {
    renderTable({ rows: undefined });
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('says no results when filtered and no data otherwise', () => {
    renderTable({ rows: [], filtered: true });
    expect(screen.getByText('No results match the filter')).toBeTruthy();
  });

  it('says no data for an empty unfiltered list', () => {
    renderTable({ rows: [] });
    expect(screen.getByText('No data')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('sorts by the default sort, pages 25 rows, and sorts on a header click', () => {
    renderTable({});
    expect(bodyRows()).toHaveLength(25);
    expect(bodyRows()[0]?.textContent).toContain('C-01');
    expect(screen.getByText('Rows 1-25 of 30')).toBeTruthy();
    const codeHeader = screen.getByRole('columnheader', { name: /Code/ });
    expect(codeHeader.getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(codeHeader).getByRole('button'));
    expect(codeHeader.getAttribute('aria-sort')).toBe('descending');
    expect(bodyRows()[0]?.textContent).toContain('C-30');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('Rows 26-30 of 30')).toBeTruthy();
  });

  it('reports sort and page changes when controlled', () => {
    const onSortChange = vi.fn();
    const onPageChange = vi.fn();
    renderTable({ sort: { key: 'Id', dir: 'desc' }, onSortChange, page: 2, onPageChange, pageSize: 10 });
    expect(bodyRows()[0]?.textContent).toContain('20');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Id/ })).getByRole('button'));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'Id', dir: 'asc' });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('selects rows one by one and a whole page', () => {
    const onChange = vi.fn();
    renderTable({ pageSize: 5, selection: { selected: new Set([2]), onChange }, rowLabel: (r) => r.Code });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select C-01' }));
    expect([...onChange.mock.lastCall![0]]).toEqual([2, 30]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect([...onChange.mock.lastCall![0]].sort((a, b) => a - b)).toEqual([2, 26, 27, 28, 29, 30]);
  });

  it('puts each checkbox in a label, so a tap beside the box selects the row (44 px on a phone)', () => {
    const onChange = vi.fn();
    renderTable({ pageSize: 5, selection: { selected: new Set(), onChange }, rowLabel: (r) => r.Code });
    const box = screen.getByRole('checkbox', { name: 'Select C-01' });
    const label = box.closest('label');
    expect(label).not.toBeNull();
    fireEvent.click(label!);
    expect([...onChange.mock.lastCall![0]]).toEqual([30]);
    expect(
      screen.getByRole('checkbox', { name: 'Select all rows on this page' }).closest('label'),
    ).not.toBeNull();
  });

  it('renders row actions as named links', async () => {
    const router = renderTable({
      actions: (r) => [{ label: `View ${r.Code}`, icon: 'V', to: `/thing/${r.Id}` }],
    });
    expect(screen.getByRole('columnheader', { name: 'Action' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'View C-01' }));
    expect(router.state.location.pathname).toBe('/thing/30');
  });
});
