import type { OrderInput } from '../../../../domain/order.schema';
import type { OrderDraftInput, SavedOrderDraft } from '../../../../domain/order-draft.schema';
import type { OrderSaveResponse } from '../../../../domain/order-view.schema';
import { apiFetch } from '../../../lib/api-client';

/*
 * The order's calls without React: the form's hooks (place-order.ts, save-draft.ts) and the
 * outbox (features/offline/outbox.ts), which the service worker runs too, send them the same way.
 */

export interface PlaceOrderVariables {
  order: OrderInput;
  /** The same key for a retry of the same order, so the server answers the first save (design.md 2). */
  idempotencyKey: string;
}

export function placeOrder({ order, idempotencyKey }: PlaceOrderVariables): Promise<OrderSaveResponse> {
  return apiFetch<OrderSaveResponse>('Order', {
    method: 'POST',
    body: order,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** A random key; `crypto.randomUUID` exists only in secure contexts (HTTPS or localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Saves of at most this size outlive the page (keepalive): a save on its way when the page is
 * left or reloaded still arrives. The browser allows 64 kB of such bodies in flight at once, and
 * the form sends one save at a time; a larger draft goes as a plain request.
 */
const KEEPALIVE_MAX_BYTES = 32 * 1024;

export interface DraftSave {
  draft: OrderDraftInput;
  /** The SavedAt of the draft the form started from, or null for a new one (decision 061). */
  base: string | null;
}

export function saveDraft(customerId: number, { draft, base }: DraftSave): Promise<SavedOrderDraft> {
  const body = { ...draft, BaseSavedAt: base };
  return apiFetch<SavedOrderDraft>(`Customer/${customerId}/Draft`, {
    method: 'PUT',
    body,
    keepalive: JSON.stringify(body).length <= KEEPALIVE_MAX_BYTES,
  });
}
