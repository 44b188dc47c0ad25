import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '../../../../domain/order-view.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return apiFetch<OrderDetail>(`Order/${id}`, { signal });
}

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });

export function useOrder(id: number) {
  return useQuery({ ...orderQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
