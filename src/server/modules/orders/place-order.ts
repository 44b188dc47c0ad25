import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { casesInAll, casesToOneDecimal, meetsMinimum } from '../../../domain/order-minimum.js';
import type { OrderSaveResponse } from '../../../domain/order-view.schema.js';
import { type OrderCaller, orderFor, staffOrderMessages } from '../../../domain/staff-order.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { forbidden, notFound, unauthorized } from '../../lib/http-error.js';
import type { Principal } from '../../plugins/auth.js';
import { auditActor } from '../audit/audit.js';
import { holidaysFrom } from '../calendar/delivery-dates.service.js';
import { sendConfirmation } from '../mail/confirmation.js';
import { MAIL_LEASE_MS } from '../mail/mail-retry.service.js';
import { markExported, writeOrderExportFile } from './order-export.js';
import { orderBodyHash } from './order-fingerprint.js';
import { findByIdempotencyKey, insertWebOrder, orderContext, type SavedOrder } from './order-save.service.js';
import { toOrderDetail } from './orders.service.js';
import { type Overridden, staffOrderAudit } from './staff-order-audit.js';

type Answer = { status: 201 | 422; body: OrderSaveResponse };

const saved = (orderNum: string): Answer => ({
  status: 201,
  body: { IsSuccessful: true, OrderNum: orderNum, ErrorMessage: null },
});

export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different order; send a new key to place a new order';

/**
 * The answer to a key already used: the first answer when the body is the same (or the
 * first order predates body hashes), else 422, so a client never takes another order's Web
 * Conf # for its own (decision 024).
 */
function answerForUsedKey(first: { orderNum: string; bodyHash: string | null }, bodyHash: string): Answer {
  if (first.bodyHash === null || first.bodyHash === bodyHash) return saved(first.orderNum);
  return { status: 422, body: { IsSuccessful: false, OrderNum: null, ErrorMessage: KEY_REUSED_MESSAGE } };
}

/** The screen's answer to an order that breaks a rule: the first message, and every field's. */
export function orderRefused(errors: FieldError[], extra: Partial<OrderSaveResponse> = {}): Answer {
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
 * What staff's override let through, for the audit row (decision 050): the date inside the
 * customer's lead time, and the order below the type's minimum.
 */
function overridden(order: ValidOrder, type: CustomerTypeRules, now: Date, tz: string): Overridden {
  if (!order.OverrideLeadTime) return { leadTime: false, minimum: null };
  const minimum = type.MinimumCases ?? 0;
  const cases = casesInAll(order.ProductQuantities);
  return {
    leadTime: order.DeliveryDate < deliveryDateContext({ now, tz, customerType: type }).earliest,
    minimum: meetsMinimum(cases, minimum) ? null : { cases: minimum, has: casesToOneDecimal(cases) },
  };
}

/** Who is ordering, as the domain's rule reads it. */
export function orderCaller(principal: Principal): OrderCaller {
  return principal.role === 'customer'
    ? { role: 'customer', customerId: principal.customer.id }
    : { role: 'admin' };
}

/**
 * POST Order, once the route's schema has checked the body's shape and the guard the
 * account: whose order it is (the signed-in customer's own, or the customer staff name:
 * design.md 7.5), that customer's rules (lead time and cutoff, Reference PO, the products they
 * may order; staff may override the lead time with a reason), then the order is saved, with
 * the audit row of a staff order in its transaction. It is committed before the export file
 * and the mail are tried, so neither failing can lose it (design.md 5.5, 5.6). A retry with
 * the same Idempotency-Key and body gets the first answer; the key with another body gets 422.
 */
export async function placeOrder(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { order: OrderInput; idempotencyKey: string | null },
): Promise<Answer> {
  const { order, idempotencyKey } = input;
  const log = request.log;
  if (!request.principal) throw unauthorized();
  const whose = orderFor(orderCaller(request.principal), order);
  if (!whose.ok && whose.refusal === 'forbidden') throw forbidden(whose.Message);
  if (!whose.ok) return orderRefused([{ Field: whose.Field, Message: whose.Message }]);
  // The customer type, an earlier answer to this key and which of the products asked for may
  // be ordered: one round trip.
  const context = await orderContext(
    app.database,
    whose.customerId,
    idempotencyKey,
    order.DeliveryDate,
    requestedCodes(order),
  );
  // A customer deleted since the guard read them; a customer staff named who does not exist.
  if (!context) throw whose.byStaff ? notFound('The customer') : unauthorized();
  const { customer, type, firstOrderNum, firstBodyHash, products, holidays } = context;
  if (!customer.isActive) {
    return orderRefused([{ Field: 'CustomerId', Message: staffOrderMessages.customerInactive }]);
  }
  const bodyHash = idempotencyKey ? orderBodyHash(order) : null;
  if (firstOrderNum) return answerForUsedKey({ orderNum: firstOrderNum, bodyHash: firstBodyHash }, bodyHash!);
  if (!type) throw new Error(`customer ${customer.id} has no customer type ${customer.customerTypeId}`);

  const now = app.now();
  const result = validateOrder(order, {
    now,
    tz: app.config.businessTz,
    customerType: type,
    products,
    holidays,
    overrideLeadTime: whose.overrideLeadTime,
  });
  if (!result.ok) {
    const late = result.errors.some(
      (e) => e.Field === 'DeliveryDate' && e.Message === messages.deliveryDateLeadTime,
    );
    // The hint must skip holidays too; a refused order is rare enough for a second read.
    const earliest = async () => {
      const ctx = deliveryDateContext({
        now,
        tz: app.config.businessTz,
        customerType: type,
        overrideLeadTime: whose.overrideLeadTime,
      });
      return firstSelectableDeliveryDate({ ...ctx, holidays: await holidaysFrom(app.db, ctx.earliest) });
    };
    return orderRefused(result.errors, late ? { EarliestDeliveryDate: await earliest() } : {});
  }

  let row: SavedOrder['row'];
  let lines: SavedOrder['lines'];
  try {
    ({ row, lines } = await insertWebOrder(app.database, {
      customerId: customer.id,
      order: result.order,
      productIds: products,
      idempotencyKey,
      idempotencyBodyHash: bodyHash,
      now,
      mailLeaseUntil: new Date(now.getTime() + MAIL_LEASE_MS),
      staff: whose.byStaff
        ? {
            actor: auditActor(request, () => now),
            audit: staffOrderAudit(
              customer,
              result.order,
              overridden(result.order, type, now, app.config.businessTz),
            ),
          }
        : null,
    }));
  } catch (err) {
    // Two requests with one key at once: the unique index let one through; answer as it did
    // when the body is the same.
    const first =
      idempotencyKey && isUniqueViolation(err)
        ? await findByIdempotencyKey(app.db, customer.id, idempotencyKey)
        : null;
    if (first)
      return answerForUsedKey({ orderNum: first.orderNum, bodyHash: first.idempotencyBodyHash }, bodyHash!);
    throw err;
  }
  log.info({ orderNum: row.orderNum, customerId: customer.id, enteredBy: row.enteredBy }, 'order placed');

  // Everything the file and the mail need is in hand: no need to read the order back.
  const detail = toOrderDetail({ ...row, companyId: customer.companyId, customerName: customer.name }, lines);
  // The file is written before the answer: once the customer has a Web Conf #, the ERP's copy
  // exists (decision 017). Recording when is bookkeeping, done after the answer.
  try {
    await writeOrderExportFile(app.config.exportDir, detail, app.config.businessTz);
    app.background(
      markExported(app.db, row.id, now).catch((err) => {
        log.error(
          { err, orderNum: row.orderNum },
          'order file written but not recorded as exported; Regenerate Orders lists it as not exported',
        );
      }),
    );
  } catch (err) {
    log.error(
      { err, orderNum: row.orderNum },
      'order saved but its back-office file could not be written; Regenerate Orders will write it',
    );
  }
  // The mail goes out after the answer: a slow or refusing mail server must not hold the customer.
  app.background(
    sendConfirmation(app, detail, app.now()).catch((err) => {
      log.error(
        { err, orderNum: row.orderNum, to: detail.Email },
        'order saved but its confirmation mail could not be sent',
      );
    }),
  );
  return saved(row.orderNum);
}
