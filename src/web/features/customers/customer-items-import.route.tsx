import { Stack } from '@mantine/core';
import { FileUpload, ImportColumns, ImportFileRules } from '../../components/file-upload';
import { queryKeys } from '../../lib/query-keys';

const customerItemColumns = [
  { name: 'company id', note: 'Customer number, 4 digits' },
  { name: 'product code', note: 'An item code' },
  { name: 'start date', note: 'First delivery date the customer may order it; blank: no limit' },
  { name: 'end date', note: 'Last delivery date; blank: no limit' },
  { name: 'order no', note: "The item's place in the customer's order form" },
];

const orderHistoryColumns = [
  { name: 'order date', note: 'Date the order was placed' },
  { name: 'customer number', note: '4 digits; the customer must exist' },
  { name: 'customer name', note: 'As the back office has it' },
  { name: 'delivery date', note: 'Date' },
  { name: 'order number', note: "The back office's order number" },
  { name: 'contact name', note: 'Who placed the order' },
  { name: 'contact phone', note: 'Phone number' },
  { name: 'order type', note: 'The back office order type, e.g. REG' },
  { name: 'item number', note: 'Item code; an unknown item keeps the code and description given here' },
  { name: 'item description', note: 'Description' },
  { name: 'units per case', note: 'Whole number' },
  { name: 'units', note: 'Whole number' },
  { name: 'cases', note: 'Whole number' },
];

/** Spec section 2, /maint/customer/importitems: the customer items and the order history uploads. */
export function Component() {
  return (
    <Stack gap="md" maw={960}>
      <FileUpload
        title="Customer Items Import"
        url="/api/CustomerItemsImport"
        invalidates={[queryKeys.customers.all, queryKeys.products.all]}
      >
        <ImportColumns
          caption="The products each customer may order: tab separated, five columns."
          columns={customerItemColumns}
        />
        <ImportFileRules keyedBy="company id and product code" />
      </FileUpload>
      <FileUpload
        title="Customer Order History Import"
        url="/api/OrderHistoryImport"
        invalidates={[queryKeys.orders.all, queryKeys.worksheetAll]}
      >
        <ImportColumns
          caption="Orders from the back office, one line per product: tab separated, thirteen columns."
          columns={orderHistoryColumns}
        />
        <ImportFileRules keyedBy="order number and item number" />
      </FileUpload>
    </Stack>
  );
}
