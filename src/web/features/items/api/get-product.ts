import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '../../../../domain/product.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return apiFetch<Product>(`Product/${id}`, { signal });
}

/** GET /Product/{id}: one item for the 'Item - View' screen. */
export function productQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.products.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });
}

export function useProduct(id: number) {
  return useQuery({ ...productQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
