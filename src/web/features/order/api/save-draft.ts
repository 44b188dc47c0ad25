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
    meta: { errorDialog: false, silent: true },
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.draft(customerId), saved),
  });
}
