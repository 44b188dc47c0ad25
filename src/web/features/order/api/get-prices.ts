import { useQuery } from '@tanstack/react-query';
import type { Customer } from '../../../../domain/customer.schema';
import type { PricesByCode } from '../../../../domain/order-estimate';
import type { LinePrice } from '../../../../domain/prices';
import { linePriceOf } from '../../../../domain/prices.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The products' prices in a customer answer, by code; a product with none is absent. */
function pricesOf(customer: Customer): PricesByCode {
  const prices = new Map<string, LinePrice>();
  for (const p of customer.Products) {
    const price = linePriceOf(p);
    if (price) prices.set(p.Code, price);
  }
  return prices;
}

/**
 * The customer's products' prices for delivery on `date` (design.md 8.4, decision 075): the
 * form's read, `GET Customer/{id}?date=`, priced for the date the customer picked. Asked for as
 * soon as step 1 has a date; undefined until it arrives, and no price is shown meanwhile (the
 * customer the form opened with is priced for today, which may be another period).
 */
export function usePricesOn(customerId: number, date: string | null): PricesByCode | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.pricesOn(customerId, date ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<Customer>(`Customer/${customerId}?date=${encodeURIComponent(date ?? '')}`, { signal }),
    enabled: date !== null,
    staleTime: 60_000,
    select: pricesOf,
    meta: { errorDialog: false },
  });
  return date === null ? undefined : data;
}
