import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../domain/user.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return apiFetch<User[]>('Users', { signal });
}

/** GET /Users (the server sorts by User Name). */
export const usersQueryOptions = queryOptions({
  queryKey: queryKeys.users.list(),
  queryFn: ({ signal }) => getUsers(signal),
});

export function useUsers() {
  return useQuery(usersQueryOptions);
}
