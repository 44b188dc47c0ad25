import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedOrderDraft } from '../../../../domain/order-draft.schema';
import { apiFetch, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { freshOnOpen } from '../../../ssr/page-queries';

/** The customer's draft, or null when there is none (the server's 404). */
export async function getDraft(customerId: number, signal?: AbortSignal): Promise<SavedOrderDraft | null> {
  try {
    return await apiFetch<SavedOrderDraft>(`Customer/${customerId}/Draft`, { signal });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/**
 * The unsent order to offer back (design.md 7.3). An aid: when it cannot be loaded the screen
 * goes on without the offer, so no error dialog and no 'Please wait...' over the order home;
 * always checked afresh, as another device may have saved or sent it.
 */
export const draftQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: queryKeys.draft(customerId),
    queryFn: ({ signal }) => getDraft(customerId, signal),
    staleTime: freshOnOpen,
    meta: { errorDialog: false, silent: true },
  });

export function useDraft(customerId: number, enabled = true) {
  return useQuery({ ...draftQueryOptions(customerId), enabled });
}
