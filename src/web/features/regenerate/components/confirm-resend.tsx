import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WebOrderListItem } from '../../../../domain/regenerate.schema';
import { showConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { ChosenOrders } from './chosen-orders';

/** Worded like the screen's regenerate toasts (decision 016). */
export const resendToasts = {
  completed: (count: number) => `Confirmation ${count === 1 ? 'Mail' : 'Mails'} Sent`,
  failed: (orderNums: readonly string[]) =>
    orderNums.length
      ? `Confirmation Mail Failure for ${orderNums.join(', ')}, Please see logs`
      : 'Confirmation Mail Failure, Please see logs',
} as const;

/** A persistent confirmation listing the chosen orders and whether each was mailed already. */
export function confirmResend(orders: readonly WebOrderListItem[]): Promise<boolean> {
  const mailedBefore = orders.filter((o) => o.MailedAt).length;
  return showConfirmDialog({
    title: 'Resend Confirmation',
    persistent: true,
    yesLabel: 'Send',
    noLabel: 'Cancel',
    message: (
      <Stack gap="xs">
        <Text>
          Send the confirmation{' '}
          {orders.length === 1 ? 'mail of this order' : `mails of these ${orders.length} orders`} now?
          {mailedBefore > 0 &&
            ` ${mailedBefore === 1 ? 'One was' : `${mailedBefore} were`} mailed before and will be mailed again.`}
        </Text>
        <ChosenOrders
          orders={orders}
          label="Orders to mail"
          extra={(o) => ` (${o.MailedAt ? 'Mailed' : 'Not mailed'})`}
        />
      </Stack>
    ),
  });
}

/** Toasts at the bottom for 4 seconds, as the regenerate ones. */
export function showResendToast(result: { sent: number; failedOrderNums: readonly string[] } | 'error') {
  const ok = result !== 'error' && result.failedOrderNums.length === 0;
  notifications.show({
    position: 'bottom-center',
    autoClose: 4000,
    color: ok ? 'green' : 'red',
    title: ok ? undefined : 'Resend Confirmation',
    message: ok
      ? resendToasts.completed(result.sent)
      : resendToasts.failed(result === 'error' ? [] : result.failedOrderNums),
  });
}
