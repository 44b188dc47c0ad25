import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDraftInput, SavedOrderDraft } from '../../../../domain/order-draft.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function saveDraft(customerId: number, draft: OrderDraftInput): Promise<SavedOrderDraft> {
  return apiFetch<SavedOrderDraft>(`Customer/${customerId}/Draft`, { method: 'PUT', body: draft });
}

/**
 * PUT Customer/{id}/Draft, the form's autosave: in the background (no 'Please wait...', no
 * error dialog; the form shows a quiet status instead).
 */
export function useSaveDraft(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: OrderDraftInput) => saveDraft(customerId, draft),
    meta: { errorDialog: false, silent: true },
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.draft(customerId), saved),
  });
}
