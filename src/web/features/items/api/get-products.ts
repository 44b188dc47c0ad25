import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '../../../../domain/product.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiFetch<Product[]>('Products', { signal });
}

/** GET /Products: every item (the Items screen filters and sorts them in the browser). */
export const productsQueryOptions = queryOptions({
  queryKey: queryKeys.products.list(),
  queryFn: ({ signal }) => getProducts(signal),
});

/** Spec section 4: the items list reloads when its screen opens. */
export function useProducts() {
  return useQuery({ ...productsQueryOptions, refetchOnMount: 'always' });
}
