import {
  onlineManager,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
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

/**
 * Loaded as soon as step 1 has a date, so step 2 shows the guide without waiting. With no network
 * and no guide kept for that date, the guide read last stands in (issue 39): its pars and past
 * orders are the venue's whatever the date, and the screen says how old it is.
 */
export function useOrderGuide(customerId: number, date: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...orderGuideQueryOptions(customerId, date ?? ''),
    enabled: date !== null,
    placeholderData: () =>
      onlineManager.isOnline() ? undefined : newestGuide(queryClient, customerId)?.data,
  });
}

/** The guide of any date read last, with when it was read. */
export function newestGuide(
  queryClient: QueryClient,
  customerId: number,
): { data: OrderGuide; readAt: number } | undefined {
  let newest: { data: OrderGuide; readAt: number } | undefined;
  for (const q of queryClient.getQueryCache().findAll({ queryKey: queryKeys.orderGuides(customerId) })) {
    const data = q.state.data as OrderGuide | undefined;
    if (data && (!newest || q.state.dataUpdatedAt > newest.readAt))
      newest = { data, readAt: q.state.dataUpdatedAt };
  }
  return newest;
}
