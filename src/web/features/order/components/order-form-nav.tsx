import { Box, Button, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { OrderEstimate } from '../../../../domain/order-estimate';
import { formatDollars } from '../../../../domain/prices';
import type { OrderTotals } from '../order-draft';
import type { OrderMinimum } from '../use-order-form';
import { missingCasesText, OrderTotalsLine } from './order-totals';

export interface OrderFormNavProps {
  active: number;
  stepValid: boolean;
  /** The running total, from the products step on. */
  totals: OrderTotals | null;
  /** The type's order minimum (design.md 7.11), from the products step on; null when none. */
  minimum?: OrderMinimum | null;
  /** The ordered lines at the posted prices of the date (design.md 8.4); undefined until known. */
  estimate?: OrderEstimate | undefined;
  /** Staff's form: the hint says the override may go below the minimum. */
  asStaff?: boolean;
  onBack: () => void;
  isSubmitting: boolean;
  /**
   * A phone: the bar is one line (the totals in short and the hint cut to a line, both whole a
   * tap away), so that step 2 shows five products at a time, not two (issue 33).
   */
  compact?: boolean;
  /** False for a Counter (design.md 8.2): the last step says who sends the draft, and has no Submit. */
  canSend?: boolean;
}

/** What a Counter reads where Submit would be: the draft is saved and waits for someone who may send it. */
export const COUNTER_HINT = 'Your draft is saved: an Orderer or the Owner sends it.';

const hints = [
  'Fill in the fields above to continue.',
  'Enter a quantity for at least one product to continue.',
] as const;
const FIX_QUANTITIES = 'Quantities are whole numbers: fix the boxes marked in red to continue.';
/**
 * Why Continue waits on units beside cases (issue 32), naming the lines: a copied order can
 * bring them, on rows the customer has not looked at, and a search by code finds them.
 */
export function unitsBesideCasesHint(codes: readonly string[]): string {
  const named =
    codes.length > 4 ? `${codes.slice(0, 4).join(', ')} and ${codes.length - 4} more` : codes.join(', ');
  return `Units typed beside cases are not ordered: keep the cases or the units of ${named} to continue.`;
}

/** Why Continue waits on the minimum: what to add, and for staff, the override. */
export function minimumHint(minimum: OrderMinimum, asStaff: boolean): string {
  const add = `Orders need at least ${minimum.cases} cases: ${missingCasesText(minimum.missing ?? '0')}.`;
  return asStaff
    ? `${add} Add them, or switch on Override lead time on step 1 and give the reason to go below the minimum.`
    : `${add} Add them to continue.`;
}

/** The bar under the form: running total, Back (from step 2), Continue or Submit. Stays in view while scrolling. */
export function OrderFormNav({
  active,
  stepValid,
  totals,
  minimum = null,
  estimate,
  asStaff = false,
  onBack,
  isSubmitting,
  compact = false,
  canSend = true,
}: OrderFormNavProps) {
  const [open, setOpen] = useState(false);
  const hint =
    active < 2 && !stepValid
      ? active === 1 && totals && totals.invalid > 0
        ? FIX_QUANTITIES
        : active === 1 && totals && totals.unitsBesideCases.length > 0
          ? unitsBesideCasesHint(totals.unitsBesideCases)
          : active === 1 && totals && totals.products > 0 && minimum?.blocks
            ? minimumHint(minimum, asStaff)
            : hints[active as 0 | 1]
      : null;
  const buttons = (
    <Group gap="sm" ml="auto" wrap="nowrap">
      {active > 0 && (
        <Button variant="default" onClick={onBack} disabled={isSubmitting}>
          Back
        </Button>
      )}
      {active < 2 ? (
        <Button type="submit" disabled={!stepValid} aria-describedby={hint ? 'order-step-hint' : undefined}>
          Continue
        </Button>
      ) : canSend ? (
        <Button type="submit" loading={isSubmitting}>
          Submit
        </Button>
      ) : (
        <Text fz="sm" fw={600} data-testid="counter-hint">
          {COUNTER_HINT}
        </Text>
      )}
    </Group>
  );
  const summary = compact && totals !== null && !open;
  return (
    <Box
      pos="sticky"
      bottom={0}
      // Step 1 keeps its padding: the page's first paint draws that bar too (index.html's shell).
      py={summary ? 8 : 'sm'}
      bg="var(--mantine-color-body)"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 2 }}
      data-testid="order-nav"
    >
      {summary ? (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <UnstyledButton
            onClick={() => setOpen(true)}
            aria-expanded={false}
            aria-label="Show the order's totals"
            style={{ flex: 1, minWidth: 0, minHeight: 44 }}
          >
            <ShortTotals totals={totals} minimum={minimum} estimate={estimate} />
            {hint && (
              <Text component="span" display="block" fz="xs" c="dimmed" truncate="end" id="order-step-hint">
                {hint}
              </Text>
            )}
          </UnstyledButton>
          {/* The whole line for screen readers (its polite updates), as it reads on a desk. */}
          <VisuallyHidden>
            <OrderTotalsLine totals={totals} minimum={minimum} estimate={estimate} />
          </VisuallyHidden>
          {buttons}
        </Group>
      ) : (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Box style={{ minWidth: 0 }}>
            {compact && totals && (
              <Button
                variant="subtle"
                size="compact-sm"
                px={0}
                h={44}
                onClick={() => setOpen(false)}
                aria-expanded
              >
                Hide totals
              </Button>
            )}
            {totals && <OrderTotalsLine totals={totals} minimum={minimum} estimate={estimate} />}
            {hint && (
              <Text fz="sm" c="dimmed" id="order-step-hint">
                {hint}
              </Text>
            )}
          </Box>
          {buttons}
        </Group>
      )}
    </Box>
  );
}

/** The running total in one short line: "3 products · 12 cases", and what the minimum misses. */
function ShortTotals({
  totals,
  minimum,
  estimate,
}: {
  totals: OrderTotals;
  minimum: OrderMinimum | null;
  estimate: OrderEstimate | undefined;
}) {
  return (
    <Text
      component="span"
      display="block"
      fz="sm"
      truncate="end"
      aria-live="polite"
      data-testid="order-totals-short"
    >
      <strong>{totals.products}</strong> {totals.products === 1 ? 'product' : 'products'} ·{' '}
      <strong>{totals.cases}</strong> {totals.cases === 1 ? 'case' : 'cases'}
      {estimate?.EstimatedTotal != null && ` · est. ${formatDollars(estimate.EstimatedTotal)}`}
      {minimum?.missing && (
        <Text span fz="sm" c="red.9" fw={700}>
          {` · ${missingCasesText(minimum.missing)}`}
        </Text>
      )}
    </Text>
  );
}
