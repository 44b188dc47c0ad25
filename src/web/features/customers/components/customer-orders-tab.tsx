import { Stack, Text } from '@mantine/core';
import { isReferenceCustomerType } from '../../../../domain/order.schema';
import { useBelow } from '../../../lib/use-below';
import { breakpoints } from '../../../theme';
import { useOrders } from '../../order/api/get-orders';
import { OrdersList } from '../../order/components/orders-list';

/** How many of the newest orders the customer's view lists (the history has them all). */
export const CUSTOMER_VIEW_ORDERS = 25;

/**
 * The customer's orders on their view in /maint, newest first: where staff land after ordering
 * for them by phone, each order staff entered saying so (design.md 7.5).
 */
export function CustomerOrdersTab({
  companyId,
  customerTypeId,
}: {
  companyId: number;
  customerTypeId: number;
}) {
  const isPhone = useBelow(breakpoints.small);
  const { data, isPending, isError } = useOrders(companyId);
  const orders = data?.Orders ?? [];
  const state = isPending ? 'loading' : isError ? 'error' : orders.length === 0 ? 'empty' : 'rows';
  return (
    <Stack gap="xs">
      {orders.length > CUSTOMER_VIEW_ORDERS && (
        <Text fz="sm" c="dimmed">
          The {CUSTOMER_VIEW_ORDERS} newest of {orders.length} orders
        </Text>
      )}
      <OrdersList
        orders={orders.slice(0, CUSTOMER_VIEW_ORDERS)}
        state={state}
        isPhone={isPhone}
        showReferencePO={isReferenceCustomerType(customerTypeId)}
        forStaff
      />
    </Stack>
  );
}
