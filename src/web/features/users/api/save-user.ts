import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserSave } from '../../../../domain/user.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /User: Id 0 creates (Password required); a Password on an update resets it. */
export function saveUser(body: UserSave): Promise<User> {
  return apiFetch<User>('User', { method: 'POST', body });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    meta: { errorDialog: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
