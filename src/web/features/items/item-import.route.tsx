import { Stack } from '@mantine/core';
import { FileUpload, ImportColumns, ImportFileRules } from '../../components/file-upload';
import { queryKeys } from '../../lib/query-keys';

const columns = [
  { name: 'product code', note: 'The item code' },
  { name: 'description', note: 'Description' },
  { name: 'units per case', note: 'Whole number above 0' },
  { name: 'product type', note: '1, F or Frozen; 2, N or Non-Frozen' },
  { name: 'case only', note: 'Y/N: whether the item is sold only by the case' },
  { name: 'unit UOM', note: 'Unit of measure of a unit, e.g. CAN' },
  { name: 'case UOM', note: 'Unit of measure of a case, e.g. CS' },
];

/** Spec section 2, /maint/item/import: 'Item - Import', one tab-separated items file. */
export function Component() {
  return (
    <Stack gap="md" maw={960}>
      <FileUpload title="Item Import" url="/api/ItemImport" invalidates={[queryKeys.products.all]}>
        <ImportColumns
          caption="The items file is tab separated with these seven columns:"
          columns={columns}
        />
        <ImportFileRules keyedBy="product code" />
      </FileUpload>
    </Stack>
  );
}
