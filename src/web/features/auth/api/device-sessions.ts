import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceSession } from '../../../../domain/auth.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { leaveSignedOut } from './logout';

/** GET Sessions: the caller's signed-in devices, this one first. */
export function useDeviceSessions(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.deviceSessions,
    queryFn: ({ signal }) => apiFetch<DeviceSession[]>('Sessions', { signal }),
    enabled,
  });
}

/**
 * DELETE Session/{id}: ends one device's session. Ending this device's own leaves the site as
 * Logout does (`to`, as a new page load); another device's drops out of the list.
 */
export function useEndDeviceSession(to: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: DeviceSession) =>
      apiFetch<void>(`Session/${encodeURIComponent(session.Id)}`, { method: 'DELETE' }).then(() => session),
    onSuccess: (session) => {
      if (session.Current) window.location.replace(to);
      else void queryClient.invalidateQueries({ queryKey: queryKeys.deviceSessions });
    },
  });
}

/** POST Logout/Everywhere: every session of the caller ends, this one too; then `to`, as Logout does. */
export function useLogoutEverywhere(to: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('Logout/Everywhere', { method: 'POST' }),
    onSuccess: () => leaveSignedOut(queryClient, to),
  });
}
