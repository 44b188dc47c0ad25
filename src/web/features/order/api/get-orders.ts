import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderList } from '../../../../domain/order-view.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { freshOnOpen } from '../../../ssr/page-queries';

export function getOrders(companyId: number, signal?: AbortSignal): Promise<OrderList> {
  return apiFetch<OrderList>(`Orders/${companyId}`, { signal });
}

/** The customer's orders, newest first (`Orders/{companyId}` takes the 4-digit CompanyId). */
export const ordersQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: queryKeys.orders.list({ companyId }),
    queryFn: ({ signal }) => getOrders(companyId, signal),
    // Spec section 4: history lists reload when their screen opens.
    staleTime: freshOnOpen,
  });

export function useOrders(companyId: number) {
  return useQuery(ordersQueryOptions(companyId));
}
