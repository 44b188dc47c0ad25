import { Alert, Text } from '@mantine/core';

/** Above staff's order form (design.md 7.5): whose order this is, on every step. */
export function StaffOrderBanner({ customerLabel }: { customerLabel: string }) {
  return (
    <Alert color="blue" variant="light" p="sm" data-testid="staff-order-for">
      <Text fz="sm">
        Ordering for <strong>{customerLabel}</strong>, entered by staff. The confirmation goes to the email
        entered below.
      </Text>
    </Alert>
  );
}
