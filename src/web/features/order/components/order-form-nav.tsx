import { Box, Button, Group, Text } from '@mantine/core';
import type { OrderTotals } from '../order-draft';
import { OrderTotalsLine } from './order-totals';

export interface OrderFormNavProps {
  active: number;
  stepValid: boolean;
  /** The running total, from the products step on. */
  totals: OrderTotals | null;
  onBack: () => void;
  isSubmitting: boolean;
}

const hints = [
  'Fill in the fields above to continue.',
  'Enter a quantity for at least one product to continue.',
] as const;
const FIX_QUANTITIES = 'Quantities are whole numbers: fix the boxes marked in red to continue.';

/** The bar under the form: running total, Back (from step 2), Continue or Submit. Stays in view while scrolling. */
export function OrderFormNav({ active, stepValid, totals, onBack, isSubmitting }: OrderFormNavProps) {
  const hint =
    active < 2 && !stepValid
      ? active === 1 && totals && totals.invalid > 0
        ? FIX_QUANTITIES
        : hints[active as 0 | 1]
      : null;
  return (
    <Box
      pos="sticky"
      bottom={0}
      py="sm"
      bg="var(--mantine-color-body)"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 2 }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Box style={{ minWidth: 0 }}>
          {totals && <OrderTotalsLine totals={totals} />}
          {hint && (
            <Text fz="sm" c="dimmed" id="order-step-hint">
              {hint}
            </Text>
          )}
        </Box>
        <Group gap="sm" ml="auto" wrap="nowrap">
          {active > 0 && (
            <Button variant="default" onClick={onBack} disabled={isSubmitting}>
              Back
            </Button>
          )}
          {active < 2 ? (
            <Button
              type="submit"
              disabled={!stepValid}
              aria-describedby={hint ? 'order-step-hint' : undefined}
            >
              Continue
            </Button>
          ) : (
            <Button type="submit" loading={isSubmitting}>
              Submit
            </Button>
          )}
        </Group>
      </Group>
    </Box>
  );
}
