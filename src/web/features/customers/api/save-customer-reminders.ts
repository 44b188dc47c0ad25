import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerReminders } from '../../../../domain/reminders';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT Customer/{id}/Reminders: staff turn a customer's cutoff reminders off or on again. */
export function saveCustomerReminders(id: number, remindersOff: boolean): Promise<CustomerReminders> {
  return apiFetch<CustomerReminders>(`Customer/${id}/Reminders`, {
    method: 'PUT',
    body: { RemindersOff: remindersOff },
  });
}

export function useSaveCustomerReminders(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (remindersOff: boolean) => saveCustomerReminders(id, remindersOff),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.customerReminders(id), saved),
  });
}
