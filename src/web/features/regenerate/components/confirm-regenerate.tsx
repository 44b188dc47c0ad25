import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WebOrderListItem } from '../../../../domain/regenerate.schema';
import { showConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { ChosenOrders } from './chosen-orders';

/** Spec section 8's texts, spelling and all ('Regerenation' is the spec's). */
export const regenerateToasts = {
  completed: 'Order Regerenation Completed',
  failed: 'Order Regeneration Failure, Please see logs',
} as const;

/**
 * Spec section 4: a persistent confirmation listing the chosen orders. Resolves true on Confirm,
 * false on Cancel or Exit.
 */
export function confirmRegenerate(orders: readonly WebOrderListItem[]): Promise<boolean> {
  return showConfirmDialog({
    title: 'Regenerate Orders',
    persistent: true,
    yesLabel: 'Confirm',
    noLabel: 'Cancel',
    message: (
      <Stack gap="xs">
        <Text>
          Write the export{' '}
          {orders.length === 1 ? 'file of this order' : `files of these ${orders.length} orders`} again?
        </Text>
        <ChosenOrders orders={orders} label="Orders to regenerate" />
      </Stack>
    ),
  });
}

/**
 * Spec sections 8 and 9: toasts at the bottom for 4 seconds. A refusal the server words (a
 * cancelled order chosen) replaces the failure's "see logs", which would send staff to the logs
 * for nothing; it stays until closed.
 */
export function showRegenerateToast(ok: boolean, refusal?: string) {
  notifications.show({
    position: 'bottom-center',
    autoClose: refusal ? false : 4000,
    color: ok ? 'green' : 'red',
    title: ok ? undefined : 'Regenerate Orders',
    message: ok ? regenerateToasts.completed : (refusal ?? regenerateToasts.failed),
  });
}
