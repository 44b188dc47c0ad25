import type { FastifyBaseLogger } from 'fastify';
import { firstSelectableDeliveryDate } from '../../../domain/delivery-date.js';
import {
  type CustomerTypeRules,
  deliveryDateContext,
  type FieldError,
  messages,
  type OrderInput,
  requestedCodes,
  type ValidOrder,
  validateOrder,
} from '../../../domain/order.schema.js';
import type { OrderSaveResponse } from '../../../domain/order-view.schema.js';
import { type OrderCaller, type OrderFor, staffOrderMessages } from '../../../domain/staff-order.js';
import type { AppConfig } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import { notFound, unauthorized } from '../../lib/http-error.js';
import type { Principal } from '../../plugins/auth.js';
import { holidaysFrom } from '../calendar/delivery-dates.service.js';
import type { Mailer } from '../mail/mailer.js';
import { type OrderContext, orderContext } from './order-context.service.js';
import { orderBodyHash } from './order-fingerprint.js';

/**
 * The part POST Order and PUT Order share (design.md 7.10: "the body of POST Order, every rule
 * of POST Order"): the customer the order is for, their rules read in one round trip, and the
 * body checked against them. What happens to a valid order is each caller's.
 */

/**
 * What placing, changing and cancelling an order work with, as plain values (issue 35): the
 * route builds it from the app and the request's logger, so a test can give its own clock,
 * mailer or settings without an app.
 */
export interface OrderDeps {
  db: Db;
  /** The database as opened: placing an order takes its own connection on PostgreSQL. */
  database: Database;
  /** The clock every business rule reads. */
  now: () => Date;
  config: Pick<AppConfig, 'businessTz' | 'exportDir'>;
  mailer: Mailer;
  /** Runs work after the answer (the export's bookkeeping, the mail); close waits for it. */
  background(work: Promise<unknown>): void;
  log: FastifyBaseLogger;
}

/** An order call's answer: 201 for POST, 200 for PUT and Cancel, 422 for a broken rule. */
export type Answer<Ok extends 200 | 201 = 201> = { status: Ok | 422; body: OrderSaveResponse };

export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different order; send a new key to place a new order';

export const saved = <Ok extends 200 | 201 = 201>(orderNum: string, status: Ok = 201 as Ok): Answer<Ok> => ({
  status,
  body: { IsSuccessful: true, OrderNum: orderNum, ErrorMessage: null },
});

/**
 * The answer to a key already used: the first answer when the body is the same (or the
 * first order predates body hashes), else 422, so a client never takes another order's Web
 * Conf # for its own (decision 024).
 */
export function answerForUsedKey(
  first: { orderNum: string; bodyHash: string | null },
  bodyHash: string,
): Answer {
  if (first.bodyHash === null || first.bodyHash === bodyHash) return saved(first.orderNum);
  return { status: 422, body: { IsSuccessful: false, OrderNum: null, ErrorMessage: KEY_REUSED_MESSAGE } };
}

/** The screen's answer to an order that breaks a rule: the first message, and every field's. */
export function orderRefused(errors: FieldError[], extra: Partial<OrderSaveResponse> = {}): Answer<never> {
  return {
    status: 422,
    body: {
      IsSuccessful: false,
      OrderNum: null,
      ErrorMessage: errors[0]?.Message ?? messages.orderInvalid,
      Errors: errors,
      ...extra,
    },
  };
}

/**
 * The check placing a date of a standing order (design.md 8.6): the customer's own order, by
 * the customer's rules, with nobody signed in.
 */
export interface StandingPlacer {
  role: 'standing';
  customerId: number;
  standingOrderId: number;
}

/** Who places an order: the signed-in caller, or a standing order. */
export type Placer = Principal | StandingPlacer;

/** Who is ordering, as the domain's rule reads it. */
export function orderCaller(principal: Placer): OrderCaller {
  if (principal.role === 'admin') return { role: 'admin' };
  return {
    role: 'customer',
    customerId: principal.role === 'standing' ? principal.customerId : principal.customer.id,
  };
}

export type CheckedOrder = {
  ok: true;
  context: OrderContext & { type: CustomerTypeRules };
  order: ValidOrder;
  now: Date;
  /** `orderBodyHash` of the body when an Idempotency-Key came with it. */
  bodyHash: string | null;
};

/**
 * The customer's context (type, products they may order for the date, its holiday, an earlier
 * order with the same Idempotency-Key) and `validateOrder` on the server's clock; a refused
 * order gets 422 with the first date it could have (a late date's hint).
 */
export async function checkOrder(
  deps: Pick<OrderDeps, 'db' | 'now' | 'config' | 'log'>,
  input: { order: OrderInput; whose: Extract<OrderFor, { ok: true }>; idempotencyKey: string | null },
): Promise<CheckedOrder | { ok: false; answer: Answer<never> } | { ok: 'repeat'; answer: Answer }> {
  const { order, whose, idempotencyKey } = input;
  const refused = (answer: Answer<never>) => ({ ok: false as const, answer });
  // The customer type, an earlier answer to this key and which of the products asked for may
  // be ordered.
  const context = await orderContext(
    deps.db,
    whose.customerId,
    idempotencyKey,
    order.DeliveryDate,
    requestedCodes(order),
  );
  // A customer deleted since the guard read them; a customer staff named who does not exist.
  if (!context) throw whose.byStaff ? notFound('The customer') : unauthorized();
  const { customer, type, firstOrderNum, firstBodyHash, products, holidays } = context;
  if (!customer.isActive) {
    return refused(orderRefused([{ Field: 'CustomerId', Message: staffOrderMessages.customerInactive }]));
  }
  const bodyHash = idempotencyKey ? orderBodyHash(order) : null;
  // The key's first answer (only POST Order sends a key).
  if (firstOrderNum)
    return {
      ok: 'repeat',
      answer: answerForUsedKey({ orderNum: firstOrderNum, bodyHash: firstBodyHash }, bodyHash!),
    };
  if (!type) throw new Error(`customer ${customer.id} has no customer type ${customer.customerTypeId}`);

  const now = deps.now();
  const tz = deps.config.businessTz;
  const result = validateOrder(order, {
    now,
    tz,
    customerType: type,
    products,
    holidays,
    overrideLeadTime: whose.overrideLeadTime,
    // The liquor license (design.md 8.2): a delivery after it expired is refused on DeliveryDate.
    licenseExpires: customer.licenseExpires,
    overrideLicense: whose.overrideLicense,
  });
  if (result.ok) return { ok: true, context: { ...context, type }, order: result.order, now, bodyHash };
  const late = result.errors.some(
    (e) => e.Field === 'DeliveryDate' && e.Message === messages.deliveryDateLeadTime,
  );
  if (!late) return refused(orderRefused(result.errors));
  // The hint must skip holidays too; a refused order is rare enough for a second read.
  const ctx = deliveryDateContext({ now, tz, customerType: type, overrideLeadTime: whose.overrideLeadTime });
  const earliest = firstSelectableDeliveryDate({
    ...ctx,
    holidays: await holidaysFrom(deps.db, ctx.earliest),
  });
  deps.log.debug({ customerId: customer.id, earliest }, 'order refused: delivery date inside the lead time');
  return refused(orderRefused(result.errors, { EarliestDeliveryDate: earliest }));
}
