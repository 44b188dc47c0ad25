import { Stack, Text } from '@mantine/core';
import { formatDollars } from '../../../../domain/prices';

/**
 * An order's estimate (design.md 8.4, decision 075): the posted prices of its delivery date, in
 * whole cents, always said to be an estimate, since the invoice is final.
 */

export const ESTIMATE_NOTE = 'Estimate: your invoice is final';
/** What a line or an order with no posted price says. */
export const NO_PRICE = 'Price on invoice';

/** A price or a line's total as the customer reads it, or "Price on invoice". */
export const moneyOrOnInvoice = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? NO_PRICE : formatDollars(cents);

const lines = (n: number) => (n === 1 ? '1 line is' : `${n} lines are`);

/**
 * The estimated total with its deposits and the lines it leaves out; "Price on invoice" when no
 * line has a price.
 */
export function OrderEstimate({
  total,
  deposits,
  unpriced,
}: {
  total: number | null;
  deposits: number;
  unpriced: number;
}) {
  if (total === null) {
    return (
      <Text fz="sm" c="dimmed" data-testid="order-estimate">
        {NO_PRICE}
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid="order-estimate">
      <Text>
        Estimated total: <strong data-testid="estimated-total">{formatDollars(total)}</strong>
        {deposits > 0 && `, with ${formatDollars(deposits)} of deposits`}
      </Text>
      {unpriced > 0 && <Text fz="sm">{`${lines(unpriced)} priced on the invoice`}</Text>}
      <Text fz="sm" c="dimmed">
        {ESTIMATE_NOTE}
      </Text>
    </Stack>
  );
}
