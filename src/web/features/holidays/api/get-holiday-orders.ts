import type { HolidayOrder } from '../../../../domain/delivery-calendar.schema';
import { apiFetch } from '../../../lib/api-client';

/**
 * GET Holiday/Orders: the orders (not cancelled) for delivery on any of `dates`, asked at the
 * moment staff confirm, never from a cache: an order placed a minute ago counts.
 */
export function getHolidayOrders(dates: readonly string[]): Promise<HolidayOrder[]> {
  return apiFetch<HolidayOrder[]>(`Holiday/Orders?Dates=${dates.map(encodeURIComponent).join(',')}`);
}
