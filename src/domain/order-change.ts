import { businessClock } from './business-date';
import { wallTime, weekdayMonthDay, zoneName } from './delivery-countdown';
import { OrderStatus } from './enums';
import { type OrderByRules, orderByInstant } from './order-by';

/**
 * Change and cancel before the cutoff (design.md 7.10): a web order stays its customer's until
 * its delivery date's OrderBy (7.2), the same instant the order form stops offering that date.
 * This module decides whether an order may still be changed; the export file's claim (the
 * ERP may already have it) is the server's second check.
 */

/** What the window rule needs of an order. */
export interface ChangeableOrder {
  OrderNum: string;
  DeliveryDate: string;
  /** 'web' for the site's orders; the ERP's history orders are never changed here. */
  Source: 'web' | 'erp';
  Status: number;
}

export type ChangeWindow =
  | { open: true; until: Date }
  | { open: false; reason: 'cutoff'; closedAt: Date; message: string }
  | { open: false; reason: 'not-open'; message: string };

export const changeMessages = {
  /** 7.10's 409 after the cutoff: 'its cutoff passed at 4:00 PM Central on Wednesday 11/25'. */
  cutoffPassed: (orderNum: string, closedAt: Date, tz: string) =>
    `Order ${orderNum} can no longer be changed: its cutoff passed at ${cutoffMoment(closedAt, tz)}`,
  /**
   * A 409 beyond 7.10's two: the order's first file is still being written and recorded (the
   * moment after POST Order answered), so whether the ERP has it cannot be told yet.
   */
  beingSent: (orderNum: string) =>
    `Order ${orderNum} is being sent to the distributor: try again in a minute`,
  /** 7.10's 409 when the ERP has taken the order's file. */
  withDistributor: (orderNum: string) =>
    `Order ${orderNum} is already with the distributor: call to change it`,
  /** A cancelled, delivered or imported order. */
  /** PUT Order/{id} naming another customer in CustomerId: an order keeps its customer. */
  otherCustomer: "An order's customer cannot be changed: CustomerId must be the order's own customer",
  notOpen: (orderNum: string) => `Order ${orderNum} can no longer be changed: it is not an open web order`,
} as const;

/**
 * Whether `order` may be changed or cancelled at `now`: an open web order, strictly before the
 * OrderBy of its delivery date under its customer's type `rules` (the cutoff minute itself is
 * late, as for a new order: decision 007).
 */
export function changeWindow(
  order: ChangeableOrder,
  rules: OrderByRules,
  now: Date,
  tz: string,
): ChangeWindow {
  if (order.Source !== 'web' || order.Status !== OrderStatus.Open)
    return { open: false, reason: 'not-open', message: changeMessages.notOpen(order.OrderNum) };
  const until = orderByInstant(order.DeliveryDate, rules, tz);
  if (now.getTime() < until.getTime()) return { open: true, until };
  return {
    open: false,
    reason: 'cutoff',
    closedAt: until,
    message: changeMessages.cutoffPassed(order.OrderNum, until, tz),
  };
}

/**
 * `ChangeableUntil` of an order's answer: its OrderBy while the window is open at `now`, as an
 * ISO 8601 instant; null once it is closed (or for an order that is not an open web order).
 */
export function changeableUntil(
  order: ChangeableOrder,
  rules: OrderByRules,
  now: Date,
  tz: string,
): string | null {
  const window = changeWindow(order, rules, now, tz);
  return window.open ? window.until.toISOString() : null;
}

/**
 * '4:00 PM Central on Wednesday 11/25': an order's cutoff as the 409 and the order's detail say
 * it, on the business zone's wall clock.
 */
export function cutoffMoment(instant: Date, tz: string): string {
  return `${wallTime(instant, tz)} ${zoneName(tz)} on ${weekdayMonthDay(businessClock(instant, tz).date)}`;
}
