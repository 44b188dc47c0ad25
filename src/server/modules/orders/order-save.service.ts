import { and, eq } from 'drizzle-orm';
import type { ValidOrder } from '../../../domain/order.schema.js';
import type { Database, DbOrTx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { isUniqueViolation, pgConstraint } from '../../lib/db-errors.js';
import { type AuditActor, type AuditRecord, recordAudit } from '../audit/audit.js';
import type { OrderLineRow, OrderRow } from './orders.service.js';
import { runStatement, runStatementInTransaction, type Statement } from './statements.js';

/** POST Order's database side (decision 017): one insert after the rules (the read before them is order-context.service.ts). */

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

/**
 * Saves a web order as Open with the next Web Conf # (from the sequence in the same statement,
 * decision 001) and its lines, in one statement, so it is atomic without a transaction's
 * extra round trips; the customer's draft (design.md 7.3) is deleted in it too. The lines go
 * in as arrays, one element per line, in the order given.
 * The order comes out claimed for its first confirmation mail (attempt 1, leased until $16,
 * due at once: decision 016), so a process that dies before that mail leaves it to the retry
 * round once the lease lapses, and the first attempt needs no claim statement of its own.
 * A staff order (design.md 7.5) records who entered it ($18) and the override's reason ($19),
 * and leaves the customer's draft alone: it is the customer's, and staff did not type it.
 * An order sent from a draft ($21) and refused by it returns no row (decision 061).
 */
const insertOrderStatement: Statement = {
  name: 'insert_web_order',
  text: `
with draft as (
  -- The customer's draft is this order now (design.md 7.3): ended as sent, only if the order is
  -- saved. Sent from a draft (its SavedAt given), the order is saved only if that draft is still
  -- open as it was (decision 061): a second tab sending the same draft, or one changed since,
  -- inserts nothing. The row lock makes two at once wait for each other.
  update order_drafts
  set state = 'sent', body = '{}'::jsonb,
      saved_at = greatest($2::timestamptz, saved_at + interval '1 millisecond')
  where customer_id = $1 and $18::text is null and state = 'open'
    and ($21::timestamptz is null or saved_at = $21::timestamptz)
  returning customer_id
), saved as (
  insert into orders (customer_id, order_num, source, order_type, create_date, delivery_date,
                      name, phone, email, reference_po, status, idempotency_key,
                      idempotency_body_hash, mail_attempts, mail_sending_until, mail_next_attempt_at,
                      entered_by, override_reason, export_claimed_until)
  select $1, 'W' || nextval('web_order_num_seq'), 'web', 'WEB', $2, $3, $4, $5, $6, $7, 1, $8,
         $17, 1, $16, $2, $18, $19, $20
  where $21::timestamptz is null or exists (select from draft)
  returning id, order_num
), lines as (
  insert into order_lines (order_id, product_id, code, description, units_per_case,
                           case_quantity, unit_quantity, is_case_only)
  select saved.id, l.product_id, l.code, l.description, l.units_per_case,
         l.case_quantity, l.unit_quantity, l.is_case_only
  from saved,
    unnest($9::int[], $10::text[], $11::text[], $12::int[], $13::int[], $14::int[], $15::boolean[])
      with ordinality as l(product_id, code, description, units_per_case, case_quantity, unit_quantity, is_case_only, n)
  order by l.n
)
select id, order_num as "orderNum" from saved`,
};

/**
 * Moves the Web Conf # sequence past the highest W number any order has, when that is ahead
 * of it: only after a collision, so the scan of the orders costs nothing on the usual path.
 */
const skipTakenOrderNumsStatement: Statement = {
  name: 'skip_taken_web_order_nums',
  text: `
select setval('web_order_num_seq', m.n)
from (select max(substring(order_num from 2)::bigint) as n
      from orders where order_num ~ '^W[0-9]{1,18}$') m
where m.n >= (select case when is_called then last_value + 1 else last_value end from web_order_num_seq)`,
};

/** A saved web order as the export file and the mail need it (the lines as they were inserted). */
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
  >;
  lines: Omit<OrderLineRow, 'id' | 'orderId'>[];
}

export async function insertWebOrder(
  database: Database,
  input: {
    customerId: number;
    order: ValidOrder;
    productIds: Map<string, { ProductId: number; Description: string }>;
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
  },
): Promise<SavedOrder | null> {
  const { order } = input;
  const lines = order.ProductQuantities.map((line) => ({
    productId: input.productIds.get(line.Code)?.ProductId ?? null,
    code: line.Code,
    description: input.productIds.get(line.Code)?.Description ?? '',
    unitsPerCase: line.UnitsPerCase,
    caseQuantity: line.CaseQuantity,
    unitQuantity: line.UnitQuantity,
    isCaseOnly: line.IsCaseOnly,
  }));
  const referencePo = order.ReferencePO ?? '';
  const params = [
    input.customerId,
    input.now,
    order.DeliveryDate,
    order.Name,
    order.Phone,
    order.Email,
    referencePo,
    input.idempotencyKey,
    lines.map((l) => l.productId),
    lines.map((l) => l.code),
    lines.map((l) => l.description),
    lines.map((l) => l.unitsPerCase),
    lines.map((l) => l.caseQuantity),
    lines.map((l) => l.unitQuantity),
    lines.map((l) => l.isCaseOnly),
    input.mailLeaseUntil,
    input.idempotencyBodyHash,
    input.staff?.actor.userName ?? null,
    order.OverrideLeadTime ? order.OverrideReason : null,
    input.exportLeaseUntil,
    input.staff ? null : input.draftSavedAt,
  ];
  let saved: { id: number; orderNum: string } | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      saved = input.staff
        ? await insertWithAudit(database, params, input.staff)
        : (await runStatement<{ id: number; orderNum: string }>(database, insertOrderStatement, params))[0];
      break;
    } catch (err) {
      // The next Web Conf # is taken by an order that did not come from the sequence (an ERP
      // history file may carry one): move the sequence past every W number and try again.
      if (attempt >= 3 || !isUniqueViolation(err) || pgConstraint(err) !== 'orders_order_num_key') throw err;
      await runStatement(database, skipTakenOrderNumsStatement, []);
    }
  }
  // Sent from a draft that is no longer as it was: nothing was saved.
  if (!saved) return null;
  const row = {
    id: saved.id,
    customerId: input.customerId,
    orderNum: saved.orderNum,
    source: 'web' as const,
    orderType: 'WEB',
    createDate: input.now,
    deliveryDate: order.DeliveryDate,
    name: order.Name,
    phone: order.Phone,
    email: order.Email,
    referencePo,
    status: 1,
    idempotencyKey: input.idempotencyKey,
    enteredBy: input.staff?.actor.userName ?? null,
  };
  return { row, lines };
}

/** A staff order and its audit row, in one transaction: both are saved, or neither (decision 040). */
async function insertWithAudit(
  database: Database,
  params: unknown[],
  staff: NonNullable<Parameters<typeof insertWebOrder>[1]['staff']>,
): Promise<{ id: number; orderNum: string } | undefined> {
  return database.db.transaction(async (tx) => {
    const [saved] = await runStatementInTransaction<{ id: number; orderNum: string }>(
      tx,
      insertOrderStatement,
      params,
    );
    if (saved) await recordAudit(tx, staff.actor, staff.audit(saved));
    return saved;
  });
}
