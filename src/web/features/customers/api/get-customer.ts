import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '../../../../domain/customer.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getCustomer(id: number, signal?: AbortSignal): Promise<Customer> {
  return apiFetch<Customer>(`Customer/${id}`, { signal });
}

/** GET /Customer/{id}: the customer with its linked products (by Description). */
export function customerQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.customers.detail(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
  });
}

/** Spec section 2: the customer and its products are loaded when the view opens. */
export function useCustomer(id: number) {
  return useQuery({
    ...customerQueryOptions(id),
    enabled: Number.isInteger(id) && id > 0,
    refetchOnMount: 'always',
  });
}
