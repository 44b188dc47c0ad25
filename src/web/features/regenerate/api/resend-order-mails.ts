import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResendOrderMailsResponse } from '../../../../domain/regenerate.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /ResendOrderMails with the chosen orders' Ids (`{ Ids: [12, 15] }`). */
export function resendOrderMails(ids: readonly number[]): Promise<ResendOrderMailsResponse> {
  return apiFetch<ResendOrderMailsResponse>('ResendOrderMails', { method: 'POST', body: { Ids: ids } });
}

/**
 * Sends the orders' confirmation mails now. The screen shows its own toasts (no error dialog);
 * the list is refetched because the orders' Mailed state changes.
 */
export function useResendOrderMails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendOrderMails,
    meta: { errorDialog: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.webOrders.all }),
  });
}
