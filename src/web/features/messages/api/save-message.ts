import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, MessageSave } from '../../../../domain/message.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /Message: Id 0 creates. */
export function saveMessage(body: MessageSave): Promise<Message> {
  return apiFetch<Message>('Message', { method: 'POST', body });
}

/** Invalidates the list and what customers see on their order home. */
export function useSaveMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessage,
    meta: { errorDialog: false },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.displayMessagesAll }),
      ]),
  });
}
