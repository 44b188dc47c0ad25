import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteUser(id: number): Promise<void> {
  return apiFetch<void>(`User/${id}`, { method: 'DELETE' });
}

/** A refusal (409: one's own user) shows the error dialog with the server's reason. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
