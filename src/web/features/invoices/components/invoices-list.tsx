import { Anchor, Badge, Group, Paper, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { InvoiceSummary } from '../../../../domain/invoice.schema';
import { formatDollars } from '../../../../domain/prices';
import { CardList } from '../../../components/card-list';
import { paths } from '../../../paths';
import { formatDate } from '../../order/order-time';

export type InvoicesListState = 'loading' | 'error' | 'empty' | 'rows';

export const NO_INVOICES = 'No invoices yet';

const stateText: Record<Exclude<InvoicesListState, 'rows'>, string> = {
  loading: 'Loading invoices...',
  error: 'The invoices could not be loaded.',
  empty: NO_INVOICES,
};

/** Open or Paid (design.md 8.4). */
function PaidMark({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <Badge
      color={invoice.Paid ? 'green.9' : 'blue.9'}
      variant="outline"
      size="sm"
      data-testid="invoice-status"
    >
      {invoice.Paid ? 'Paid' : 'Open'}
    </Badge>
  );
}

/** What the check found: "2 to check", or nothing when the invoice matches its order. */
export function FlagMark({ count }: { count: number }) {
  return count > 0 ? (
    <Badge color="red.9" variant="filled" size="sm" data-testid="invoice-flags">
      {count} to check
    </Badge>
  ) : (
    <Text span fz="sm" c="dimmed" data-testid="invoice-flags">
      Matches the order
    </Text>
  );
}

/**
 * A customer's invoices (design.md 8.4): amount, due date and Open or Paid, and what the check
 * against the order found; a table on a desk, cards on a phone. `invoicePath` opens one (the
 * customer's page, or staff's).
 */
export function InvoicesList({
  invoices,
  state,
  isPhone,
  invoicePath = paths.orderInvoice,
}: {
  invoices: readonly InvoiceSummary[];
  state: InvoicesListState;
  isPhone: boolean;
  invoicePath?: (id: number) => string;
}) {
  if (state !== 'rows') {
    return (
      <Paper withBorder p="lg" radius="sm" data-testid="invoices-state">
        <Text ta="center" c={state === 'error' ? 'red.9' : 'dimmed'}>
          {stateText[state]}
        </Text>
      </Paper>
    );
  }
  const link = (i: InvoiceSummary) => (
    <Anchor
      component={Link}
      to={invoicePath(i.Id)}
      fw={700}
      ff="monospace"
      aria-label={`Invoice ${i.InvoiceNum}`}
    >
      {i.InvoiceNum}
    </Anchor>
  );
  if (isPhone) {
    return (
      <CardList label="Invoices">
        {invoices.map((i) => (
          <Paper component="li" key={i.Id} withBorder radius="sm" p="sm" data-testid="invoice-row">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              {link(i)}
              <Text fw={700} data-testid="invoice-total">
                {formatDollars(i.Total)}
              </Text>
            </Group>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="sm">Due {formatDate(i.DueDate)}</Text>
              <PaidMark invoice={i} />
            </Group>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="sm" c="dimmed">
                Order {i.OrderNum} · {formatDate(i.InvoiceDate)}
              </Text>
              <FlagMark count={i.FlagCount} />
            </Group>
          </Paper>
        ))}
      </CardList>
    );
  }
  return (
    <Paper withBorder radius="sm">
      <Table.ScrollContainer minWidth={760} type="native">
        <Table striped highlightOnHover verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Invoice #</Table.Th>
              <Table.Th>Invoice Date</Table.Th>
              <Table.Th>Order #</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Due Date</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Check</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((i) => (
              <Table.Tr key={i.Id} data-testid="invoice-row">
                <Table.Td>{link(i)}</Table.Td>
                <Table.Td>{formatDate(i.InvoiceDate)}</Table.Td>
                <Table.Td ff="monospace">{i.OrderNum}</Table.Td>
                <Table.Td ta="right" data-testid="invoice-total">
                  {formatDollars(i.Total)}
                </Table.Td>
                <Table.Td>{formatDate(i.DueDate)}</Table.Td>
                <Table.Td>
                  <PaidMark invoice={i} />
                </Table.Td>
                <Table.Td>
                  <FlagMark count={i.FlagCount} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
