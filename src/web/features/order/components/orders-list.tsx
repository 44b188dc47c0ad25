import { Anchor, Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { OrderStatus, orderStatusName } from '../../../../domain/enums';
import type { OrderSummary } from '../../../../domain/order-view.schema';
import { formatPhone } from '../../../../domain/phone';
import { formatDollars } from '../../../../domain/prices';
import { CardList } from '../../../components/card-list';
import { IconCopy, IconEye } from '../../../components/icons';
import { paths } from '../../../paths';
import { formatDate, formatDateTime } from '../order-time';
import { placedByLabel, placedByPieces } from '../placed-by-label';

export type OrdersListState = 'loading' | 'error' | 'empty' | 'rows';

export const NO_ORDERS = 'You have no orders yet';

export interface OrdersListProps {
  orders: readonly OrderSummary[];
  state: OrdersListState;
  isPhone: boolean;
  /** Reference customers (types 6 and 7) see each order's Reference PO. */
  showReferencePO: boolean;
  /** Staff's view of a customer's orders: Detail opens the order in /maint, and there is no Re-Order. */
  forStaff?: boolean;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

const stateText: Record<Exclude<OrdersListState, 'rows'>, string> = {
  loading: 'Loading orders...',
  error: 'Your orders could not be loaded.',
  empty: NO_ORDERS,
};
const staffStateText: typeof stateText = {
  loading: 'Loading orders...',
  error: "The customer's orders could not be loaded.",
  empty: 'This customer has no orders yet',
};

const detailPath = (id: number, forStaff: boolean) =>
  forStaff ? paths.maintOrder(id) : paths.orderHistoryDetail(id);

/**
 * Who placed the order (design.md 8.2): "Shared sign-in", or "Entered by admin" for an order
 * staff took by phone (7.5); nothing for the ERP's history.
 */
function PlacedBy({ order }: { order: OrderSummary }) {
  const pieces = placedByPieces(order);
  if (pieces.length === 0) return null;
  return (
    <span data-testid="order-placed-by">
      {pieces.map((piece, i) => (
        <Fragment key={piece}>
          {i > 0 && ' '}
          <span style={{ whiteSpace: 'nowrap' }}>{piece}</span>
        </Fragment>
      ))}
    </span>
  );
}

/**
 * "11/25/2026 10:00 AM", the time under the date where the table is narrow: with Placed By
 * (design.md 8.2) the history fits a 1280 px desk that way. A no-break space keeps "10:00 AM"
 * whole; the date has no place to break.
 */
const orderedAt = (iso: string) => formatDateTime(iso).replace(/ (AM|PM)$/, '\u00a0$1');

/**
 * The order's estimated total at the posted prices (design.md 8.4, decision 075); empty when no
 * line has a price, or for a cancelled order or a return.
 */
function Estimate({ order, card = false }: { order: OrderSummary; card?: boolean }) {
  if (order.EstimatedTotal === null || order.Status === OrderStatus.Cancelled || order.IsReturn) return null;
  const total = <strong data-testid="order-estimate">{formatDollars(order.EstimatedTotal)}</strong>;
  // A phone's card names it; a desk's column is headed Estimate.
  return card ? (
    <Text fz="sm" ta="right">
      Estimate {total}
    </Text>
  ) : (
    total
  );
}

/** The mark of a credit the ERP's history file gave (issue 43): its cases came back, not bought. */
function ReturnMark({ order }: { order: OrderSummary }) {
  return order.IsReturn ? (
    <Badge color="gray.8" variant="outline" size="sm" data-testid="order-return">
      Return
    </Badge>
  ) : null;
}

/** The mark of an order the distributor delivered otherwise than ordered (design.md 7.12). */
function Differences({ order }: { order: OrderSummary }) {
  const n = order.DeliveryDifferences;
  return n ? (
    <Badge color="red.9" variant="filled" size="sm" data-testid="order-differences">
      {plural(n, 'difference')}
    </Badge>
  ) : null;
}

function Actions({
  order,
  compact,
  forStaff,
}: {
  order: OrderSummary;
  compact?: boolean;
  forStaff: boolean;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        component={Link}
        to={detailPath(order.Id, forStaff)}
        size="compact-sm"
        variant="light"
        leftSection={<IconEye size={16} />}
        aria-label={`Detail of order ${order.OrderNum}`}
        fullWidth={compact}
      >
        Detail
      </Button>
      {!forStaff && (
        <Button
          component={Link}
          to={paths.orderReorder(order.Id)}
          size="compact-sm"
          variant="light"
          leftSection={<IconCopy size={16} />}
          aria-label={`Re-Order order ${order.OrderNum}`}
          fullWidth={compact}
        >
          Re-Order
        </Button>
      )}
    </Group>
  );
}

/** The history rows: a table on wide screens, cards on a phone; loading and no-data states. */
export function OrdersList({ orders, state, isPhone, showReferencePO, forStaff = false }: OrdersListProps) {
  if (state !== 'rows') {
    return (
      <Paper withBorder p="lg" radius="sm" data-testid="orders-state">
        <Text ta="center" c={state === 'error' ? 'red.9' : 'dimmed'}>
          {(forStaff ? staffStateText : stateText)[state]}
        </Text>
      </Paper>
    );
  }
  if (isPhone) {
    return (
      <CardList label="Orders">
        {orders.map((o) => (
          <Paper component="li" key={o.Id} withBorder radius="sm" p="sm" data-testid="order-row">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Anchor
                component={Link}
                to={detailPath(o.Id, forStaff)}
                fw={700}
                ff="monospace"
                className="order-num-link"
              >
                {o.OrderNum}
              </Anchor>
              <Text fz="sm">Delivery {formatDate(o.DeliveryDate)}</Text>
            </Group>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={6} wrap="nowrap">
                <Text fz="sm" fw={600} data-testid="order-status">
                  {orderStatusName(o.Status)}
                </Text>
                <Differences order={o} />
                <ReturnMark order={o} />
              </Group>
              <Text fz="sm">
                {plural(o.ProductCount, 'product')} · {plural(o.TotalCases, 'case')}
              </Text>
            </Group>
            <Estimate order={o} card />
            {showReferencePO && o.ReferencePO && <Text fz="sm">Reference PO {o.ReferencePO}</Text>}
            <Text fz="xs" c="dimmed">
              Ordered {formatDateTime(o.CreateDate)}
              {placedByLabel(o) && ' · '}
              <PlacedBy order={o} />
            </Text>
            <Text fz="sm">
              {o.Name} · {formatPhone(o.Phone)}
            </Text>
            <Group mt={6} grow>
              <Actions order={o} compact forStaff={forStaff} />
            </Group>
          </Paper>
        ))}
      </CardList>
    );
  }
  return (
    <Paper withBorder radius="sm">
      <Table.ScrollContainer minWidth={showReferencePO ? 1180 : 1060} type="native">
        <Table striped highlightOnHover verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Web Conf #</Table.Th>
              <Table.Th>Order Date</Table.Th>
              <Table.Th>Delivery Date</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>Placed By</Table.Th>
              {showReferencePO && <Table.Th>Reference PO</Table.Th>}
              <Table.Th ta="right">Products</Table.Th>
              <Table.Th ta="right">Cases</Table.Th>
              <Table.Th ta="right">Estimate</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((o) => (
              <Table.Tr key={o.Id} data-testid="order-row">
                <Table.Td ff="monospace">{o.OrderNum}</Table.Td>
                <Table.Td>{orderedAt(o.CreateDate)}</Table.Td>
                <Table.Td>{formatDate(o.DeliveryDate)}</Table.Td>
                <Table.Td>{o.Name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPhone(o.Phone)}</Table.Td>
                <Table.Td>
                  <PlacedBy order={o} />
                </Table.Td>
                {showReferencePO && <Table.Td>{o.ReferencePO}</Table.Td>}
                <Table.Td ta="right">{o.ProductCount}</Table.Td>
                <Table.Td ta="right">{o.TotalCases}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Estimate order={o} />
                </Table.Td>
                <Table.Td>
                  <span data-testid="order-status">{orderStatusName(o.Status)}</span>
                  <Differences order={o} />
                  <ReturnMark order={o} />
                </Table.Td>
                <Table.Td>
                  <Actions order={o} forStaff={forStaff} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
