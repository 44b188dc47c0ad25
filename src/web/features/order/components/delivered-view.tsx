import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  compareDelivered,
  type DeliveryKind,
  differenceCount,
  type LineComparison,
  type Quantities,
} from '../../../../domain/delivered';
import type { OrderDetail } from '../../../../domain/order-view.schema';
import { CardList } from '../../../components/card-list';

/**
 * What the distributor delivered beside what was ordered (design.md 7.12): one row per product,
 * ordered and delivered side by side, the difference in words. It is the order's list of
 * products once the ERP's file lists the order (each product once, with its units per case). A
 * table on a desk; on a phone each product is a card with the two quantities on one line, so
 * nothing scrolls sideways. A product sent for an ordered one that came short reads "{X} sent
 * for {Y}" on both rows (design.md 8.3, `nameSubstitutes` in delivered.ts, decision 071).
 */

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "5 cases", "6 units", "1 case, 6 units"; "none" for nothing, and for a product not ordered. */
function quantities(q: Quantities | null): string {
  if (!q) return 'none';
  const parts = [q.Cases ? plural(q.Cases, 'case') : null, q.Units ? plural(q.Units, 'unit') : null];
  return parts.filter(Boolean).join(', ') || 'none';
}

// Dark shades: the light variant's text must pass WCAG AA on its tint (axe in the journeys).
const kindColor: Record<DeliveryKind, string> = {
  Same: 'gray.9',
  Short: 'red.9',
  NotDelivered: 'red.9',
  More: 'blue.9',
  Added: 'blue.9',
};

function Difference({ row }: { row: LineComparison }) {
  if (!row.Words) return <Text fz="sm">as ordered</Text>;
  return (
    <Text fz="sm" fw={700} c={kindColor[row.Kind]} data-testid="delivered-difference">
      {row.Words}
    </Text>
  );
}

export function DeliveredView({
  order,
  isPhone,
  mode = 'delivered',
}: {
  order: OrderDetail;
  isPhone: boolean;
  /**
   * 'confirmed': what the ERP's file lists before the delivery date, the distributor's
   * confirmation and not a delivery (issue 33), in the same words.
   */
  mode?: 'delivered' | 'confirmed';
}) {
  const listed = mode === 'delivered' ? order.Delivered : order.Confirmed;
  if (!listed) return null;
  const rows = compareDelivered(order.Products, listed, mode);
  const differences = differenceCount(rows);
  // A product the distributor added has no ordered line, so no units per case to show.
  const unitsPerCase = new Map(order.Products.map((p) => [p.Code, p.UnitsPerCase]));
  const Verb = mode === 'delivered' ? 'Delivered' : 'Confirmed';
  const title = `Products ordered and ${mode}`;
  return (
    <Stack gap="xs" data-testid={mode}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text fz="sm">
        {differences ? (
          <Badge component="span" color="red.9" variant="filled" mr="xs">
            {plural(differences, mode === 'delivered' ? 'difference' : 'change')}
          </Badge>
        ) : null}
        {mode === 'delivered'
          ? differences
            ? 'The distributor delivered this order differently from what was ordered.'
            : 'The distributor delivered this order as ordered.'
          : differences
            ? 'The distributor confirmed this order with the changes below: this is what is on its way.'
            : 'The distributor confirmed this order as ordered.'}
      </Text>
      {isPhone ? (
        <CardList label={title}>
          {rows.map((r) => (
            <Paper component="li" key={r.Code} withBorder radius="sm" p="sm" data-testid="delivered-row">
              <Text fw={600} fz="sm">
                {r.Description}
              </Text>
              <Text fz="xs" c="dimmed">
                {r.Code}
                {unitsPerCase.has(r.Code) ? ` · Units/Case ${unitsPerCase.get(r.Code)}` : null}
              </Text>
              <Text fz="sm" mt={4}>
                Ordered: <strong>{quantities(r.Ordered)}</strong> · {Verb}:{' '}
                <strong>{quantities(r.Delivered)}</strong>
              </Text>
              <Difference row={r} />
            </Paper>
          ))}
        </CardList>
      ) : (
        <Paper withBorder radius="sm">
          <Table striped verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={130}>Product Code</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th w={90} ta="right">
                  Units/Case
                </Table.Th>
                <Table.Th w={140}>Ordered</Table.Th>
                <Table.Th w={140}>{Verb}</Table.Th>
                <Table.Th>Difference</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.Code} data-testid="delivered-row">
                  <Table.Td ff="monospace">{r.Code}</Table.Td>
                  <Table.Td>{r.Description}</Table.Td>
                  <Table.Td ta="right">{unitsPerCase.get(r.Code)}</Table.Td>
                  <Table.Td>{quantities(r.Ordered)}</Table.Td>
                  <Table.Td>{quantities(r.Delivered)}</Table.Td>
                  <Table.Td>
                    <Difference row={r} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
