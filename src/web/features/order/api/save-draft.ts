import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDraftInput, SavedOrderDraft } from '../../../../domain/order-draft.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Saves of at most this size outlive the page (keepalive): a save on its way when the page is
 * left or reloaded still arrives. The browser allows 64 kB of such bodies in flight at once, and
 * the form sends one save at a time; a larger draft goes as a plain request.
 */
const KEEPALIVE_MAX_BYTES = 32 * 1024;

export interface DraftSave {
  draft: OrderDraftInput;
  /** The SavedAt of the draft the form started from, or null for a new one (decision 061). */
  base: string | null;
}

export function saveDraft(customerId: number, { draft, base }: DraftSave): Promise<SavedOrderDraft> {
  const body = { ...draft, BaseSavedAt: base };
  return apiFetch<SavedOrderDraft>(`Customer/${customerId}/Draft`, {
    method: 'PUT',
    body,
    keepalive: JSON.stringify(body).length <= KEEPALIVE_MAX_BYTES,
  });
}

/**
 * PUT Customer/{id}/Draft, the form's autosave: in the background (no 'Please wait...', no
 * error dialog; the form shows a quiet status instead).
 */
export function useSaveDraft(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: DraftSave) => saveDraft(customerId, save),
    meta: { errorDialog: false, silent: true },
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.draft(customerId), saved),
  });
}
