import { Group, Text } from '@mantine/core';
import type { OrderTotals } from '../order-draft';

/** The running total of an order: products with a quantity, cases, and total units. */
export function OrderTotalsLine({ totals }: { totals: OrderTotals }) {
  return (
    <Group gap="md" wrap="wrap" aria-live="polite" data-testid="order-totals">
      <Text fz="sm">
        Products: <strong>{totals.products}</strong>
      </Text>
      <Text fz="sm">
        Cases: <strong>{totals.cases}</strong>
      </Text>
      <Text fz="sm">
        Total Units: <strong>{totals.units}</strong>
      </Text>
    </Group>
  );
}
