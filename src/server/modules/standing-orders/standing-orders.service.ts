import { and, asc, eq } from 'drizzle-orm';
import { formatCompanyId } from '../../../domain/company-id.js';
import { firstSelectableDeliveryDate } from '../../../domain/delivery-date.js';
import { deliveryDateContext, validateOrder } from '../../../domain/order.schema.js';
import { orderByInstant } from '../../../domain/order-by.js';
import {
  coversDate,
  nextOccurrences,
  type StandingOrderSave,
  standingOrderMessages,
} from '../../../domain/standing-orders.js';
import type { DbOrTx } from '../../db/client.js';
import {
  standingOrderLines,
  standingOrderRuns,
  standingOrderSkips,
  standingOrders,
} from '../../db/schema.js';
import { notFound, unprocessable } from '../../lib/http-error.js';
import { type AuditActor, changesBetween, recordAudit } from '../audit/audit.js';
import { orderContext } from '../orders/order-context.service.js';
import { type Clock, customerRules, type Row } from './standing-orders.read.js';

/**
 * Standing orders as customers and staff keep them (design.md 8.6, decision 080): saved with
 * the order's own rules, deleted, skipped date by date. Reading them is standing-orders.read.ts's,
 * placing them standing-orders-check.ts's.
 */

/**
 * The body checked by the order's own rules, as the order each date would place: the products
 * the customer may order on the first date it covers, the Reference PO of reference customers,
 * the type's minimum, whole quantities; plus no Saturdays for type 1. Answers the lines to keep.
 */
async function checkedBody(db: DbOrTx, customerId: number, body: StandingOrderSave, clock: Clock) {
  const { type } = await customerRules(db, customerId);
  if (type.Id === 1 && body.Weekdays.includes(6))
    throw unprocessable(standingOrderMessages.noSaturday, [
      { Field: 'Weekdays', Message: standingOrderMessages.noSaturday },
    ]);
  const schedule = { Weekdays: body.Weekdays, StartDate: body.StartDate, EndDate: body.EndDate };
  const first =
    nextOccurrences(schedule, type, { ...clock, holidays: new Map() }, 1)[0]?.date ??
    firstSelectableDeliveryDate(deliveryDateContext({ ...clock, customerType: type }));
  const codes = [...new Set(body.Lines.map((l) => l.Code))];
  const context = await orderContext(db, customerId, null, first, codes);
  if (!context?.type) throw notFound('The customer');
  const result = validateOrder(
    {
      DeliveryDate: first,
      Name: body.Name,
      Phone: body.Phone,
      Email: body.Email,
      ReferencePO: body.ReferencePO,
      ProductQuantities: body.Lines,
    },
    { now: clock.now, tz: clock.tz, customerType: context.type, products: context.products },
  );
  if (!result.ok) {
    const errors = result.errors.map((e) => ({
      Field: e.Field.replace(/^ProductQuantities/, 'Lines'),
      Message:
        e.Message === 'Order must contain at least one product with a quantity'
          ? standingOrderMessages.linesRequired
          : e.Message,
    }));
    throw unprocessable(errors[0]!.Message, errors);
  }
  return {
    referencePo: result.order.ReferencePO ?? '',
    lines: result.order.ProductQuantities.map((l, position) => ({
      position,
      code: l.Code,
      caseQuantity: l.CaseQuantity,
      unitQuantity: l.UnitQuantity,
    })),
  };
}

/** The fields of a standing order as the audit trail compares them. */
const auditShape = (row: Row, lines: { code: string; caseQuantity: number; unitQuantity: number }[]) => ({
  Weekdays: row.weekdays.join(','),
  Lines: lines.map((l) => `${l.code} ${l.caseQuantity}/${l.unitQuantity}`).join(', '),
  Name: row.name,
  Phone: row.phone,
  Email: row.email,
  ReferencePO: row.referencePo,
  StartDate: row.startDate,
  EndDate: row.endDate,
});

async function linesOf(db: DbOrTx, id: number) {
  return db
    .select()
    .from(standingOrderLines)
    .where(eq(standingOrderLines.standingOrderId, id))
    .orderBy(asc(standingOrderLines.position));
}

/**
 * POST Customer/{id}/StandingOrders (`id` null) and PUT StandingOrder/{id}: checked, then saved
 * with its lines in one transaction, with the audit row when staff saved it. A change applies to
 * the dates not yet placed; an order already placed stays as it is (it is changed as an order).
 */
export async function saveStandingOrder(
  db: DbOrTx,
  input: {
    customerId: number;
    existing: Row | null;
    body: StandingOrderSave;
    savedBy: string;
    actor: AuditActor | null;
    clock: Clock;
  },
): Promise<Row> {
  const { customerId, existing, body, clock } = input;
  const { referencePo, lines } = await checkedBody(db, customerId, body, clock);
  const values = {
    customerId,
    weekdays: body.Weekdays,
    name: body.Name,
    phone: body.Phone,
    email: body.Email,
    referencePo,
    startDate: body.StartDate,
    endDate: body.EndDate,
    savedBy: input.savedBy,
    savedAt: clock.now,
  };
  return db.transaction(async (tx) => {
    const beforeLines = existing ? await linesOf(tx, existing.id) : [];
    const [row] = existing
      ? await tx.update(standingOrders).set(values).where(eq(standingOrders.id, existing.id)).returning()
      : await tx.insert(standingOrders).values(values).returning();
    if (!row) throw notFound('The standing order');
    await tx.delete(standingOrderLines).where(eq(standingOrderLines.standingOrderId, row.id));
    await tx.insert(standingOrderLines).values(lines.map((l) => ({ ...l, standingOrderId: row.id })));
    if (input.actor) {
      const customer = await customerRules(tx, customerId);
      await recordAudit(tx, input.actor, {
        action: existing ? 'Update' : 'Create',
        entity: 'StandingOrder',
        entityId: row.id,
        summary: `${existing ? 'Changed' : 'Added'} standing order ${row.id} for customer ${formatCompanyId(customer.companyId)} ${customer.name}`,
        changes: changesBetween(existing ? auditShape(existing, beforeLines) : null, auditShape(row, lines)),
      });
    }
    return row;
  });
}

/** DELETE StandingOrder/{id}: its orders stay as placed; nothing more is placed. */
export async function deleteStandingOrder(db: DbOrTx, row: Row, actor: AuditActor | null): Promise<void> {
  await db.transaction(async (tx) => {
    const beforeLines = await linesOf(tx, row.id);
    await tx.delete(standingOrders).where(eq(standingOrders.id, row.id));
    if (actor) {
      const customer = await customerRules(tx, row.customerId);
      await recordAudit(tx, actor, {
        action: 'Delete',
        entity: 'StandingOrder',
        entityId: row.id,
        summary: `Deleted standing order ${row.id} for customer ${formatCompanyId(customer.companyId)} ${customer.name}`,
        changes: changesBetween(auditShape(row, beforeLines), null),
      });
    }
  });
}

/**
 * POST StandingOrder/{id}/Skip: skips a date it covers whose cutoff is ahead, or takes the skip
 * back. A date already placed is changed or cancelled as an order instead.
 */
export async function skipDate(
  db: DbOrTx,
  row: Row,
  input: { date: string; skipped: boolean; actor: AuditActor | null; clock: Clock },
): Promise<void> {
  const { date, clock } = input;
  const { type, companyId, name } = await customerRules(db, row.customerId);
  const schedule = { Weekdays: row.weekdays, StartDate: row.startDate, EndDate: row.endDate };
  const refuse = (message: string) => unprocessable(message, [{ Field: 'Date', Message: message }]);
  if (!coversDate(schedule, date, type.Id)) throw refuse(standingOrderMessages.skipNotADate);
  if (orderByInstant(date, type, clock.tz) <= clock.now) throw refuse(standingOrderMessages.skipPassed);
  await db.transaction(async (tx) => {
    const [run] = await tx
      .select({ outcome: standingOrderRuns.outcome })
      .from(standingOrderRuns)
      .where(and(eq(standingOrderRuns.standingOrderId, row.id), eq(standingOrderRuns.deliveryDate, date)));
    if (run && run.outcome !== 'skipped') throw refuse(standingOrderMessages.skipPlaced);
    if (input.skipped)
      await tx
        .insert(standingOrderSkips)
        .values({ standingOrderId: row.id, deliveryDate: date })
        .onConflictDoNothing();
    else
      await tx
        .delete(standingOrderSkips)
        .where(
          and(eq(standingOrderSkips.standingOrderId, row.id), eq(standingOrderSkips.deliveryDate, date)),
        );
    if (input.actor)
      await recordAudit(tx, input.actor, {
        action: 'Update',
        entity: 'StandingOrder',
        entityId: row.id,
        summary: `${input.skipped ? 'Skipped' : 'Took back the skip of'} ${date} of standing order ${row.id} for customer ${formatCompanyId(companyId)} ${name}`,
        changes: [{ Field: `Skipped ${date}`, Before: !input.skipped, After: input.skipped }],
      });
  });
}
