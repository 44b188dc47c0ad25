import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VenueRole } from '../../../../domain/venue-roles';
import { apiFetch } from '../../../lib/api-client';
import { invalidatePeople } from './invite-person';

export interface RoleChange {
  personId: number;
  Role: VenueRole;
}

/** PUT Customer/{id}/People/{personId}: 404 without access there, 409 for an Owner's last Owner. */
export function changeRole(customerId: number, { personId, Role }: RoleChange): Promise<void> {
  return apiFetch<void>(`Customer/${customerId}/People/${personId}`, { method: 'PUT', body: { Role } });
}

/** A refusal opens the error dialog with the server's message. */
export function useChangeRole(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RoleChange) => changeRole(customerId, change),
    onSettled: () => invalidatePeople(queryClient, customerId),
  });
}
