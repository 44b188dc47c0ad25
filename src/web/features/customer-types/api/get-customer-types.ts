import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerTypeListItem } from '../../../../domain/customer-type.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getCustomerTypes(signal?: AbortSignal): Promise<CustomerTypeListItem[]> {
  return apiFetch<CustomerTypeListItem[]>('CustomerTypes', { signal });
}

/**
 * GET /CustomerTypes: the one query for every screen that needs the types (the maintenance
 * list, the customer and message forms' selects, the order form's date rules), with the app's
 * staleness. The server answers them by Id; the maintenance list sorts as its columns say.
 */
export const customerTypesQueryOptions = queryOptions({
  queryKey: queryKeys.customerTypes.list(),
  queryFn: ({ signal }) => getCustomerTypes(signal),
});

export function useCustomerTypes() {
  return useQuery(customerTypesQueryOptions);
}
