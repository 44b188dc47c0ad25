import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface FooterResponse {
  Footer: string;
}

export function getFooter(signal?: AbortSignal): Promise<FooterResponse> {
  return apiFetch<FooterResponse>('Footer', { signal });
}

/** The footer HTML under customer screens (public). A failure only leaves the footer empty. */
export const footerQueryOptions = queryOptions({
  queryKey: queryKeys.footer,
  queryFn: ({ signal }) => getFooter(signal),
  staleTime: 5 * 60_000,
  meta: { errorDialog: false, silent: true },
});

export function useFooter() {
  return useQuery(footerQueryOptions);
}
