import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerListItem } from '../../../../domain/customer.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getCustomers(signal?: AbortSignal): Promise<CustomerListItem[]> {
  return apiFetch<CustomerListItem[]>('Customers', { signal });
}

/** GET /Customers: every customer (the Customers screen filters and sorts them in the browser). */
export const customersQueryOptions = queryOptions({
  queryKey: queryKeys.customers.list(),
  queryFn: ({ signal }) => getCustomers(signal),
});

/** Spec section 2: customers are loaded when the screen opens. */
export function useCustomers() {
  return useQuery({ ...customersQueryOptions, refetchOnMount: 'always' });
}
