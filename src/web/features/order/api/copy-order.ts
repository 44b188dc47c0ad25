import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CopiedOrder } from '../../../../domain/order-view.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { freshOnOpen } from '../../../ssr/page-queries';

export function copyOrder(orderId: number, customerId: number, signal?: AbortSignal): Promise<CopiedOrder> {
  return apiFetch<CopiedOrder>('Order/Copy', {
    method: 'POST',
    body: { OrderId: orderId, CustomerId: customerId },
    signal,
  });
}

/**
 * Re-Order: the order to load into the form, delivery date cleared. A POST that changes nothing,
 * so it is read as a query: a reload of the form gets it again, and it is never kept stale (but
 * for the copy the page the server drew came with).
 */
export const copyOrderQueryOptions = (orderId: number, customerId: number) =>
  queryOptions({
    queryKey: queryKeys.orderCopy(orderId),
    queryFn: ({ signal }) => copyOrder(orderId, customerId, signal),
    staleTime: freshOnOpen,
    gcTime: 0,
  });

export function useCopiedOrder(orderId: number | null, customerId: number) {
  return useQuery({
    ...copyOrderQueryOptions(orderId ?? 0, customerId),
    enabled: orderId !== null && orderId > 0,
  });
}
