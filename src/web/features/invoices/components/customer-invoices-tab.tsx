import { useBelow } from '../../../lib/use-below';
import { paths } from '../../../paths';
import { breakpoints } from '../../../theme';
import { useInvoices } from '../api/get-invoices';
import { InvoicesList } from './invoices-list';

/** A customer's invoices on their view in /maint (design.md 8.4): the customer's list, opening staff's page. */
export function CustomerInvoicesTab({ customerId }: { customerId: number }) {
  const isPhone = useBelow(breakpoints.small);
  const { data, isPending, isError } = useInvoices(customerId);
  const invoices = data ?? [];
  const state = isPending ? 'loading' : isError ? 'error' : invoices.length === 0 ? 'empty' : 'rows';
  return (
    <InvoicesList invoices={invoices} state={state} isPhone={isPhone} invoicePath={paths.maintInvoice} />
  );
}
