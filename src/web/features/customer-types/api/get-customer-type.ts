import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerType } from '../../../../domain/customer-type.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getCustomerType(id: number, signal?: AbortSignal): Promise<CustomerType> {
  return apiFetch<CustomerType>(`CustomerType/${id}`, { signal });
}

export function customerTypeQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.customerTypes.detail(id),
    queryFn: ({ signal }) => getCustomerType(id, signal),
  });
}

/** Id 0 (no valid id in the address) asks nothing. */
export function useCustomerType(id: number) {
  return useQuery({ ...customerTypeQueryOptions(id), enabled: id > 0 });
}
