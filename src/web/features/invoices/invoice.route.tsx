import { Stack, Title } from '@mantine/core';
import { paths } from '../../paths';
import { InvoiceScreen } from './invoice-screen';

/** /order/invoices/{id}: one of the customer's invoices, checked against its order (design.md 8.4). */
export function Component() {
  return (
    <Stack gap="md">
      <Title order={1}>Invoice</Title>
      <InvoiceScreen back={() => ({ to: paths.orderInvoices, label: 'Invoices' })} />
    </Stack>
  );
}
