import type { OrderSummary } from '../../../domain/order-view.schema';

type Order = Pick<OrderSummary, 'EnteredBy' | 'PlacedBy'>;

/**
 * Who placed an order, as the customer's screens and staff's view of them say it (design.md
 * 8.2), in the pieces a narrow column may put on lines of their own: "Shared sign-in" (never
 * "Shared sign-" and "in"), or for an order staff entered "Entered by" and the user's name (7.5's
 * "Entered by admin", so a staff user's name never reads as someone at the venue); none for the
 * ERP's history.
 */
export function placedByPieces(order: Order): string[] {
  if (order.EnteredBy) return ['Entered by', order.EnteredBy];
  return order.PlacedBy === null ? [] : [order.PlacedBy];
}

/** The same in one line: "Shared sign-in", "Entered by admin", or null. */
export function placedByLabel(order: Order): string | null {
  return placedByPieces(order).join(' ') || null;
}
