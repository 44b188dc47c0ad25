import { useMutation } from '@tanstack/react-query';
import type { QuickOrder } from '../../../../domain/quick-order.schema';
import { apiFetch } from '../../../lib/api-client';

/** POST Customer/{id}/QuickOrder: a message read into lines with their products (design.md 8.7). Saves nothing. */
export function readQuickOrder(customerId: number, text: string): Promise<QuickOrder> {
  return apiFetch<QuickOrder>(`Customer/${customerId}/QuickOrder`, { body: { Text: text } });
}

/** Reads the message; its error is shown where the box is, not in the general error dialog. */
export function useQuickOrder(customerId: number) {
  return useMutation({
    mutationFn: (text: string) => readQuickOrder(customerId, text),
    meta: { silent: true },
  });
}
