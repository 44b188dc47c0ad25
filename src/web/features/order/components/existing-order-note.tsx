import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { OrderStatus } from '../../../../domain/enums';
import type { OrderSummary } from '../../../../domain/order-view.schema';
import { paths } from '../../../paths';
import { formatWeekdayDate } from '../order-time';

/** The customer's orders for `date` (the server still accepts another one: this only says so). */
export function ordersFor(orders: readonly OrderSummary[], date: string | null): OrderSummary[] {
  // A cancelled order (Status 3, design.md 7.10) is no order for that date.
  return date ? orders.filter((o) => o.DeliveryDate === date && o.Status !== OrderStatus.Cancelled) : [];
}

/**
 * "You already have W100011 for Fri 11/27/2026, 6 products: view it, or place another order."
 * Five orders for one date went through without a word before (issue 14).
 */
export function ExistingOrderNote({
  orders,
  date,
  forStaff = false,
}: {
  orders: readonly OrderSummary[];
  date: string | null;
  /** Staff ordering for the customer (design.md 7.5): the customer has it, and it opens in /maint. */
  forStaff?: boolean;
}) {
  const same = ordersFor(orders, date);
  if (!date || same.length === 0) return null;
  return (
    <Alert
      color="yellow"
      title={
        forStaff
          ? 'This customer already has an order for this date'
          : 'You already have an order for this date'
      }
      data-testid="existing-order"
      // Mantine's yellow title is 2.4:1 on its light background.
      styles={{ title: { color: 'var(--mantine-color-black)' } }}
    >
      {same.map((o) => (
        <Text key={o.Id} fz="sm">
          {forStaff ? 'The customer already has' : 'You already have'} {o.OrderNum} for{' '}
          {formatWeekdayDate(date)}, {o.ProductCount} {o.ProductCount === 1 ? 'product' : 'products'}:{' '}
          <Anchor
            component={Link}
            to={forStaff ? paths.maintOrder(o.Id) : paths.orderHistoryDetail(o.Id)}
            fz="sm"
          >
            view {o.OrderNum}
          </Anchor>
          , or place another order.
        </Text>
      ))}
    </Alert>
  );
}
