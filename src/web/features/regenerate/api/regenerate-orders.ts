import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegenerateOrdersResponse } from '../../../../domain/regenerate.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /RegenerateOrders with the chosen orders' Ids (`[12, 15]`). */
export function regenerateOrders(ids: readonly number[]): Promise<RegenerateOrdersResponse> {
  return apiFetch<RegenerateOrdersResponse>('RegenerateOrders', { method: 'POST', body: ids });
}

/**
 * Writes the orders' export files again. The screen shows the spec's toasts itself (no error
 * dialog); the list is refetched because the orders' Exported time changes.
 */
export function useRegenerateOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateOrders,
    meta: { errorDialog: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.webOrders.all }),
  });
}
