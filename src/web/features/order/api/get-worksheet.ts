import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Worksheet } from '../../../../domain/order-view.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getWorksheet(customerId: number, signal?: AbortSignal): Promise<Worksheet> {
  return apiFetch<Worksheet>(`Order/${customerId}/Worksheet/`, { signal });
}

/**
 * The worksheet (design.md 5.4; `{id}` is the customer's Id). The page is outside the route
 * guard, so it handles a 401, 403 or 404 itself instead of the general error dialog.
 */
export const worksheetQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: queryKeys.worksheet(customerId),
    queryFn: ({ signal }) => getWorksheet(customerId, signal),
    staleTime: 0,
    meta: { errorDialog: false },
  });

export function useWorksheet(customerId: number) {
  return useQuery({
    ...worksheetQueryOptions(customerId),
    enabled: Number.isInteger(customerId) && customerId > 0,
  });
}
