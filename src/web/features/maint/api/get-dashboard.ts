import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../../domain/dashboard.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiFetch<Dashboard>('Dashboard', { signal });
}

/** GET /Dashboard: the day's figures for the staff home, in one request (design.md 7.8). */
export const dashboardQueryOptions = queryOptions({
  queryKey: queryKeys.dashboard,
  queryFn: ({ signal }) => getDashboard(signal),
});

/** Refreshed every minute while the staff home is open, as the sign-in card is. */
export function useDashboard() {
  return useQuery({ ...dashboardQueryOptions, refetchInterval: 60_000 });
}
