import { Stack, Text } from '@mantine/core';
import type { CustomerProduct } from '../../../../domain/customer.schema';
import {
  depositsPhrase,
  ESTIMATE_NOTE,
  NO_PRICE,
  unpricedLinesText,
} from '../../../../domain/order-estimate';
import { casePriceAt, formatDollars, priceLine } from '../../../../domain/prices';
import { linePriceOf } from '../../../../domain/prices.schema';

/**
 * An order's estimate (design.md 8.4, decision 075): the posted prices of its delivery date, in
 * whole cents, always said to be an estimate, since the invoice is final.
 */

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
        {depositsPhrase(deposits)}
      </Text>
      {unpriced > 0 && <Text fz="sm">{unpricedLinesText(unpriced)}</Text>}
      <Text fz="sm" c="dimmed">
        {ESTIMATE_NOTE}
      </Text>
    </Stack>
  );
}

/**
 * A product's price on step 2, under its name (design.md 8.4): "$28.00/case · $1.50/unit", the
 * next break's price when there is one ("5+ cases $26.90"), and the line's total once it has a
 * quantity; "Price on invoice" when none is posted; nothing until the date's prices arrive.
 */
export function ProductPriceNote({
  product,
  cases,
  units,
}: {
  product: CustomerProduct;
  cases: number;
  units: number;
}) {
  if (product.CasePrice === undefined) return null;
  const price = linePriceOf(product);
  const testId = `price-${product.Code}`;
  if (!price) {
    return (
      <Text fz="xs" c="dimmed" data-testid={testId}>
        {NO_PRICE}
      </Text>
    );
  }
  const casePrice = casePriceAt(price, cases);
  const next = price.PriceBreaks.find((b) => b.MinCases > Math.max(1, cases));
  const line = cases + units > 0 ? priceLine(price, cases, units) : null;
  const parts = [
    casePrice === null ? null : `${formatDollars(casePrice)}/case`,
    price.UnitPrice === null || product.IsCaseOnly ? null : `${formatDollars(price.UnitPrice)}/unit`,
    price.DepositPerCase > 0 ? `+ ${formatDollars(price.DepositPerCase)} deposit` : null,
    next ? `${next.MinCases}+ cases ${formatDollars(next.CasePrice)}` : null,
  ].filter((p) => p !== null);
  return (
    <Text fz="xs" data-testid={testId}>
      {parts.join(' · ')}
      {cases + units > 0 && (
        <>
          {' · '}
          <strong data-testid={`form-line-total-${product.Code}`}>
            {line?.LineTotal == null ? NO_PRICE : formatDollars(line.LineTotal)}
          </strong>
        </>
      )}
    </Text>
  );
}
