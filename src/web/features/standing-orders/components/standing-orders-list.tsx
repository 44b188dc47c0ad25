import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { showConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { showApiErrorDialog } from '../../../components/dialogs/error-dialog';
import { showSavedToast } from '../../../lib/saved-toast';
import { useDeleteStandingOrder, useStandingOrders } from '../api/standing-orders';
import { StandingOrderCard } from './standing-order-card';

export interface StandingOrdersListProps {
  customerId: number;
  /** Where a placed date's order opens: the customer's detail, or staff's. */
  orderLink: (orderId: number) => string;
  /** Where a standing order's Edit goes; none: no Edit. */
  editLink?: (id: number) => string;
  /** Skip, take back and delete: those who may order, and staff. */
  mayChange: boolean;
  /** What the empty list says. */
  empty: string;
}

/** A customer's standing orders (design.md 8.6), the customer's and staff's: one card each. */
export function StandingOrdersList({
  customerId,
  orderLink,
  editLink,
  mayChange,
  empty,
}: StandingOrdersListProps) {
  const { data, isPending, isError } = useStandingOrders(customerId);
  const remove = useDeleteStandingOrder(customerId);

  const askDelete = async (id: number) => {
    const yes = await showConfirmDialog({
      title: 'Delete this standing order?',
      message: 'No more orders will be placed from it. Orders it already placed stay as they are.',
      yesLabel: 'Delete',
      noLabel: 'Keep it',
    });
    if (!yes) return;
    remove.mutate(id, {
      onSuccess: () => showSavedToast('Standing order deleted'),
      onError: (err) => void showApiErrorDialog(err, 'Not deleted'),
    });
  };

  if (isPending)
    return (
      <Group justify="center" py="lg">
        <Loader aria-label="Loading the standing orders" />
      </Group>
    );
  if (isError)
    return (
      <Alert color="red" title="Standing orders not loaded">
        They could not be shown. Please try again.
      </Alert>
    );
  if (data.length === 0) return <Text>{empty}</Text>;
  return (
    <Stack gap="md">
      {data.map((standing) => (
        <StandingOrderCard
          key={standing.Id}
          standing={standing}
          orderLink={orderLink}
          editLink={editLink?.(standing.Id)}
          maySkip={mayChange}
          onDelete={mayChange ? () => void askDelete(standing.Id) : undefined}
        />
      ))}
    </Stack>
  );
}
