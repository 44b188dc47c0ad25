import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerTypeListItem } from '../../../../domain/customer-type.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getCustomerTypes(signal?: AbortSignal): Promise<CustomerTypeListItem[]> {
  return apiFetch<CustomerTypeListItem[]>('CustomerTypes', { signal });
}

/** GET /CustomerTypes, sorted by Id (spec section 9's default sort). */
export const customerTypesQueryOptions = queryOptions({
  queryKey: queryKeys.customerTypes.list(),
  queryFn: async ({ signal }) => (await getCustomerTypes(signal)).toSorted((a, b) => a.Id - b.Id),
});

export function useCustomerTypes() {
  return useQuery(customerTypesQueryOptions);
}
