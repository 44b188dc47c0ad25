import { isAfterLicense } from '../../../domain/license.js';
import {
  type CustomerTypeRules,
  deliveryDateContext,
  type OrderInput,
  type ValidOrder,
} from '../../../domain/order.schema.js';
import { casesInAll, casesToOneDecimal, meetsMinimum } from '../../../domain/order-minimum.js';
import { orderFor } from '../../../domain/staff-order.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { forbidden } from '../../lib/http-error.js';
import { ordersCounter } from '../../lib/metrics.js';
import { auditActor } from '../audit/audit.js';
import { draftConflict } from '../drafts/drafts.service.js';
import { sendConfirmation } from '../mail/confirmation.js';
import { MAIL_LEASE_MS } from '../mail/mail-retry.service.js';
import { EXPORT_CLAIM_LEASE_MS } from './export-claim.js';
import {
  type Answer,
  answerForUsedKey,
  checkOrder,
  type OrderDeps,
  orderCaller,
  orderRefused,
  type Placer,
  saved,
} from './order-check.js';
import { endExportLease, markExported, writeOrderExportFile } from './order-export.js';
import { findByIdempotencyKey, insertWebOrder, type SavedOrder } from './order-save.service.js';
import { toOrderDetail } from './orders.service.js';

export { KEY_REUSED_MESSAGE } from './order-check.js';

import { type Overridden, staffOrderAudit } from './staff-order-audit.js';

/**
 * What staff's overrides let through, for the audit row (decisions 050, 067): the date inside
 * the customer's lead time, the order below the type's minimum, the delivery after the
 * customer's license expired.
 */
export function overridden(
  order: ValidOrder,
  type: CustomerTypeRules,
  now: Date,
  tz: string,
  licenseExpires: string | null = null,
): Overridden {
  const license =
    order.OverrideLicense && isAfterLicense(order.DeliveryDate, licenseExpires) ? licenseExpires : null;
  if (!order.OverrideLeadTime) return { leadTime: false, minimum: null, license };
  const minimum = type.MinimumCases ?? 0;
  const cases = casesInAll(order.ProductQuantities);
  return {
    leadTime: order.DeliveryDate < deliveryDateContext({ now, tz, customerType: type }).earliest,
    minimum: meetsMinimum(cases, minimum) ? null : { cases: minimum, has: casesToOneDecimal(cases) },
    license,
  };
}

/**
 * POST Order, once the route's schema has checked the body's shape and the guard the
 * account: whose order it is (the signed-in customer's own, or the customer staff name:
 * design.md 7.5), that customer's rules (lead time and cutoff, Reference PO, the products they
 * may order; staff may override the lead time with a reason), then the order is saved, with
 * the audit row of a staff order in its transaction. It is committed before the export file
 * and the mail are tried, so neither failing can lose it (design.md 5.5, 5.6). A retry with
 * the same Idempotency-Key and body gets the first answer; the key with another body gets 422.
 * An order sent from a draft (`BaseSavedAt`) is placed only while that draft is as it was.
 */
export async function placeOrder(
  deps: OrderDeps,
  input: { principal: Placer; order: OrderInput; idempotencyKey: string | null },
): Promise<Answer> {
  const { principal, order, idempotencyKey } = input;
  const { db, config, log } = deps;
  const whose = orderFor(orderCaller(principal), order);
  if (!whose.ok && whose.refusal === 'forbidden') throw forbidden(whose.Message);
  if (!whose.ok) return orderRefused([{ Field: whose.Field, Message: whose.Message }]);
  const checked = await checkOrder(deps, { order, whose, idempotencyKey });
  if (checked.ok !== true) return checked.answer;
  const { context, now, bodyHash } = checked;
  const { customer, type, products } = context;

  let placed: SavedOrder | null;
  try {
    placed = await insertWebOrder(deps.database, {
      customerId: customer.id,
      order: checked.order,
      productIds: products,
      idempotencyKey,
      idempotencyBodyHash: bodyHash,
      now,
      mailLeaseUntil: new Date(now.getTime() + MAIL_LEASE_MS),
      exportLeaseUntil: new Date(now.getTime() + EXPORT_CLAIM_LEASE_MS),
      staff: whose.byStaff
        ? {
            actor: auditActor(principal.role === 'admin' ? principal : null, () => now),
            audit: staffOrderAudit(
              customer,
              checked.order,
              overridden(checked.order, type, now, config.businessTz, customer.licenseExpires),
            ),
          }
        : null,
      draftSavedAt: order.BaseSavedAt ?? null,
      personId: principal.role === 'customer' ? (principal.person?.id ?? null) : null,
      standingOrderId: principal.role === 'standing' ? principal.standingOrderId : null,
    });
  } catch (err) {
    // Two requests with one key at once: the unique index let one through; answer as it did
    // when the body is the same.
    const first =
      idempotencyKey && isUniqueViolation(err)
        ? await findByIdempotencyKey(db, customer.id, idempotencyKey)
        : null;
    if (first)
      return answerForUsedKey({ orderNum: first.orderNum, bodyHash: first.idempotencyBodyHash }, bodyHash!);
    throw err;
  }
  // Sent from a draft that another tab or device changed, sent or discarded since: refused
  // (409), so one draft never becomes two orders (decision 061).
  if (!placed) throw await draftConflict(db, customer.id);
  const { row, lines } = placed;
  log.info({ orderNum: row.orderNum, customerId: customer.id, enteredBy: row.enteredBy }, 'order placed');
  ordersCounter.inc({ action: 'placed' });

  // Everything the file and the mail need is in hand: no need to read the order back (the
  // mail's prices come with its claim).
  const detail = toOrderDetail(
    {
      ...row,
      companyId: customer.companyId,
      customerName: customer.name,
      paymentTerms: customer.paymentTerms,
      personName: principal.role === 'customer' ? (principal.person?.name ?? null) : null,
      changedAt: null,
      changeableUntil: null,
    },
    lines,
  );
  // The file is written before the answer: once the customer has a Web Conf #, the ERP's copy
  // exists (decision 017). Recording when is bookkeeping, done after the answer.
  try {
    await writeOrderExportFile(config.exportDir, detail, config.businessTz);
    deps.background(
      markExported(db, row.id, now).catch((err) => {
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
    // No file is on its way: a change or Regenerate Orders may write the first one at once.
    deps.background(endExportLease(db, row.id).catch((e) => log.error({ err: e }, 'export lease not ended')));
  }
  // The mail goes out after the answer: a slow or refusing mail server must not hold the customer.
  deps.background(
    sendConfirmation(deps, detail, deps.now()).catch((err) => {
      log.error(
        { err, orderNum: row.orderNum, to: detail.Email },
        'order saved but its confirmation mail could not be sent',
      );
    }),
  );
  return saved(row.orderNum);
}
