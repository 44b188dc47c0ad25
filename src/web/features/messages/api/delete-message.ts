import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteMessage(id: number): Promise<void> {
  return apiFetch<void>(`Message/${id}`, { method: 'DELETE' });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.displayMessagesAll }),
      ]),
  });
}
