import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '../../../../domain/customer.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getCustomer(id: number, signal?: AbortSignal): Promise<Customer> {
  return apiFetch<Customer>(`Customer/${id}`, { signal });
}

/** The signed-in customer with the products linked to it (the order form's product list). */
export const ownCustomerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.customers.detail(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
  });

export function useOwnCustomer(id: number) {
  return useQuery(ownCustomerQueryOptions(id));
}
