import type { OrderSummary } from '../../../domain/order-view.schema';
import type { OrderHeaderValues } from './order-draft';

export type Contact = Pick<OrderHeaderValues, 'Name' | 'Phone' | 'Email'>;

/** The contact of the customer's last order placed here (imported ERP orders carry no email). */
export function lastContact(orders: readonly OrderSummary[]): Contact | null {
  const last = orders.find((o) => o.IsWebOrder && o.Email);
  return last
    ? { Name: last.Name, Phone: last.Phone.replace(/\D/g, '').slice(-10), Email: last.Email }
    : null;
}
