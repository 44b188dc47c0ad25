import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VenuePerson } from '../../../../domain/people.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getPeople(customerId: number, signal?: AbortSignal): Promise<VenuePerson[]> {
  return apiFetch<VenuePerson[]>(`Customer/${customerId}/People`, { signal });
}

/** GET Customer/{id}/People: who has access to the venue, by name (its Owner and staff). */
export function peopleQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: queryKeys.people(customerId),
    queryFn: ({ signal }) => getPeople(customerId, signal),
  });
}

export function usePeople(customerId: number) {
  return useQuery(peopleQueryOptions(customerId));
}
