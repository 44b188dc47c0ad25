import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from '../../../../domain/passkeys.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE Passkey/{id}: the passkey signs nobody in again. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkey: Passkey) =>
      apiFetch<void>(`Passkey/${encodeURIComponent(passkey.Id)}`, { method: 'DELETE' }).then(() => passkey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
}
