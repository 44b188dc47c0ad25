import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { IconArrowLeft } from '../../components/icons';
import { useBelow } from '../../lib/use-below';
import { paths } from '../../paths';
import { breakpoints } from '../../theme';
import { useOrder } from './api/get-order';
import { OrderChangeActions } from './components/order-change-actions';
import { OrderDetailView } from './components/order-detail-view';

/** /maint/order/{id}: one order as staff see it, with whose it is and who entered it (design.md 7.5). */
export function Component() {
  const orderId = Number(useParams().id);
  const isPhone = useBelow(breakpoints.small);
  const { data: order, isPending, isError } = useOrder(orderId);

  if (!Number.isInteger(orderId) || orderId <= 0 || (isError && !isPending)) {
    return (
      <Alert color="red" title="Order not found">
        This order could not be shown.
      </Alert>
    );
  }
  if (!order) {
    return (
      <Group justify="center" py="lg">
        <Loader aria-label="Loading the order" />
      </Group>
    );
  }
  return (
    <Stack gap="md" maw={1100}>
      <OrderChangeActions order={order} changeTo={paths.customerOrderChange(order.CustomerId, order.Id)} />
      <OrderDetailView order={order} isPhone={isPhone} showCustomer />
      <Group>
        <Button
          component={Link}
          to={paths.customerOrders(order.CustomerId)}
          variant="default"
          leftSection={<IconArrowLeft size={18} />}
        >
          The customer's orders
        </Button>
      </Group>
    </Stack>
  );
}
