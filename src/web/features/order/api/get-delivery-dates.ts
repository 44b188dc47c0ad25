import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryDate } from '../../../../domain/delivery-calendar.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getDeliveryDates(
  customerId: number,
  count: number,
  signal?: AbortSignal,
): Promise<DeliveryDate[]> {
  return apiFetch<DeliveryDate[]>(`Customer/${customerId}/DeliveryDates?count=${count}`, { signal });
}

export const deliveryDatesQueryOptions = (customerId: number, count: number) =>
  queryOptions({
    queryKey: queryKeys.deliveryDates(customerId, count),
    queryFn: ({ signal }) => getDeliveryDates(customerId, count, signal),
  });

/**
 * GET Customer/{id}/DeliveryDates: the next dates and their OrderBy (design.md 7.2). Quiet: the
 * countdown is a help beside the messages, so it neither covers the page while it loads nor
 * opens an error dialog.
 */
export function useDeliveryDates(customerId: number, count: number) {
  return useQuery({
    ...deliveryDatesQueryOptions(customerId, count),
    meta: { silent: true, errorDialog: false },
  });
}
