import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../domain/user.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return apiFetch<User>(`User/${id}`, { signal });
}

export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.users.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });
}

/** Id 0 is a new user: nothing to load. */
export function useUser(id: number) {
  return useQuery({ ...userQueryOptions(id), enabled: id > 0 });
}
