import type { Session } from '../../../domain/auth.schema';
import { ApiError, apiFetch } from '../../lib/api-client';
import { NO_CONNECTION_MESSAGE } from '../../lib/messages';
import { placeOrder, saveDraft } from '../order/api/order-calls';
import { deviceDb } from './device-data';
import { deviceKeyOf } from './device-key';
import {
  afterAnswer,
  draftOf,
  draftSaved,
  OUTBOX_CHANNEL,
  type OutboxEntry,
  type SendAnswer,
} from './outbox-states';

/**
 * The outbox on the device (issue 39, design.md 8.5): orders submitted with no network, sent
 * once the network is back by whichever comes first, a page (on opening, on the `online` event)
 * or the service worker (Background Sync). The same code runs in both.
 */

/** One sender at a time on the device: every tab and the service worker take this lock. */
const OUTBOX_LOCK = 'bev-outbox';

function announce() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/** The sign-in's entries, oldest first. */
export async function outboxOf(owner: string): Promise<OutboxEntry[]> {
  const entries = await (await deviceDb()).getAllFromIndex('outbox', 'Owner', owner);
  return entries.sort((a, b) => a.QueuedAt - b.QueuedAt);
}

/** Keeps a submitted order to send; it is on the device once this settles. */
export async function queueOrder(entry: OutboxEntry): Promise<void> {
  await (await deviceDb()).put('outbox', entry);
  announce();
}

/** The customer has seen what became of it (its Web Conf #, or its refusal and draft). */
export async function dismissEntry(key: string): Promise<void> {
  const database = await deviceDb();
  const entry = await database.get('outbox', key);
  // A waiting order is never dropped this way, nor a refused one before its draft is saved.
  if (!entry || entry.State === 'waiting' || (entry.State === 'refused' && !entry.DraftSaved)) return;
  await database.delete('outbox', key);
  announce();
}

async function underLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // Without Web Locks (older browsers), two senders may send one order at once: its
  // Idempotency-Key still has the server place it once.
  if (!locks) return work();
  await locks.request(OUTBOX_LOCK, work);
}

/** One try: what the server answered, as the outbox reads it. */
async function send(entry: OutboxEntry): Promise<SendAnswer> {
  try {
    const answer = await placeOrder({ order: entry.Order, idempotencyKey: entry.Key });
    if (answer.IsSuccessful && answer.OrderNum) return { kind: 'placed', orderNum: answer.OrderNum };
    return { kind: 'refused', message: answer.ErrorMessage ?? NO_CONNECTION_MESSAGE };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'unanswered', message: NO_CONNECTION_MESSAGE };
    if (error.Status === 401) return { kind: 'signedOut' };
    if (error.Status === 0 || error.Status === 429 || error.Status >= 500)
      return { kind: 'unanswered', message: error.ErrorMessage };
    return { kind: 'refused', message: error.ErrorMessage };
  }
}

/** A refused order becomes the customer's draft again, to check and send from the form. */
async function backAsDraft(entry: OutboxEntry): Promise<OutboxEntry> {
  try {
    await saveDraft(entry.CustomerId, { draft: draftOf(entry), base: null });
    return draftSaved(entry);
  } catch {
    return entry;
  }
}

/**
 * Sends the sign-in's waiting orders, oldest first, each with its own Idempotency-Key, under
 * the device's outbox lock: a second tab or the service worker waits, then finds the order
 * answered. Stops at the first order that gets no answer (the network is still away).
 */
export async function sendWaiting(owner: string): Promise<void> {
  await underLock(async () => {
    const database = await deviceDb();
    const entries = await outboxOf(owner);
    if (!entries.some((e) => e.State === 'waiting' || (e.State === 'refused' && !e.DraftSaved))) return;
    // Only with the session of the sign-in that submitted them: the cookie is the browser's,
    // and whoever signed in on it last may be someone else (a worker cannot read the cookie).
    const session = await apiFetch<Session>('Session').catch(() => undefined);
    if (!session || deviceKeyOf(session) !== owner) return;
    for (const { Key } of entries) {
      // Read again under the lock: another sender may have answered it meanwhile.
      let entry = await database.get('outbox', Key);
      if (!entry) continue;
      if (entry.State === 'waiting') {
        const answer = await send(entry);
        entry = afterAnswer(entry, answer, Date.now());
        await database.put('outbox', entry);
        announce();
        if (answer.kind === 'unanswered' || answer.kind === 'signedOut') break;
      }
      if (entry.State === 'refused' && !entry.DraftSaved) {
        entry = await backAsDraft(entry);
        await database.put('outbox', entry);
        announce();
      }
    }
  });
}
