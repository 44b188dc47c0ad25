import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import type { Session } from '../../../domain/auth.schema';
import { queryKeys } from '../../lib/query-keys';
import { customerTypesQueryOptions } from '../customer-types/api/get-customer-types';
import { deliveryDatesQueryOptions } from '../order/api/get-delivery-dates';
import { orderGuideQueryOptions } from '../order/api/get-order-guide';
import { ownCustomerQueryOptions } from '../order/api/get-own-customer';
import { forgetVenue, keepVenue, lastKeptVenue, markSignOutPending } from './device-data';
import { deviceKeyOf, isKeptQuery } from './device-key';
import { type KeptDraft, MERGED_TITLE, settleOfflineDraft } from './draft-merge';
import { sendWaiting } from './outbox';

/** Set once the person signs out: nothing more is kept, even an answer that lands on the way out. */
let signedOut = false;

/** How long answers gather before the device keeps them: a screen's reads land as one write. */
const KEEP_AFTER_MS = 500;

/**
 * Opens the app as the device's last sign-in left it (issue 39): the page came from the service
 * worker, not the server, so the venue's answers come from the device. Each keeps the time it
 * was read, so a screen can say how old it is, and is read afresh once the network is back.
 * Answers the key of the sign-in opened, or null when the device kept none.
 */
export async function openFromDevice(queryClient: QueryClient): Promise<string | null> {
  const venue = await lastKeptVenue().catch(() => undefined);
  if (!venue) return null;
  hydrate(queryClient, venue.Queries);
  return venue.Key;
}

/**
 * Keeps the signed-in venue's answers on the device after each read (design.md 8.5), and sends
 * its outbox whenever it can. When the
 * session turns out to be another sign-in's than the answers held (the network came back and
 * someone else had signed in), those answers are dropped from the screen's cache at once.
 * Answers the unsubscribe.
 */
export function keepOnDevice(queryClient: QueryClient, openedKey: string | null): () => void {
  let held = openedKey ?? deviceKeyOf(queryClient.getQueryData<Session>(queryKeys.session));
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A page the server drew: the draft this device changed with no network last time is read
  // before anything is kept over it, then settled with the server's (opened offline, the
  // restored draft is on the screen, and the form settles it when the network is back).
  const offlineDraft = openedKey || !held ? Promise.resolve(undefined) : keptOfflineDraft(held);
  // Until it is settled, it is what the device keeps as the draft, whatever the page drew.
  let unsettled: KeptDraft | undefined;

  const keep = async () => {
    timer = undefined;
    await offlineDraft;
    if (signedOut) return;
    const key = deviceKeyOf(queryClient.getQueryData<Session>(queryKeys.session));
    if (!key) return;
    const Queries = dehydrate(queryClient, {
      shouldDehydrateQuery: (q) => q.state.status === 'success' && isKeptQuery(q.queryKey),
      shouldDehydrateMutation: () => false,
    });
    if (unsettled)
      for (const q of Queries.queries)
        if (q.queryKey[0] === 'draft') q.state = { ...q.state, data: unsettled };
    // A device that cannot keep (storage full, a private window) still orders online.
    await keepVenue({ Key: key, KeptAt: Date.now(), Queries }).catch(() => undefined);
  };
  const later = () => {
    timer ??= setTimeout(() => void keep(), KEEP_AFTER_MS);
  };
  const now = () => {
    clearTimeout(timer);
    void keep();
  };

  // The outbox goes as soon as there is a network and a sign-in it belongs to: on opening, on
  // the browser's `online` event, and on signing in (Background Sync may come first).
  const sendOutbox = () => {
    if (held && navigator.onLine) void sendWaiting(held).catch(() => undefined);
  };
  window.addEventListener('online', sendOutbox);

  later();
  if (held) {
    void readAhead(queryClient);
    sendOutbox();
    void offlineDraft.then(async (draft) => {
      unsettled = draft;
      if (draft && (await settleKept(queryClient, draft))) unsettled = undefined;
    });
  }
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const queryKey = event.query.queryKey;
    if (!isKeptQuery(queryKey)) return;
    if (queryKey[0] === queryKeys.session[0]) {
      const key = deviceKeyOf(event.query.state.data as Session | undefined);
      if (key !== held) {
        if (held)
          queryClient.removeQueries({
            predicate: (q) => isKeptQuery(q.queryKey) && q.queryKey[0] !== 'session',
          });
        held = key;
        // Signed in on this page (the sign-in screen's scripts ran): the visit starts now.
        if (key) {
          void readAhead(queryClient);
          sendOutbox();
        }
      }
    }
    // The draft is what was typed a moment ago: kept at once, not half a second later, as the
    // customer may close the app right away.
    if (queryKey[0] === 'draft') now();
    else later();
  });
  // Leaving or hiding the page keeps what waits at once.
  const onHide = () => {
    if (document.visibilityState === 'hidden') now();
  };
  window.addEventListener('pagehide', now);
  document.addEventListener('visibilitychange', onHide);
  return () => {
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('online', sendOutbox);
    window.removeEventListener('pagehide', now);
    document.removeEventListener('visibilitychange', onHide);
  };
}

/**
 * A visit keeps what the order form opens on, even when the customer never went past the home:
 * the products and their prices, the types' date rules and the guide for the next delivery date.
 * Each read is the app's own query, fresh ones are not read again, and a failed one is no one's
 * concern: the device keeps what it could.
 */
async function readAhead(queryClient: QueryClient): Promise<void> {
  const session = queryClient.getQueryData<Session>(queryKeys.session);
  const customer = session?.Role === 'customer' ? session.Customer : null;
  if (!customer || !navigator.onLine) return;
  try {
    await Promise.all([
      queryClient.prefetchQuery(ownCustomerQueryOptions(customer.Id)),
      queryClient.prefetchQuery(customerTypesQueryOptions),
    ]);
    const [next] = await queryClient.fetchQuery(deliveryDatesQueryOptions(customer.Id, 1));
    if (next) await queryClient.prefetchQuery(orderGuideQueryOptions(customer.Id, next.Date));
  } catch {
    // Read again on the next visit.
  }
}

/** The draft the device kept for sign-in `key` with changes made with no network, if any. */
async function keptOfflineDraft(key: string): Promise<KeptDraft | undefined> {
  const venue = await lastKeptVenue().catch(() => undefined);
  if (venue?.Key !== key) return undefined;
  const draft = venue.Queries.queries.find((q) => q.queryKey[0] === 'draft')?.state.data as
    | KeptDraft
    | null
    | undefined;
  return draft?.EditedOfflineAt !== undefined ? draft : undefined;
}

/**
 * The network is back with a draft changed here with no network, its page since closed: the
 * newer of it and the server's stays (draft-merge.ts), and the customer is told which one was
 * replaced. A call that fails leaves it for the next visit. True once settled.
 */
async function settleKept(queryClient: QueryClient, draft: KeptDraft): Promise<boolean> {
  const session = queryClient.getQueryData<Session>(queryKeys.session);
  const customerId = session?.Customer?.Id;
  if (customerId === undefined || !navigator.onLine || draft.EditedOfflineAt === undefined) return false;
  try {
    const settled = await settleOfflineDraft(
      customerId,
      draft.Order,
      draft.EditedOfflineAt,
      draft.SavedAt || null,
    );
    queryClient.setQueryData(
      queryKeys.draft(customerId),
      settled.kept === 'device' ? settled.saved : settled.server,
    );
    if (settled.text) {
      const { notifications } = await import('@mantine/notifications');
      notifications.show({ color: 'yellow', title: MERGED_TITLE, message: settled.text, autoClose: false });
    }
    return true;
  } catch {
    // Settled on the next visit, or by the form; kept on the device until then.
    return false;
  }
}

/**
 * Signing out: the device forgets the venue's answers (nothing of it shows to the next person).
 * `unreached`: the server was not told (no network), so the session ends on the next page load.
 */
export async function forgetOnDevice(session: Session | undefined, unreached: boolean): Promise<void> {
  signedOut = true;
  const key = deviceKeyOf(session);
  if (key) await forgetVenue(key).catch(() => undefined);
  if (unreached) await markSignOutPending().catch(() => undefined);
}
