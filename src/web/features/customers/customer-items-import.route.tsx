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

const invoiceColumns = [
  { name: 'invoice number', note: "The back office's invoice number" },
  {
    name: 'order number',
    note: 'The Web Conf # or the back office order number; the order must be known here',
  },
  { name: 'invoice date', note: 'Date' },
  { name: 'due date', note: 'Date; not before the invoice date' },
  { name: 'item code', note: 'The item; blank on a fee line' },
  { name: 'cases', note: 'Whole number; blank is 0' },
  { name: 'units', note: 'Whole number; blank is 0' },
  { name: 'case price', note: 'Dollars and cents, such as 24.99' },
  { name: 'deposit', note: 'Per case, dollars and cents; blank is none' },
  { name: 'fee description', note: 'On a fee line only, such as Fuel surcharge' },
  { name: 'fee amount', note: 'On a fee line only, dollars and cents' },
  { name: 'paid', note: 'Y or N; blank is N (open)' },
];

/**
 * Spec section 2, /maint/customer/importitems: the customer items and the order history uploads,
 * and the invoices (design.md 8.4), which are checked against those orders.
 */
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
      <FileUpload title="Invoices Import" url="/api/InvoiceImport" invalidates={[queryKeys.orders.all]}>
        <ImportColumns
          caption="The invoices, one item or fee a line, the invoice's own columns on each: tab separated, eleven or twelve columns. Each invoice is checked against its order and the posted prices."
          columns={invoiceColumns}
        />
        <ImportFileRules
          keyedBy="invoice number, and item code or fee description"
          replaces="a later file with the same invoice number replaces that invoice's lines"
        />
      </FileUpload>
    </Stack>
  );
}
