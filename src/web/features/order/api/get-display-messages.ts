import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One message of the order home (design.md 5.7: active, dated today, for the type or all types). */
export interface DisplayMessage {
  Id: number;
  /** Sanitized HTML written by staff. */
  Message: string;
  StartDate: string;
  EndDate: string;
  CustomerTypeId: number;
}

export function getDisplayMessages(customerTypeId: number, signal?: AbortSignal): Promise<DisplayMessage[]> {
  return apiFetch<DisplayMessage[]>(`DisplayMessages/${customerTypeId}`, { signal });
}

export const displayMessagesQueryOptions = (customerTypeId: number) =>
  queryOptions({
    queryKey: queryKeys.displayMessages(customerTypeId),
    queryFn: ({ signal }) => getDisplayMessages(customerTypeId, signal),
  });

export function useDisplayMessages(customerTypeId: number) {
  return useQuery(displayMessagesQueryOptions(customerTypeId));
}
