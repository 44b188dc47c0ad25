import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerTypeListItem } from '../../../../domain/customer-type.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getCustomerTypes(signal?: AbortSignal): Promise<CustomerTypeListItem[]> {
  return apiFetch<CustomerTypeListItem[]>('CustomerTypes', { signal });
}

/** The customer types with their ordering rules (lead time, cutoff): the order form's date rules. */
export const customerTypesQueryOptions = queryOptions({
  queryKey: queryKeys.customerTypes.list(),
  queryFn: ({ signal }) => getCustomerTypes(signal),
  staleTime: 5 * 60_000,
});

export function useCustomerTypes() {
  return useQuery(customerTypesQueryOptions);
}
