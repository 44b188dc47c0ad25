import type { OrderInput } from '../../../domain/order-body.schema';
import type { OrderDraftInput } from '../../../domain/order-draft.schema';
import { formatWeekdayDate } from '../order/date-format';

/**
 * An order submitted with no network (issue 39, design.md 8.5), kept on the device until the
 * server has answered it. Its `Key` is the order's Idempotency-Key: however many times and from
 * however many tabs it is sent, the server places it once.
 *
 * - `waiting`: not answered yet (no network, the server down, signed out meanwhile).
 * - `placed`: the server placed it; kept until the customer has seen the Web Conf #.
 * - `refused`: a rule refused it (the cutoff passed, a date not allowed, the minimum, a
 *   licence); it is put back as the customer's draft (`DraftSaved` once the server has it),
 *   and kept until the customer has seen the server's message.
 */
export interface OutboxEntry {
  Key: string;
  /** The sign-in it belongs to (device-key.ts): no other sign-in sees or sends it. */
  Owner: string;
  CustomerId: number;
  Order: OrderInput;
  QueuedAt: number;
  State: 'waiting' | 'placed' | 'refused';
  Tries: number;
  LastTriedAt: number | null;
  /** Placed: its Web Conf #. */
  OrderNum: string | null;
  /** Refused: the server's message; waiting: why the last try did not get through. */
  Message: string | null;
  /** Refused: whether the order is the customer's draft on the server yet. */
  DraftSaved: boolean;
}

/** What one try to send an entry got. */
export type SendAnswer =
  | { kind: 'placed'; orderNum: string }
  /** No answer, a proxy's error page, a 5xx or a 429: the same order is sent again later. */
  | { kind: 'unanswered'; message: string }
  /** 401: the session ended; it is sent once the same sign-in is back. */
  | { kind: 'signedOut' }
  /** Any other refusal (4xx with the API's message): a rule, or the body. */
  | { kind: 'refused'; message: string };

/** Pages hear here that the outbox changed (a service worker or another tab sent an order). */
export const OUTBOX_CHANNEL = 'bev-outbox';
/** Background Sync's tag for the outbox. */
export const OUTBOX_SYNC = 'bev-outbox';

export const SIGN_IN_TO_SEND = 'Sign in again on this device to send it.';

export function queued(input: {
  key: string;
  owner: string;
  customerId: number;
  order: OrderInput;
  now: number;
}): OutboxEntry {
  return {
    Key: input.key,
    Owner: input.owner,
    CustomerId: input.customerId,
    // Sent as a new order: never tied to the draft it was typed in (decision 078).
    Order: { ...input.order, BaseSavedAt: undefined },
    QueuedAt: input.now,
    State: 'waiting',
    Tries: 0,
    LastTriedAt: null,
    OrderNum: null,
    Message: null,
    DraftSaved: false,
  };
}

/** The entry once a try got `answer`. Only a waiting entry is sent; any other is as it was. */
export function afterAnswer(entry: OutboxEntry, answer: SendAnswer, now: number): OutboxEntry {
  if (entry.State !== 'waiting') return entry;
  const tried = { ...entry, Tries: entry.Tries + 1, LastTriedAt: now };
  switch (answer.kind) {
    case 'placed':
      return { ...tried, State: 'placed', OrderNum: answer.orderNum, Message: null };
    case 'refused':
      return { ...tried, State: 'refused', Message: answer.message, DraftSaved: false };
    case 'signedOut':
      return { ...tried, Message: SIGN_IN_TO_SEND };
    case 'unanswered':
      return { ...tried, Message: answer.message };
  }
}

/** A refused entry whose order the server now keeps as the customer's draft. */
export function draftSaved(entry: OutboxEntry): OutboxEntry {
  return entry.State === 'refused' ? { ...entry, DraftSaved: true } : entry;
}

/** The entries still to send. */
export function waiting(entries: readonly OutboxEntry[]): OutboxEntry[] {
  return entries.filter((e) => e.State === 'waiting');
}

/** "Waiting to send: 1 order", or null when nothing waits. */
export function waitingText(entries: readonly OutboxEntry[]): string | null {
  const n = waiting(entries).length;
  if (n === 0) return null;
  return `Waiting to send: ${n} ${n === 1 ? 'order' : 'orders'}`;
}

/** One line of what waits: "Tue 12/01/2026 · 3 products · 12 cases". */
export function entrySummary(entry: OutboxEntry): string {
  const lines = entry.Order.ProductQuantities ?? [];
  const cases = lines.reduce((sum, l) => sum + (Number(l.CaseQuantity) || 0), 0);
  const date = entry.Order.DeliveryDate ? formatWeekdayDate(entry.Order.DeliveryDate) : 'no date';
  return `${date} · ${lines.length} ${lines.length === 1 ? 'product' : 'products'} · ${cases} ${cases === 1 ? 'case' : 'cases'}`;
}

/** A refused order as the customer's draft: the form opens on its last step, as it was sent. */
export function draftOf(entry: OutboxEntry): OrderDraftInput {
  const { DeliveryDate, Name, Phone, Email, ReferencePO, ProductQuantities } = entry.Order;
  return {
    DeliveryDate,
    Name,
    Phone,
    Email,
    ReferencePO: ReferencePO ?? '',
    ProductQuantities: (ProductQuantities ?? []).map((l) => ({
      Code: l.Code,
      CaseQuantity: l.CaseQuantity || '',
      UnitQuantity: l.UnitQuantity || '',
      ...(l.Substitution ? { Substitution: l.Substitution } : {}),
    })),
    Step: 2,
  };
}
