import { Group, Text } from '@mantine/core';
import type { OrderTotals } from '../order-draft';
import type { OrderMinimum } from '../use-order-form';

/** "3 cases still missing", "0.5 cases still missing", "1 case still missing". */
export function missingCasesText(missing: string): string {
  return `${missing} ${missing === '1' ? 'case' : 'cases'} still missing`;
}

/**
 * The running total of an order: products with a quantity, cases, and total units; with the
 * customer type's minimum, how many cases are still missing (design.md 7.11).
 */
export function OrderTotalsLine({ totals, minimum }: { totals: OrderTotals; minimum?: OrderMinimum | null }) {
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
      {minimum && (
        <Text fz="sm" c={minimum.missing ? 'red.9' : undefined} data-testid="order-minimum">
          Minimum {minimum.cases} cases:{' '}
          <strong>{minimum.missing ? missingCasesText(minimum.missing) : 'met'}</strong>
        </Text>
      )}
    </Group>
  );
}
