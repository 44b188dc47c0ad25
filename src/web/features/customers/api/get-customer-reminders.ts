import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerReminders } from '../../../../domain/reminders';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getCustomerReminders(id: number, signal?: AbortSignal): Promise<CustomerReminders> {
  return apiFetch<CustomerReminders>(`Customer/${id}/Reminders`, { signal });
}

/** GET Customer/{id}/Reminders: whether the customer gets cutoff reminders (design.md 7.4). */
export function customerRemindersQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.customerReminders(id),
    queryFn: ({ signal }) => getCustomerReminders(id, signal),
  });
}

export function useCustomerReminders(id: number) {
  return useQuery({ ...customerRemindersQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
