import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { type DraftSave, saveDraft } from './order-calls';

/**
 * PUT Customer/{id}/Draft, the form's autosave: in the background (no 'Please wait...', no
 * error dialog; the form shows a quiet status instead).
 */
export function useSaveDraft(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: DraftSave) => saveDraft(customerId, save),
    // Tried at once even with no network: it fails, and the form keeps the draft on the device
    // (issue 39). Held until the network is back, it would hold Submit with it.
    networkMode: 'always',
    meta: { errorDialog: false, silent: true },
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.draft(customerId), saved),
  });
}
