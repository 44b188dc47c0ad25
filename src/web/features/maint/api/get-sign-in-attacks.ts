import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInAttacks } from '../../../../domain/sign-in-attacks.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getSignInAttacks(signal?: AbortSignal): Promise<SignInAttacks> {
  return apiFetch<SignInAttacks>('SignInAttacks', { signal });
}

/** GET /SignInAttacks: failed and blocked sign-ins per hour, the accounts most tried (staff only). */
export const signInAttacksQueryOptions = queryOptions({
  queryKey: queryKeys.signInAttacks,
  queryFn: ({ signal }) => getSignInAttacks(signal),
});

/** Refreshed every minute while the staff home is open: an attack is seen as it happens. */
export function useSignInAttacks() {
  return useQuery({ ...signInAttacksQueryOptions, refetchInterval: 60_000 });
}
