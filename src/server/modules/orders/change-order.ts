import { and, asc, eq } from 'drizzle-orm';
import { OrderStatus, orderStatusName } from '../../../domain/enums.js';
import type { OrderInput, ValidOrder } from '../../../domain/order.schema.js';
import { changeMessages, changeWindow } from '../../../domain/order-change.js';
import { orderFor } from '../../../domain/staff-order.js';
import { customers, customerTypes, orderLines, orders } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../lib/http-error.js';
import { ordersCounter } from '../../lib/metrics.js';
import type { Principal } from '../../plugins/auth.js';
import { fieldErrors } from '../../plugins/errors.js';
import { type AuditActor, auditActor, recordAudit } from '../audit/audit.js';
import { sendConfirmation } from '../mail/confirmation.js';
import { MAIL_LEASE_MS } from '../mail/mail-retry.service.js';
import { claimExportFile, EXPORT_CLAIM_LEASE_MS, settleExportClaim, undoClaim } from './export-claim.js';
import { type Answer, checkOrder, type OrderDeps, orderCaller, orderRefused, saved } from './order-check.js';
import type { OrderableProducts } from './order-context.service.js';
import { insertOrderLines, orderLinesOf } from './order-save.service.js';
import { getOrderDetail } from './orders.service.js';
import { overridden } from './place-order.js';
import { type OrderShape, productsValue, staffChangeAudit } from './staff-order-audit.js';

/**
 * Change and cancel before the cutoff (design.md 7.10, decision 052), top to bottom: whose
 * order (another customer's answers as an unknown id), the window, the new body's rules; then
 * one transaction with the row locked: the window again, the export file claimed by a rename,
 * the new version (or Status Cancelled), the audit row of a staff change, the claim's lease;
 * after the commit the file is settled from the database and the mail goes out again.
 */

/** The order a change is about, its customer and their type's cutoff rules. */
async function changeTarget(deps: OrderDeps, p: Principal, id: number) {
  const [row] = await deps.db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      orderNum: orders.orderNum,
      source: orders.source,
      status: orders.status,
      deliveryDate: orders.deliveryDate,
      companyId: customers.companyId,
      name: customers.name,
      leadHours: customerTypes.leadHours,
      cutoffHours: customerTypes.cutoffHours,
      cutoffMinutes: customerTypes.cutoffMinutes,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(customerTypes, eq(customerTypes.id, customers.customerTypeId))
    .where(and(eq(orders.id, id), p.role === 'customer' ? eq(orders.customerId, p.customer.id) : undefined));
  if (!row) throw notFound('The order');
  const rules = { LeadHours: row.leadHours, CutoffHours: row.cutoffHours, CutoffMinutes: row.cutoffMinutes };
  assertWindowOpen(row, rules, deps.now(), deps.config.businessTz);
  return { ...row, rules };
}

type WindowRow = { orderNum: string; source: string; status: number; deliveryDate: string };

function assertWindowOpen(row: WindowRow, rules: Parameters<typeof changeWindow>[1], now: Date, tz: string) {
  const window = changeWindow(
    {
      OrderNum: row.orderNum,
      DeliveryDate: row.deliveryDate,
      Source: row.source === 'web' ? 'web' : 'erp',
      Status: row.status,
    },
    rules,
    now,
    tz,
  );
  if (!window.open) throw conflict(window.message);
}

/** PUT Order/{id}: the order replaced by the body, under every rule of POST Order. */
export async function changeOrder(
  deps: OrderDeps,
  /** `invalid`: the route schema's verdict on the body, told after whose order and the window. */
  input: { principal: Principal; id: number; order: OrderInput; invalid: Error | undefined },
): Promise<Answer<200>> {
  const { principal } = input;
  const target = await changeTarget(deps, principal, input.id);
  // The body as sent: it may be anything until the schema's verdict is told.
  const sent: unknown = input.order;
  const named =
    typeof sent === 'object' && sent !== null ? (sent as { CustomerId?: unknown }).CustomerId : null;
  // A customer's staff fields are refused first, as POST Order refuses them (decision 009).
  const whose = orderFor(orderCaller(principal), { ...input.order, CustomerId: target.customerId });
  if (!whose.ok && whose.refusal === 'forbidden') throw forbidden(whose.Message);
  if (named !== undefined && named !== null && named !== target.customerId)
    return orderRefused([{ Field: 'CustomerId', Message: changeMessages.otherCustomer }]);
  if (input.invalid) return orderRefused(fieldErrors(input.invalid));
  if (!whose.ok) return orderRefused([{ Field: whose.Field, Message: whose.Message }]);
  const checked = await checkOrder(deps, { order: input.order, whose, idempotencyKey: null });
  if (checked.ok === false) return checked.answer;
  if (checked.ok === 'repeat') throw new Error('PUT Order sends no Idempotency-Key');
  const { context, now } = checked;
  const staff = whose.byStaff
    ? {
        actor: auditActor(principal, () => now),
        override: {
          order: checked.order,
          overridden: overridden(
            checked.order,
            context.type,
            now,
            deps.config.businessTz,
            context.customer.licenseExpires,
          ),
        },
      }
    : null;
  const change = { kind: 'change' as const, order: checked.order, products: context.products, staff };
  return commitChange(deps, target, change, now);
}

/** POST Order/{id}/Cancel: Status Cancelled, the file removed, the mail marked Cancelled. */
export async function cancelOrder(
  deps: OrderDeps,
  input: { principal: Principal; id: number },
): Promise<Answer<200>> {
  const { principal } = input;
  const target = await changeTarget(deps, principal, input.id);
  const now = deps.now();
  const staff =
    principal.role === 'admin' ? { actor: auditActor(principal, () => now), override: null } : null;
  return commitChange(deps, target, { kind: 'cancel', staff }, now);
}

type Change =
  | { kind: 'change'; order: ValidOrder; products: OrderableProducts; staff: Staff }
  | { kind: 'cancel'; staff: Staff };
type Staff = {
  actor: AuditActor;
  override: { order: ValidOrder; overridden: ReturnType<typeof overridden> } | null;
} | null;

async function commitChange(
  deps: OrderDeps,
  target: Awaited<ReturnType<typeof changeTarget>>,
  change: Change,
  now: Date,
): Promise<Answer<200>> {
  const { db, log } = deps;
  const { exportDir, businessTz: tz } = deps.config;
  const { orderNum } = target;
  const version = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, target.id)).for('update');
    if (!row) throw notFound('The order');
    // Another change may have committed while this one waited for the lock.
    assertWindowOpen(row, target.rules, now, tz);
    const writing = !!row.exportClaimedUntil && row.exportClaimedUntil.getTime() > now.getTime();
    const claim = await claimExportFile(exportDir, orderNum, row.exportedAt, writing);
    if (claim === 'taken') throw conflict(changeMessages.withDistributor(orderNum));
    if (claim === 'writing') throw conflict(changeMessages.beingSent(orderNum));
    try {
      const lines = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, row.id))
        .orderBy(asc(orderLines.id));
      const before: OrderShape = {
        DeliveryDate: row.deliveryDate,
        Name: row.name,
        Phone: row.phone,
        Email: row.email,
        ReferencePO: row.referencePo,
        Products: productsValue(lines),
        Status: orderStatusName(row.status),
      };
      let after: OrderShape = { ...before, Status: orderStatusName(OrderStatus.Cancelled) };
      const mail = {
        mailedAt: null,
        mailAttempts: 1,
        mailSendingUntil: new Date(now.getTime() + MAIL_LEASE_MS),
        mailNextAttemptAt: now,
        mailError: null,
      };
      // ChangedAt is the version a mail and its Message-ID are of: later than the version
      // before it even within one millisecond (or on a clock that stands still), so that each
      // committed version is mailed once (issue 32).
      const changedAt =
        row.changedAt && row.changedAt.getTime() >= now.getTime()
          ? new Date(row.changedAt.getTime() + 1)
          : now;
      const lease = { changedAt, exportClaimedUntil: new Date(now.getTime() + EXPORT_CLAIM_LEASE_MS) };
      if (change.kind === 'cancel') {
        await tx
          .update(orders)
          .set({ status: OrderStatus.Cancelled, ...lease, ...mail })
          .where(eq(orders.id, row.id));
      } else {
        const o = change.order;
        const referencePo = o.ReferencePO ?? '';
        await tx
          .update(orders)
          .set({
            deliveryDate: o.DeliveryDate,
            name: o.Name,
            phone: o.Phone,
            email: o.Email,
            referencePo,
            ...(o.OverrideLeadTime || o.OverrideLicense ? { overrideReason: o.OverrideReason } : {}),
            ...lease,
            ...mail,
          })
          .where(eq(orders.id, row.id));
        await tx.delete(orderLines).where(eq(orderLines.orderId, row.id));
        await insertOrderLines(tx, row.id, orderLinesOf(o.ProductQuantities, change.products));
        after = {
          DeliveryDate: o.DeliveryDate,
          Name: o.Name,
          Phone: o.Phone,
          Email: o.Email,
          ReferencePO: referencePo,
          Products: productsValue(
            o.ProductQuantities.map((l) => ({
              code: l.Code,
              caseQuantity: l.CaseQuantity,
              unitQuantity: l.UnitQuantity,
            })),
          ),
          Status: before.Status,
        };
      }
      if (change.staff) {
        await recordAudit(
          tx,
          change.staff.actor,
          staffChangeAudit(target, { id: row.id, orderNum }, before, after, change.staff.override),
        );
      }
      return changedAt;
    } catch (err) {
      // Not committed: the claim this change made goes back as it was, while the row is locked.
      if (claim === 'claimed' || claim === 'first') await undoClaim(exportDir, orderNum, claim);
      throw err;
    }
  });
  log.info({ orderNum, change: change.kind, by: change.staff?.actor.userName ?? null }, 'order changed');
  ordersCounter.inc({ action: change.kind === 'cancel' ? 'cancelled' : 'changed' });
  // The file from the database as it now stands; should this fail, the claim's lease lapses and
  // the recovery sweep writes it (decision 052).
  try {
    await settleExportClaim(db, { exportDir, tz, now }, orderNum, true);
  } catch (err) {
    log.error({ err, orderNum }, 'order changed but its back-office file could not be settled yet');
  }
  const detail = await getOrderDetail(db, { id: target.id });
  // A change committed after this one is mailed by its own request, not by this one.
  if (detail.ChangedAt === null || Date.parse(detail.ChangedAt) !== version.getTime()) {
    log.info({ orderNum }, 'order changed again before its mail went out: the later change mails it');
    return saved(orderNum, 200);
  }
  deps.background(
    sendConfirmation(deps, detail, deps.now()).catch((err) => {
      log.error({ err, orderNum, to: detail.Email }, 'order changed but its mail could not be sent');
    }),
  );
  return saved(orderNum, 200);
}
