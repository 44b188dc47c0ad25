import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WebOrderListItem } from '../../../../domain/regenerate.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { WebOrderQuery } from '../regenerate-filter';

export function getWebOrders(query: WebOrderQuery, signal?: AbortSignal): Promise<WebOrderListItem[]> {
  const search = new URLSearchParams(query as Record<string, string>).toString();
  return apiFetch<WebOrderListItem[]>(search ? `Orders?${search}` : 'Orders', { signal });
}

/** GET /Orders (admin): the web orders matching the filter, newest first. */
export function webOrdersQueryOptions(query: WebOrderQuery) {
  return queryOptions({
    queryKey: queryKeys.webOrders.list(query),
    queryFn: ({ signal }) => getWebOrders(query, signal),
  });
}

/** Spec section 4: the history list reloads when its screen opens; a new filter keeps the old rows until it answers. */
export function useWebOrders(query: WebOrderQuery) {
  return useQuery({
    ...webOrdersQueryOptions(query),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
