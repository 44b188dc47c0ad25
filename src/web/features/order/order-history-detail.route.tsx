import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { IconArrowLeft, IconCalendar, IconCopy } from '../../components/icons';
import { useBelow } from '../../lib/use-below';
import { paths } from '../../paths';
import { breakpoints } from '../../theme';
import { useVenueMay } from '../auth/api/get-session';
import { useOrder } from './api/get-order';
import { OrderChangeActions } from './components/order-change-actions';
import { OrderDetailView } from './components/order-detail-view';

/**
 * /order/history/detail/{id}: one order, read-only, with Back and Copy (spec section 2), and
 * until its cutoff Change and Cancel (design.md 7.10).
 */
export function Component() {
  const { id } = useParams();
  const orderId = Number(id);
  const isPhone = useBelow(breakpoints.small);
  const navigate = useNavigate();
  const { data: order, isPending, isError } = useOrder(orderId);
  // A standing order from this one (design.md 8.6): for those who may order.
  const mayOrder = useVenueMay('order');

  // Back returns where the customer came from; opened directly, that is the history.
  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate(paths.orderHistory));

  let body = (
    <Group justify="center" py="lg">
      <Loader aria-label="Loading the order" />
    </Group>
  );
  if (!Number.isInteger(orderId) || orderId <= 0 || (isError && !isPending)) {
    body = (
      <Alert color="red" title="Order not found">
        This order could not be shown.
      </Alert>
    );
  } else if (order) {
    body = (
      <>
        <OrderChangeActions order={order} changeTo={paths.orderChange(order.Id)} />
        <OrderDetailView order={order} isPhone={isPhone} />
      </>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1}>Order Detail</Title>
      {body}
      <Group justify="space-between" className="no-print">
        <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={() => void back()}>
          Back
        </Button>
        {order && (
          <Group gap="xs">
            {mayOrder && (
              <Button
                component={Link}
                to={paths.orderStandingNew(order.Id)}
                variant="light"
                leftSection={<IconCalendar size={18} />}
              >
                Repeat weekly
              </Button>
            )}
            <Button component={Link} to={paths.orderReorder(order.Id)} leftSection={<IconCopy size={18} />}>
              Copy
            </Button>
          </Group>
        )}
      </Group>
    </Stack>
  );
}
