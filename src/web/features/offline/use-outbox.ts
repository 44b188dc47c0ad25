import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../auth/api/get-session';
import { deviceKeyOf } from './device-key';
import { OUTBOX_CHANNEL, type OutboxEntry } from './outbox-states';

const none: OutboxEntry[] = [];

/**
 * The signed-in sign-in's outbox on this device (issue 39), read again whenever a tab or the
 * service worker changes it. Another sign-in's entries are never read. Empty on the server
 * and until the device has answered, so a page the server drew hydrates as drawn.
 */
export function useOutbox(): { owner: string | null; entries: OutboxEntry[] } {
  const owner = deviceKeyOf(useSession().data);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.outbox(owner),
    queryFn: async () => (await import('./outbox')).outboxOf(owner!),
    enabled: owner !== null && typeof indexedDB !== 'undefined',
    // The device's own store: read with or without a network.
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true, errorDialog: false },
  });
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = () => {
      void queryClient.invalidateQueries({ queryKey: ['outbox'] });
      // An order placed or put back as a draft: the orders and the draft are not as read.
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.worksheetAll });
      void queryClient.invalidateQueries({ queryKey: ['draft'] });
    };
    return () => channel.close();
  }, [queryClient]);
  return { owner, entries: query.data ?? none };
}
