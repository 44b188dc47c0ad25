import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Message } from '../../../../domain/message.schema';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getMessage(id: number, signal?: AbortSignal): Promise<Message> {
  return apiFetch<Message>(`Message/${id}`, { signal });
}

export function messageQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.messages.detail(id),
    queryFn: ({ signal }) => getMessage(id, signal),
  });
}

/** Id 0 is a new message: nothing to load. */
export function useMessage(id: number) {
  return useQuery({ ...messageQueryOptions(id), enabled: id > 0 });
}
