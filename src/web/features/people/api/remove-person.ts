import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VenuePerson } from '../../../../domain/people.schema';
import { apiFetch } from '../../../lib/api-client';
import { invalidatePeople } from './invite-person';

/** DELETE Customer/{id}/People/{personId}: their access ends, and their sessions at the venue. */
export function removePerson(customerId: number, personId: number): Promise<void> {
  return apiFetch<void>(`Customer/${customerId}/People/${personId}`, { method: 'DELETE' });
}

/** A refusal (409: an Owner's last Owner) opens the error dialog with the server's message. */
export function useRemovePerson(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (person: VenuePerson) => removePerson(customerId, person.Id).then(() => person),
    onSettled: () => invalidatePeople(queryClient, customerId),
  });
}
