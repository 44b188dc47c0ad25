import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteDraft(customerId: number): Promise<void> {
  return apiFetch<void>(`Customer/${customerId}/Draft`, { method: 'DELETE' });
}

/** DELETE Customer/{id}/Draft: Discard on the offer. A failure shows the general error dialog. */
export function useDeleteDraft(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteDraft(customerId),
    onSuccess: () => queryClient.setQueryData(queryKeys.draft(customerId), null),
  });
}
