import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session, SessionCustomer, SessionUser } from '../../../../domain/auth.schema';
import { type VenueAction, venueRoleMay } from '../../../../domain/venue-roles';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const signedOut: Session = {
  Role: null,
  Customer: null,
  User: null,
  Person: null,
  VenueRole: null,
  Venues: [],
};

/** GET Session, once a sign-out made with no network has reached the server (issue 39). */
export async function getSession(signal?: AbortSignal): Promise<Session> {
  await (await import('../../offline/pending-sign-out')).endPendingSignOut();
  return apiFetch<Session>('Session', { signal });
}

/** Who is signed in (GET /api/v1/Session); the route guards decide by it. */
export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 5 * 60_000,
  // A reload or a returning tab re-checks the cookie quietly.
  refetchOnWindowFocus: true,
  meta: { silent: true, errorDialog: false },
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

/**
 * The signed-in customer. Only for screens under the customer route guard, which renders them
 * only while the session says 'customer'.
 */
export function useSignedInCustomer(): SessionCustomer {
  const { data } = useSession();
  if (!data?.Customer) throw new Error('useSignedInCustomer is for screens behind the customer route guard');
  return data.Customer;
}

/**
 * Whether the caller's role at the venue may do `action` (design.md 8.2): the screens hide what
 * the server would refuse. Staff (no venue role) may do everything.
 */
export function useVenueMay(action: VenueAction): boolean {
  const { data } = useSession();
  return !data?.VenueRole || venueRoleMay(data.VenueRole, action);
}

/** The signed-in admin user. Only for screens under the admin route guard. */
export function useSignedInUser(): SessionUser {
  const { data } = useSession();
  if (!data?.User) throw new Error('useSignedInUser is for screens behind the admin route guard');
  return data.User;
}
