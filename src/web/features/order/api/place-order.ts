import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderInput } from '../../../../domain/order.schema';
import type { OrderSaveResponse } from '../../../../domain/order-view.schema';
import { apiFetch, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

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

/** POST Order. The form shows the spec's 'Order Error' dialog itself, so the general one is off. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    meta: { errorDialog: false },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.worksheetAll });
    },
    // A refused order may have met rules that changed since the form loaded them (a type's new
    // minimum, design.md 7.11): read the types again, so the summary says what is missing now.
    onError: (error) => {
      if (isApiError(error, 422))
        void queryClient.invalidateQueries({ queryKey: queryKeys.customerTypes.all });
    },
  });
}

/** A random key; `crypto.randomUUID` exists only in secure contexts (HTTPS or localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
