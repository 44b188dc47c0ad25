import { paths } from '../../paths';
import { InvoiceScreen } from './invoice-screen';

/** /maint/invoice/{id}: an invoice's check as staff see it, the customer's own drawing (design.md 8.4). */
export function Component() {
  return (
    <InvoiceScreen
      back={(customerId) =>
        customerId === null
          ? { to: paths.customers, label: 'Customers' }
          : { to: paths.customerInvoices(customerId), label: "The customer's invoices" }
      }
    />
  );
}
