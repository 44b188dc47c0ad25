import { Button, Group, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { productTypeName } from '../../../domain/enums';
import type { Product } from '../../../domain/product.schema';
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
import { useProducts } from './api/get-products';
import { ItemFilters } from './components/item-filters';
import { filterItems, ITEM_FILTER_DEBOUNCE_MS, ItemSearchSchema, itemTableDefaults } from './item-filter';

/** Spec section 2's Items columns (the Action column comes from `actions`). */
const columns: DataTableColumn<Product>[] = [
  { key: 'Code', header: 'Code', sortBy: true, nowrap: true },
  { key: 'Description', header: 'Description', sortBy: true },
  { key: 'Units', header: 'Units/Case', sortBy: true, align: 'right' },
  {
    key: 'Type',
    header: 'Type',
    sortBy: (p) => productTypeName(p.Type),
    render: (p) => productTypeName(p.Type),
  },
  { key: 'IsCaseOnly', header: 'Case Only', sortBy: true, render: (p) => yesNo(p.IsCaseOnly) },
  { key: 'IsActive', header: 'Active', sortBy: true, render: (p) => yesNo(p.IsActive) },
];

/** /maint/items: every item, filtered and sorted in the browser; the filter lives in the URL. */
export function Component() {
  const products = useProducts();
  const { filters, setFilters, isFiltered, tableState } = useTableSearchParams(
    ItemSearchSchema,
    itemTableDefaults,
  );
  const { isNarrow } = useFilterDrawer();
  const draft = useFilterDraft({
    applied: filters,
    apply: setFilters,
    empty: itemTableDefaults.filters,
    isNarrow,
    delay: ITEM_FILTER_DEBOUNCE_MS,
  });
  const rows = useMemo(
    () => (products.isError ? [] : products.data && filterItems(products.data, filters)),
    [products.isError, products.data, filters],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ItemFilters draft={draft.draft} set={draft.set} onUpdate={draft.update} onReset={draft.reset} />
        <FilterNote shown={isNarrow && isFiltered} onClear={draft.reset} />
        {/* The items upload (/maint/item/import) has no menu entry in the spec; it is reached from here. */}
        <Button
          component={Link}
          to={paths.itemImport}
          variant="default"
          leftSection={<IconFileImport size={18} />}
          ml="auto"
        >
          Import
        </Button>
      </Group>
      <DataTable
        label="Items"
        columns={columns}
        rows={rows}
        rowKey={(p) => p.Id}
        filtered={isFiltered}
        minWidth={720}
        {...tableState}
        actions={(p) => [
          { label: `View item ${p.Code}`, icon: <IconEye size={18} />, to: paths.itemEdit(p.Id) },
        ]}
      />
    </Stack>
  );
}
