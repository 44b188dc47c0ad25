import { Stack, Title } from '@mantine/core';
import { useBelow } from '../../lib/use-below';
import { breakpoints } from '../../theme';
import { useSignedInCustomer } from '../auth/api/get-session';
import { useInvoices } from './api/get-invoices';
import { InvoicesList } from './components/invoices-list';

/** /order/invoices: the customer's invoices, newest first (design.md 8.4). */
export function Component() {
  const customer = useSignedInCustomer();
  const isPhone = useBelow(breakpoints.small);
  const { data, isPending, isError } = useInvoices(customer.Id);
  const invoices = data ?? [];
  const state = isPending ? 'loading' : isError ? 'error' : invoices.length === 0 ? 'empty' : 'rows';
  return (
    <Stack gap="md">
      <Title order={1}>Invoices</Title>
      <InvoicesList invoices={invoices} state={state} isPhone={isPhone} />
    </Stack>
  );
}
