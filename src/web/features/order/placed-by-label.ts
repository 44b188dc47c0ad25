import type { OrderSummary } from '../../../domain/order-view.schema';
import { enteredByLabel } from '../../../domain/staff-order';

/**
 * Who placed an order, as the customer's screens and staff's view of them say it (design.md
 * 8.2): `Shared sign-in`, or for an order staff entered design.md 7.5's "Entered by admin", so
 * a staff user's name never reads as someone at the venue; null for the ERP's history.
 */
export function placedByLabel(order: Pick<OrderSummary, 'EnteredBy' | 'PlacedBy'>): string | null {
  return enteredByLabel(order.EnteredBy) ?? order.PlacedBy;
}
