import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_SUBSTITUTION } from '../../../domain/availability.js';
import type { ValidOrder } from '../../../domain/order.schema.js';
import type { Database, DbOrTx, Tx } from '../../db/client.js';
import { orderDrafts, orderLines, orders } from '../../db/schema.js';
import { isUniqueViolation, pgConstraint } from '../../lib/db-errors.js';
import { type AuditActor, type AuditRecord, recordAudit } from '../audit/audit.js';
import type { OrderableProducts } from './order-context.service.js';
import type { OrderLineRow, OrderRow } from './orders.service.js';

/** POST Order's database side: the write after the rules (the read before them is order-context.service.ts). */

export async function findByIdempotencyKey(
  db: DbOrTx,
  customerId: number,
  key: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** A saved web order as the export file and the mail need it (the lines as they were inserted). */
/**
 * The ERP's order type column of a web order: `WEB`, or `STANDING` for one a standing order
 * placed (design.md 8.6), so the back office sees which orders nobody typed that day.
 */
export const webOrderType = (standingOrderId: number | null | undefined) =>
  standingOrderId ? 'STANDING' : 'WEB';

export interface SavedOrder {
  row: Pick<
    OrderRow,
    | 'id'
    | 'customerId'
    | 'orderNum'
    | 'source'
    | 'orderType'
    | 'createDate'
    | 'deliveryDate'
    | 'name'
    | 'phone'
    | 'email'
    | 'referencePo'
    | 'status'
    | 'idempotencyKey'
    | 'enteredBy'
    | 'personId'
    | 'standingOrderId'
  >;
  lines: OrderLine[];
}

export async function insertWebOrder(
  database: Database,
  input: {
    customerId: number;
    order: ValidOrder;
    productIds: OrderableProducts;
    idempotencyKey: string | null;
    /** `orderBodyHash` of the body, stored with the key (null without one). */
    idempotencyBodyHash: string | null;
    now: Date;
    /** When the first mail attempt's claim lapses (`now` + MAIL_LEASE_MS). */
    mailLeaseUntil: Date;
    /**
     * Until when the order's first export file counts as being written (`now` +
     * EXPORT_CLAIM_LEASE_MS): `markExported` ends it. A change meanwhile cannot tell a file the
     * ERP took at once from one never written, so it waits (decision 052).
     */
    exportLeaseUntil: Date;
    /**
     * Staff entering the order for the customer (design.md 7.5): who, and the audit row that
     * commits with the order (decision 040). Null for the customer's own order.
     */
    staff: { actor: AuditActor; audit: (saved: { id: number; orderNum: string }) => AuditRecord } | null;
    /**
     * The SavedAt of the customer's draft the order was sent from (decision 061), or null; a
     * staff order never has one.
     */
    draftSavedAt: string | null;
    /** The person who placed it with their own sign-in (design.md 8.2); null otherwise. */
    personId: number | null;
    /** The standing order that placed it (design.md 8.6); null otherwise. */
    standingOrderId?: number | null;
  },
): Promise<SavedOrder | null> {
  const { order } = input;
  const lines = orderLinesOf(order.ProductQuantities, input.productIds);
  const referencePo = order.ReferencePO ?? '';
  let saved: { id: number; orderNum: string } | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      saved = await database.db.transaction((tx) => saveOrder(tx, input, lines));
      break;
    } catch (err) {
      // The next Web Conf # is taken by an order that did not come from the sequence (an ERP
      // history file may carry one): move the sequence past every W number and try again.
      if (attempt >= 3 || !isUniqueViolation(err) || pgConstraint(err) !== 'orders_order_num_key') throw err;
      await database.db.execute(skipTakenOrderNums);
    }
  }
  // Sent from a draft that is no longer as it was: nothing was saved.
  if (!saved) return null;
  const row = {
    id: saved.id,
    customerId: input.customerId,
    orderNum: saved.orderNum,
    source: 'web' as const,
    orderType: webOrderType(input.standingOrderId),
    createDate: input.now,
    deliveryDate: order.DeliveryDate,
    name: order.Name,
    phone: order.Phone,
    email: order.Email,
    referencePo,
    status: 1,
    idempotencyKey: input.idempotencyKey,
    enteredBy: input.staff?.actor.userName ?? null,
    personId: input.personId,
    standingOrderId: input.standingOrderId ?? null,
  };
  return { row, lines };
}

/**
 * POST Order's write, in one transaction: the customer's draft ended as sent (design.md 7.3),
 * the order saved as Open with the next Web Conf # (decision 001) and its lines, and a staff
 * order's audit row (decision 040). Sent from a draft (its SavedAt given), the order is saved
 * only if that draft is still open as it was (decision 061): the draft's row lock makes a second
 * tab sending the same draft wait, then find it sent, and save nothing. A staff order leaves the
 * customer's draft alone: staff did not type it.
 * The order comes out claimed for its first confirmation mail (attempt 1, leased, due at once:
 * decision 016), so a process that dies before that mail leaves it to the retry round once the
 * lease lapses.
 */
async function saveOrder(
  tx: Tx,
  input: Parameters<typeof insertWebOrder>[1],
  lines: OrderLine[],
): Promise<{ id: number; orderNum: string } | undefined> {
  const { order, staff, now } = input;
  // Neither staff nor a standing order typed the customer's draft: it stays as it is.
  if (!staff && !input.standingOrderId) {
    const ended = await tx
      .update(orderDrafts)
      .set({
        state: 'sent',
        body: {},
        savedAt: sql`greatest(${now}, ${orderDrafts.savedAt} + interval '1 millisecond')`,
      })
      .where(
        and(
          eq(orderDrafts.customerId, input.customerId),
          eq(orderDrafts.state, 'open'),
          input.draftSavedAt === null
            ? undefined
            : sql`${orderDrafts.savedAt} = ${input.draftSavedAt}::timestamptz`,
        ),
      )
      .returning({ customerId: orderDrafts.customerId });
    if (input.draftSavedAt !== null && ended.length === 0) return undefined;
  }
  const [saved] = await tx
    .insert(orders)
    .values({
      customerId: input.customerId,
      orderNum: sql`'W' || nextval('web_order_num_seq')`,
      source: 'web',
      orderType: webOrderType(input.standingOrderId),
      createDate: now,
      deliveryDate: order.DeliveryDate,
      name: order.Name,
      phone: order.Phone,
      email: order.Email,
      referencePo: order.ReferencePO ?? '',
      status: 1,
      idempotencyKey: input.idempotencyKey,
      idempotencyBodyHash: input.idempotencyBodyHash,
      mailAttempts: 1,
      mailSendingUntil: input.mailLeaseUntil,
      mailNextAttemptAt: now,
      enteredBy: staff?.actor.userName ?? null,
      personId: input.personId,
      standingOrderId: input.standingOrderId ?? null,
      overrideReason: order.OverrideLeadTime || order.OverrideLicense ? order.OverrideReason : null,
      exportClaimedUntil: input.exportLeaseUntil,
    })
    .returning({ id: orders.id, orderNum: orders.orderNum });
  if (!saved) throw new Error('the order insert returned no row');
  await insertOrderLines(tx, saved.id, lines);
  if (staff) await recordAudit(tx, staff.actor, staff.audit(saved));
  return saved;
}

/** An order's line as saved: the product it is, as the customer may order it for the date. */
export type OrderLine = Omit<OrderLineRow, 'id' | 'orderId' | 'isReturn'>;

/**
 * The lines of an order's quantities, in the order given, with the products' ids and
 * descriptions, and each line's substitution: the one it carries, else the customer's
 * preference for the product (design.md 8.3).
 */
export function orderLinesOf(
  quantities: ValidOrder['ProductQuantities'],
  products: OrderableProducts,
): OrderLine[] {
  return quantities.map((line) => ({
    productId: products.get(line.Code)?.ProductId ?? null,
    code: line.Code,
    description: products.get(line.Code)?.Description ?? '',
    unitsPerCase: line.UnitsPerCase,
    caseQuantity: line.CaseQuantity,
    unitQuantity: line.UnitQuantity,
    isCaseOnly: line.IsCaseOnly,
    substitution: line.Substitution ?? products.get(line.Code)?.Substitution ?? DEFAULT_SUBSTITUTION,
  }));
}

/** Writes an order's lines (POST and PUT Order alike: a change replaces them). */
export async function insertOrderLines(tx: Tx, orderId: number, lines: OrderLine[]): Promise<void> {
  if (lines.length > 0) await tx.insert(orderLines).values(lines.map((l) => ({ orderId, ...l })));
}

/**
 * Moves the Web Conf # sequence past the highest W number any order has, when that is ahead
 * of it: only after a collision, so the scan of the orders costs nothing on the usual path.
 */
const skipTakenOrderNums = sql`
select setval('web_order_num_seq', m.n)
from (select max(substring(order_num from 2)::bigint) as n
      from orders where order_num ~ '^W[0-9]{1,18}$') m
where m.n >= (select case when is_called then last_value + 1 else last_value end from web_order_num_seq)`;
