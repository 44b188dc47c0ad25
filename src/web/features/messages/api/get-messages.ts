import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Message } from '../../../../domain/message.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getMessages(signal?: AbortSignal): Promise<Message[]> {
  return apiFetch<Message[]>('Messages', { signal });
}

/** GET /Messages, sorted by Id (spec section 9). */
export const messagesQueryOptions = queryOptions({
  queryKey: queryKeys.messages.list(),
  queryFn: async ({ signal }) => (await getMessages(signal)).toSorted((a, b) => a.Id - b.Id),
});

export function useMessages() {
  return useQuery(messagesQueryOptions);
}
