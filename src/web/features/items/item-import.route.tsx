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

const availabilityColumns = [
  { name: 'item code', note: 'The item code; the item must exist' },
  { name: 'cases available', note: 'Whole number, 0 or more; blank when not known' },
  { name: 'status', note: 'IN, LOW or OUT (any case)' },
  { name: 'expected date', note: 'Optional: when the item is expected back' },
  {
    name: 'substitute code',
    note: 'Optional: the item that may be sent instead; it must exist and not be the item itself',
  },
];

const priceColumns = [
  { name: 'price level', note: 'T and a customer type (T3) for the type, or a company id for one customer' },
  { name: 'item code', note: 'The item code; the item must exist' },
  { name: 'case price', note: 'Dollars and cents above 0, such as 24.99' },
  { name: 'unit price', note: 'Blank when the item is sold by the case only' },
  { name: 'deposit per case', note: 'Dollars and cents; blank is none' },
  { name: 'quantity break', note: 'The least cases this price is for; blank is 1' },
  { name: 'from date', note: 'The first day of the price' },
  { name: 'to date', note: 'Optional: the last day of the price' },
];

/**
 * Spec section 2, /maint/item/import: 'Item - Import', the tab-separated items file, and the
 * availability file (design.md 8.3) and the prices file (8.4), which are about the same items.
 */
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
      <FileUpload
        title="Availability Import"
        url="/api/AvailabilityImport"
        invalidates={[queryKeys.products.all]}
      >
        <ImportColumns
          caption="The stock, one item a line: tab separated, three to five columns (the last two may be left out)."
          columns={availabilityColumns}
        />
        <ImportFileRules
          keyedBy="item code"
          replaces="an item it does not name, or whose line is rejected, shows no availability until a file names it again. A file with no line that can be imported is refused, and the last file's stock stays"
        />
      </FileUpload>
      <FileUpload title="Prices Import" url="/api/PriceImport" invalidates={[queryKeys.products.all]}>
        <ImportColumns
          caption="The price book, one price a line: tab separated, seven or eight columns (the to date may be left out). A customer's own price beats its type's; of a level's breaks, the highest a line's cases reach applies."
          columns={priceColumns}
        />
        <ImportFileRules
          keyedBy="price level, item code, quantity break and from date"
          replaces="a price of a period that has not ended that it does not name, or whose line is rejected, is removed; periods that have ended stay, and where price posting is on, so do periods that have started. A file with no line that can be imported is refused, and the last file's prices stay"
        />
      </FileUpload>
    </Stack>
  );
}
