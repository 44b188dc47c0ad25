import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatTimeLeft } from '../../../../domain/delivery-countdown';
import { OrderStatus } from '../../../../domain/enums';
import { cutoffMoment } from '../../../../domain/order-change';
import type { OrderDetail } from '../../../../domain/order-view.schema';
import { showConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { showErrorDialog } from '../../../components/dialogs/error-dialog';
import { MessageKind, showSystemDialog } from '../../../components/dialogs/system-dialog';
import { IconEdit, IconX } from '../../../components/icons';
import { CLOCK_REFRESH_MS } from '../../../components/layout/clock';
import { ApiError } from '../../../lib/api-client';
import { NO_CONNECTION_MESSAGE } from '../../../lib/messages';
import { useVenueMay } from '../../auth/api/get-session';
import { useCancelOrder } from '../api/change-order';
import { BUSINESS_TZ, formatDateTime, formatWeekdayDate, useBusinessNow } from '../order-time';

export const CANCEL_TITLE = 'Cancel Order';

/**
 * An order's life after Submit on its detail (design.md 7.10): until its cutoff, Change and
 * Cancel with the time left; after a change, when; once cancelled, that it was; a delivery date
 * that staff made a holiday since, with the way out (issue 33). The buttons go
 * when the cutoff passes on the screen's clock; the server decides either way (its 409 says why).
 */
export function OrderChangeActions({ order, changeTo }: { order: OrderDetail; changeTo: string }) {
  const now = useBusinessNow(CLOCK_REFRESH_MS);
  const cancel = useCancelOrder();
  // A Counter sees the order as it is, without Change and Cancel (design.md 8.2).
  const mayChange = useVenueMay('order');

  if (order.Status === OrderStatus.Cancelled) {
    return (
      <Alert color="gray" title="This order was cancelled" data-testid="order-cancelled">
        {`Cancelled${order.ChangedAt ? ` on ${formatDateTime(order.ChangedAt)}` : ''}. Nothing will be delivered for it.`}
      </Alert>
    );
  }
  const until = order.ChangeableUntil ? new Date(order.ChangeableUntil) : null;
  const left = until ? until.getTime() - now.getTime() : 0;

  const onCancel = async () => {
    const yes = await showConfirmDialog({
      title: CANCEL_TITLE,
      message: `Cancel order ${order.OrderNum} for delivery on ${formatWeekdayDate(order.DeliveryDate)}? The distributor is told at once.`,
      yesLabel: 'Cancel order',
      noLabel: 'Keep order',
    });
    if (!yes) return;
    try {
      await cancel.mutateAsync(order.Id);
    } catch (error) {
      await showErrorDialog({
        title: CANCEL_TITLE,
        message: error instanceof ApiError ? error.ErrorMessage : NO_CONNECTION_MESSAGE,
      });
      return;
    }
    await showSystemDialog({
      kind: MessageKind.Information,
      title: CANCEL_TITLE,
      message: `Order ${order.OrderNum} has been cancelled. A confirmation is on its way to ${order.Email}.`,
    });
  };

  return (
    <>
      {order.DeliveryHoliday && (
        <Alert
          color="yellow"
          title="Your delivery date is now a holiday"
          data-testid="order-date-holiday"
          // Mantine's yellow title is 2.4:1 on its light background.
          styles={{ title: { color: 'var(--mantine-color-black)' } }}
        >
          {`There are no deliveries on ${formatWeekdayDate(order.DeliveryDate)} (${order.DeliveryHoliday}). ${
            until && left > 0
              ? 'Change the order to another date, or cancel it.'
              : 'Please call the distributor to arrange another date.'
          }`}
        </Alert>
      )}
      {order.ChangedAt && (
        <Text fz="sm" c="dimmed" data-testid="order-changed-at">
          {`Changed on ${formatDateTime(order.ChangedAt)}`}
        </Text>
      )}
      {until && left > 0 && mayChange && (
        <Paper
          withBorder
          p="md"
          radius="md"
          bg="blue.0"
          className="no-print"
          data-testid="order-change-window"
        >
          <Stack gap="sm">
            <Text fw={500}>
              {`You can change or cancel this order until ${cutoffMoment(until, BUSINESS_TZ)} (${formatTimeLeft(left)} left).`}
            </Text>
            <Group gap="sm">
              <Button component={Link} to={changeTo} h={44} leftSection={<IconEdit size={18} />}>
                Change
              </Button>
              <Button
                variant="outline"
                color="red"
                h={44}
                leftSection={<IconX size={18} />}
                loading={cancel.isPending}
                onClick={() => void onCancel()}
              >
                Cancel Order
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </>
  );
}
