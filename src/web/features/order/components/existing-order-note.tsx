import { Alert, Anchor, Text } from '@mantine/core';
import { Fragment } from 'react';
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
 * "You already have 2 orders for Fri 11/27/2026: W100011 (6 products) and W100012 (3 products).
 * Sending this one places another." One sentence however many there are (issue 33: eight
 * orders were eight lines), each order a link; the order being changed is not "another".
 * Five orders for one date went through without a word before (issue 14).
 */
export function ExistingOrderNote({
  orders,
  date,
  forStaff = false,
  changing,
}: {
  orders: readonly OrderSummary[];
  date: string | null;
  /** Staff ordering for the customer (design.md 7.5): the customer has it, and it opens in /maint. */
  forStaff?: boolean;
  /** The Id of the order being changed: left out, and nothing new is placed. */
  changing?: number | undefined;
}) {
  const same = ordersFor(orders, date).filter((o) => o.Id !== changing);
  if (!date || same.length === 0) return null;
  const who = forStaff ? 'This customer already has' : 'You already have';
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
      <Text fz="sm">
        {`${who} ${same.length === 1 ? 'an order' : `${same.length} orders`} for ${formatWeekdayDate(date)}: `}
        {same.map((o, i) => (
          <Fragment key={o.Id}>
            {i > 0 && (i === same.length - 1 ? ' and ' : ', ')}
            <Anchor
              component={Link}
              to={forStaff ? paths.maintOrder(o.Id) : paths.orderHistoryDetail(o.Id)}
              fz="sm"
            >
              {o.OrderNum}
            </Anchor>
            {` (${o.ProductCount} ${o.ProductCount === 1 ? 'product' : 'products'})`}
          </Fragment>
        ))}
        {changing === undefined ? '. Sending this one places another.' : '.'}
      </Text>
    </Alert>
  );
}
