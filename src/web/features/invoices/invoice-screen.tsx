import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { IconArrowLeft } from '../../components/icons';
import { useBelow } from '../../lib/use-below';
import { breakpoints } from '../../theme';
import { useInvoice } from './api/get-invoices';
import { InvoiceCheckView } from './components/invoice-check-view';

/**
 * One invoice and its check (design.md 8.4): the customer's page (/order/invoices/{id}) and
 * staff's (/maint/invoice/{id}) draw it, each with its way back.
 */
export function InvoiceScreen({
  back,
}: {
  back: (customerId: number | null) => { to: string; label: string };
}) {
  const id = Number(useParams().id);
  const isPhone = useBelow(breakpoints.small);
  const { data: invoice, isPending, isError } = useInvoice(id);
  const way = back(invoice?.CustomerId ?? null);
  let body = (
    <Group justify="center" py="lg">
      <Loader aria-label="Loading the invoice" />
    </Group>
  );
  if (!Number.isInteger(id) || id <= 0 || (isError && !isPending)) {
    body = (
      <Alert color="red" title="Invoice not found">
        This invoice could not be shown.
      </Alert>
    );
  } else if (invoice) {
    body = <InvoiceCheckView invoice={invoice} isPhone={isPhone} />;
  }
  return (
    <Stack gap="md" maw={1100}>
      {body}
      <Group>
        <Button component={Link} to={way.to} variant="default" leftSection={<IconArrowLeft size={18} />}>
          {way.label}
        </Button>
      </Group>
    </Stack>
  );
}
