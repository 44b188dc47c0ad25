import { Stack } from '@mantine/core';
import { z } from 'zod';
import type { CustomerTypeListItem } from '../../../domain/customer-type.schema';
import { DataTable, type DataTableColumn, useTableSearchParams } from '../../components/data-table';
import { IconEdit } from '../../components/icons';
import { paths } from '../../paths';
import { useCustomerTypes } from './api/get-customer-types';
import { formatCutoffTime } from './components/cutoff-time';

const columns: DataTableColumn<CustomerTypeListItem>[] = [
  { key: 'Id', header: 'Customer Type Id', sortBy: true, nowrap: true, width: 170 },
  { key: 'Name', header: 'Customer Type Name', sortBy: true },
  {
    key: 'LeadHours',
    header: 'Lead Hours',
    sortBy: true,
    nowrap: true,
    render: (t) => `${t.LeadHours} Hours`,
  },
  {
    key: 'Cutoff',
    header: 'Cutoff Time',
    nowrap: true,
    sortBy: (t) => t.CutoffHours * 60 + t.CutoffMinutes,
    render: (t) => formatCutoffTime(t.CutoffHours, t.CutoffMinutes),
  },
];

const SearchSchema = z.object({});
const defaults = { filters: {}, sort: { key: 'Id', dir: 'asc' as const } };

/** Spec section 2, /maint/customertype: the customer types and their ordering rules, by Id. */
export function Component() {
  const types = useCustomerTypes();
  const { tableState } = useTableSearchParams(SearchSchema, defaults);
  return (
    <Stack gap="md">
      <DataTable
        label="Customer Types"
        columns={columns}
        rows={types.data ?? (types.isError ? [] : undefined)}
        rowKey={(t) => t.Id}
        minWidth={600}
        {...tableState}
        actions={(t) => [
          {
            label: `Edit customer type ${t.Id}`,
            icon: <IconEdit size={18} />,
            to: paths.customerTypeEdit(t.Id),
          },
        ]}
      />
    </Stack>
  );
}
