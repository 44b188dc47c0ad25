import { Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { InvoiceDetail, InvoiceLine } from '../../../../domain/invoice.schema';
import { flagText, quantityText } from '../../../../domain/invoice-check';
import { formatDollars } from '../../../../domain/prices';
import { CardList } from '../../../components/card-list';
import { formatDate } from '../../order/order-time';
import { FlagMark } from './invoices-list';

/** A line's flags as sentences with both figures; "As ordered" when it has none. */
function Findings({ flags, line }: { flags: InvoiceLine['Flags']; line: Parameters<typeof flagText>[1] }) {
  if (flags.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        As ordered
      </Text>
    );
  }
  return (
    <List size="sm" spacing={2} c="red.9" data-testid="line-flags">
      {flags.map((f) => (
        <List.Item key={f} fw={600}>
          {flagText(f, line)}
        </List.Item>
      ))}
    </List>
  );
}

const money = (cents: number | null) => (cents === null ? '' : formatDollars(cents));

/**
 * An invoice checked line by line against its order and the posted prices (design.md 8.4,
 * decision 076): each line with what was ordered and invoiced, the invoice's and the posted case
 * price, its amount and what the check found; then the fees and the total. One drawing for the
 * customer and for staff.
 */
export function InvoiceCheckView({ invoice, isPhone }: { invoice: InvoiceDetail; isPhone: boolean }) {
  const header = [
    { label: 'Invoice #', value: invoice.InvoiceNum },
    { label: 'Order #', value: invoice.OrderNum },
    { label: 'Invoice Date', value: formatDate(invoice.InvoiceDate) },
    { label: 'Due Date', value: formatDate(invoice.DueDate) },
    { label: 'Delivery Date', value: formatDate(invoice.DeliveryDate) },
    { label: 'Status', value: invoice.Paid ? 'Paid' : 'Open' },
  ];
  return (
    <Stack gap="md">
      <Paper withBorder radius="sm" p="md">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
          {header.map((h) => (
            <div key={h.label}>
              <Text fz="xs" c="dimmed">
                {h.label}
              </Text>
              <Text fw={600} data-testid={`invoice-${h.label.toLowerCase().replace(/\W+/g, '-')}`}>
                {h.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Group justify="space-between" mt="sm">
          <Text>
            Total: <strong data-testid="invoice-total">{formatDollars(invoice.Total)}</strong>
          </Text>
          <FlagMark count={invoice.FlagCount} />
        </Group>
      </Paper>

      <Title order={2} fz="h3">
        Lines
      </Title>
      {isPhone ? (
        <CardList label="Invoice lines">
          {invoice.Lines.map((l) => (
            <Paper
              component="li"
              key={l.Code}
              withBorder
              radius="sm"
              p="sm"
              data-testid={`invoice-line-${l.Code}`}
            >
              <Text fw={700}>{l.Description}</Text>
              <Text fz="xs" c="dimmed" ff="monospace">
                {l.Code}
              </Text>
              <Text fz="sm">
                Invoiced {quantityText(l.Cases, l.Units)}
                {l.CasePrice !== null && ` at ${formatDollars(l.CasePrice)} a case`}
                {l.Deposit > 0 && ` + ${formatDollars(l.Deposit)} deposit`}
              </Text>
              <Text fz="sm">Ordered {quantityText(l.OrderedCases, l.OrderedUnits)}</Text>
              {l.PostedCasePrice !== null && (
                <Text fz="sm">Posted {formatDollars(l.PostedCasePrice)} a case</Text>
              )}
              <Group justify="space-between" align="flex-start" mt={4} wrap="nowrap">
                <Findings flags={l.Flags} line={l} />
                <Text fw={700}>{formatDollars(l.Amount)}</Text>
              </Group>
            </Paper>
          ))}
        </CardList>
      ) : (
        <Paper withBorder radius="sm">
          <Table.ScrollContainer minWidth={900} type="native">
            <Table striped verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Ordered</Table.Th>
                  <Table.Th>Invoiced</Table.Th>
                  <Table.Th ta="right">Case Price</Table.Th>
                  <Table.Th ta="right">Posted</Table.Th>
                  <Table.Th ta="right">Deposit</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Check</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.Lines.map((l) => (
                  <Table.Tr key={l.Code} data-testid={`invoice-line-${l.Code}`}>
                    <Table.Td>
                      <Text fz="sm">{l.Description}</Text>
                      <Text fz="xs" c="dimmed" ff="monospace">
                        {l.Code}
                      </Text>
                    </Table.Td>
                    <Table.Td>{quantityText(l.OrderedCases, l.OrderedUnits)}</Table.Td>
                    <Table.Td>{quantityText(l.Cases, l.Units)}</Table.Td>
                    <Table.Td ta="right">{money(l.CasePrice)}</Table.Td>
                    <Table.Td ta="right">{money(l.PostedCasePrice)}</Table.Td>
                    <Table.Td ta="right">{l.Deposit > 0 ? formatDollars(l.Deposit) : ''}</Table.Td>
                    <Table.Td ta="right">{formatDollars(l.Amount)}</Table.Td>
                    <Table.Td>
                      <Findings flags={l.Flags} line={l} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      {invoice.Fees.length > 0 && (
        <>
          <Title order={2} fz="h3">
            Fees
          </Title>
          <CardList label="Fees">
            {invoice.Fees.map((f) => (
              <Paper
                component="li"
                key={f.Description}
                withBorder
                radius="sm"
                p="sm"
                data-testid="invoice-fee"
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{f.Description}</Text>
                  <Text fw={700}>{formatDollars(f.Amount)}</Text>
                </Group>
                <Findings flags={f.Flags} line={f} />
              </Paper>
            ))}
          </CardList>
        </>
      )}
      <Text fz="sm" c="dimmed">
        Checked against the order and the prices posted for its delivery date; deposits are per case.
      </Text>
    </Stack>
  );
}
