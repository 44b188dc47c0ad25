import { useQuery } from '@tanstack/react-query';
import type { Passkey } from '../../../../domain/passkeys.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET Passkeys: the signed-in person's passkeys, in the order they were added. */
export function usePasskeys(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.passkeys,
    queryFn: ({ signal }) => apiFetch<Passkey[]>('Passkeys', { signal }),
    enabled,
  });
}
