import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconPlus } from '../../components/icons';
import { paths } from '../../paths';
import { useSignedInCustomer, useVenueMay } from '../auth/api/get-session';
import { StandingOrdersList } from './components/standing-orders-list';

/**
 * /order/standing: the customer's standing orders (design.md 8.6), each with its next 4 dates
 * to skip or open once placed; Owners, Orderers and the shared sign-in add and change them.
 */
export function Component() {
  const customer = useSignedInCustomer();
  const mayOrder = useVenueMay('order');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>Standing Orders</Title>
        {mayOrder && (
          <Button
            component={Link}
            to={paths.orderStandingNew()}
            leftSection={<IconPlus size={18} />}
            aria-label="New standing order"
          >
            New
          </Button>
        )}
      </Group>
      <StandingOrdersList
        customerId={customer.Id}
        orderLink={paths.orderHistoryDetail}
        editLink={mayOrder ? paths.orderStandingEdit : undefined}
        mayChange={mayOrder}
        empty="No standing orders yet. A standing order is placed for you before each cutoff, on the days you pick, until you skip a date or change it. Open an order in Orders History and choose Repeat weekly, or tap New to start from your last order."
      />
    </Stack>
  );
}
