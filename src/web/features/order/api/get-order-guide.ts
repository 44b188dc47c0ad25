import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderGuide } from '../../../../domain/order-guide.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getOrderGuide(customerId: number, date: string, signal?: AbortSignal): Promise<OrderGuide> {
  return apiFetch<OrderGuide>(`Customer/${customerId}/OrderGuide?date=${encodeURIComponent(date)}`, {
    signal,
  });
}

/**
 * The order guide for a delivery date (design.md 7.1, decision 035): what the customer usually
 * orders, most ordered first. An aid, not a need: a failed load leaves step 2 working without
 * the figures, so it says so there instead of in the general error dialog.
 */
export const orderGuideQueryOptions = (customerId: number, date: string) =>
  queryOptions({
    queryKey: queryKeys.orderGuide(customerId, date),
    queryFn: ({ signal }) => getOrderGuide(customerId, date, signal),
    staleTime: 60_000,
    meta: { errorDialog: false },
  });

/** Loaded as soon as step 1 has a date, so step 2 shows the guide without waiting. */
export function useOrderGuide(customerId: number, date: string | null) {
  return useQuery({ ...orderGuideQueryOptions(customerId, date ?? ''), enabled: date !== null });
}
