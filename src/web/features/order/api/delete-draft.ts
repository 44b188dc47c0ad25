import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** With `base`, only the draft saved at that time (409 when it was changed, sent or discarded since). */
export function deleteDraft(customerId: number, base: string | null = null): Promise<void> {
  const query = base ? `?BaseSavedAt=${encodeURIComponent(base)}` : '';
  return apiFetch<void>(`Customer/${customerId}/Draft${query}`, { method: 'DELETE' });
}

/** DELETE Customer/{id}/Draft: Discard on the offer. A failure shows the general error dialog. */
export function useDeleteDraft(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteDraft(customerId),
    onSuccess: () => queryClient.setQueryData(queryKeys.draft(customerId), null),
  });
}
