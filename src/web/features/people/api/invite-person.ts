import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitePerson, VenuePerson } from '../../../../domain/people.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST Customer/{id}/People: gives the person a role at once and mails them a sign-in link; 409
 * when they already have access, 422 with the fields' errors.
 */
export function invitePerson(customerId: number, body: InvitePerson): Promise<VenuePerson> {
  return apiFetch<VenuePerson>(`Customer/${customerId}/People`, { method: 'POST', body });
}

/** Errors go under the form's fields (`errorDialog: false`: the form shows them). */
export function useInvitePerson(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitePerson) => invitePerson(customerId, body),
    meta: { errorDialog: false },
    onSuccess: () => invalidatePeople(queryClient, customerId),
  });
}

/** The venue's list, and the audit trail (staff's writes are recorded there). */
export function invalidatePeople(queryClient: ReturnType<typeof useQueryClient>, customerId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.people(customerId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  ]);
}
