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
  {
    key: 'MinimumCases',
    header: 'Minimum Cases',
    sortBy: true,
    nowrap: true,
    align: 'right',
    // 0 is no minimum (design.md 7.11): a "0" would read as a minimum of nothing.
    render: (t) => (t.MinimumCases ? `${t.MinimumCases} ${t.MinimumCases === 1 ? 'case' : 'cases'}` : 'None'),
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
        minWidth={720}
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
