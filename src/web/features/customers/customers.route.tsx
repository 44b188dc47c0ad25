import { Button, Group, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatCompanyId } from '../../../domain/company-id';
import type { CustomerListItem } from '../../../domain/customer.schema';
import {
  DataTable,
  type DataTableColumn,
  FilterNote,
  useFilterDraft,
  useTableSearchParams,
  yesNo,
} from '../../components/data-table';
import { IconEye, IconFileImport } from '../../components/icons';
import { useFilterDrawer } from '../../components/layout/filter-drawer';
import { paths } from '../../paths';
import { useCustomers } from './api/get-customers';
import { CustomerFilters } from './components/customer-filters';
import {
  CUSTOMER_FILTER_DEBOUNCE_MS,
  CustomerSearchSchema,
  customerTableDefaults,
  filterCustomers,
} from './customer-filter';

/** Spec section 2's Customers columns (the Action column comes from `actions`). */
const columns: DataTableColumn<CustomerListItem>[] = [
  {
    key: 'CompanyId',
    header: 'Company Id',
    sortBy: true,
    nowrap: true,
    render: (c) => formatCompanyId(c.CompanyId),
  },
  { key: 'Name', header: 'Customer Name', sortBy: true },
  { key: 'CustomerTypeName', header: 'Customer Type', sortBy: true },
  { key: 'IsActive', header: 'Active?', sortBy: true, render: (c) => yesNo(c.IsActive) },
];

/** /maint/customers: every customer, filtered and sorted in the browser; the filter lives in the URL. */
export function Component() {
  const customers = useCustomers();
  const { filters, setFilters, isFiltered, tableState } = useTableSearchParams(
    CustomerSearchSchema,
    customerTableDefaults,
  );
  const { isNarrow } = useFilterDrawer();
  const draft = useFilterDraft({
    applied: filters,
    apply: setFilters,
    empty: customerTableDefaults.filters,
    isNarrow,
    delay: CUSTOMER_FILTER_DEBOUNCE_MS,
  });
  const rows = useMemo(
    () => (customers.isError ? [] : customers.data && filterCustomers(customers.data, filters)),
    [customers.isError, customers.data, filters],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <CustomerFilters draft={draft.draft} set={draft.set} onUpdate={draft.update} onReset={draft.reset} />
        <FilterNote shown={isNarrow && isFiltered} onClear={draft.reset} />
        <Button
          component={Link}
          to={paths.customerImport}
          variant="default"
          leftSection={<IconFileImport size={18} />}
          ml="auto"
        >
          Import
        </Button>
      </Group>
      <DataTable
        label="Customers"
        columns={columns}
        rows={rows}
        rowKey={(c) => c.Id}
        filtered={isFiltered}
        minWidth={560}
        {...tableState}
        actions={(c) => [
          {
            label: `View customer ${formatCompanyId(c.CompanyId)}`,
            icon: <IconEye size={18} />,
            to: paths.customerEdit(c.Id),
          },
        ]}
      />
    </Stack>
  );
}
