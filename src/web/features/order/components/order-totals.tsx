import { Group, Text } from '@mantine/core';
import { ESTIMATE_NOTE, NO_PRICE, type OrderEstimate } from '../../../../domain/order-estimate';
import { formatDollars } from '../../../../domain/prices';
import type { OrderTotals } from '../order-draft';
import type { OrderMinimum } from '../use-order-form';

/** "3 cases still missing", "0.5 cases still missing", "1 case still missing". */
export function missingCasesText(missing: string): string {
  return `${missing} ${missing === '1' ? 'case' : 'cases'} still missing`;
}

/**
 * The running total of an order: products with a quantity, cases, and total units; with the
 * customer type's minimum, how many cases are still missing (design.md 7.11); the estimate at the
 * posted prices (8.4).
 */
export function OrderTotalsLine({
  totals,
  minimum,
  estimate,
}: {
  totals: OrderTotals;
  minimum?: OrderMinimum | null;
  estimate?: OrderEstimate | undefined;
}) {
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
      {/* The estimate at the date's posted prices (design.md 8.4), once they are known. */}
      {estimate && totals.products > 0 && (
        <Text fz="sm" data-testid="form-estimate">
          {estimate.EstimatedTotal === null ? (
            NO_PRICE
          ) : (
            <>
              Estimated total: <strong>{formatDollars(estimate.EstimatedTotal)}</strong>{' '}
              <Text span fz="xs" c="dimmed">
                ({ESTIMATE_NOTE})
              </Text>
            </>
          )}
        </Text>
      )}
      {minimum && (
        <Text fz="sm" c={minimum.missing ? 'red.9' : undefined} data-testid="order-minimum">
          Minimum {minimum.cases} cases:{' '}
          <strong>{minimum.missing ? missingCasesText(minimum.missing) : 'met'}</strong>
        </Text>
      )}
    </Group>
  );
}
