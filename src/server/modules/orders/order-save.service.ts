import { and, eq } from 'drizzle-orm';
import { isIsoDate } from '../../../domain/business-date.js';
import type { CustomerTypeRules, OrderableProduct, ValidOrder } from '../../../domain/order.schema.js';
import type { Database, DbOrTx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { isUniqueViolation, pgConstraint } from '../../lib/db-errors.js';
import type { CustomerRow } from '../../plugins/auth.js';
import { type AuditActor, type AuditRecord, recordAudit } from '../audit/audit.js';
import type { OrderLineRow, OrderRow } from './orders.service.js';
import { customerColumnsSql, runStatement, runStatementInTransaction, type Statement } from './statements.js';

/** POST Order's database side (decision 017): one read before the rules, one insert after. */

/**
 * Everything POST Order reads, in one statement: the customer (for the account check), their
 * customer type's rules, the Web Conf # and body hash of an earlier order with the same
 * Idempotency-Key ($2, null when none was sent; the unique index allows one), and which of the codes the body asks for ($4) they may order for
 * the delivery date ($3, null when it is not a date; design.md 5.2): linked to the customer,
 * active, and the link's start and end dates containing the date. A code not returned is
 * one the customer may not order. And the name of the delivery date's holiday, if it has one
 * (design.md 7.2): the rule needs no other date's.
 */
const orderContextStatement: Statement = {
  name: 'order_context',
  text: `
select ${customerColumnsSql},
  t.id as "typeId", t.lead_hours as "leadHours", t.cutoff_hours as "cutoffHours",
  t.cutoff_minutes as "cutoffMinutes", t.minimum_cases as "minimumCases",
  f.order_num as "firstOrderNum", f.idempotency_body_hash as "firstBodyHash",
  (select h.name from holidays h where h.date = $3::date) as "holidayName",
  case when $3::date is null then '[]'::json else coalesce((
    select json_agg(json_build_array(p.id, p.code, p.description, p.units, p.is_case_only))
    from customer_products cp
    join products p on p.id = cp.product_id
    where cp.customer_id = c.id and p.is_active and p.code = any($4::text[])
      and (cp.start_date is null or cp.start_date <= $3::date)
      and (cp.end_date is null or cp.end_date >= $3::date)
  ), '[]') end as products
from customers c
left join customer_types t on t.id = c.customer_type_id
left join orders f on f.customer_id = c.id and f.idempotency_key = $2::text
where c.id = $1`,
};

export type OrderableProducts = Map<string, OrderableProduct & { ProductId: number; Description: string }>;

export interface OrderContext {
  customer: CustomerRow;
  /** Null when the customer's type does not exist (a broken import). */
  type: CustomerTypeRules | null;
  /** The Web Conf # of the order already placed with this Idempotency-Key. */
  firstOrderNum: string | null;
  /** The hash of the body that order was placed with (null for one placed before hashes). */
  firstBodyHash: string | null;
  products: OrderableProducts;
  /** The delivery date's holiday, date to name (empty when it has none). */
  holidays: Map<string, string>;
}

type OrderContextRow = CustomerRow & {
  typeId: number | null;
  leadHours: number;
  cutoffHours: number;
  cutoffMinutes: number;
  minimumCases: number;
  firstOrderNum: string | null;
  firstBodyHash: string | null;
  holidayName: string | null;
  products: [id: number, code: string, description: string, units: number, isCaseOnly: boolean][];
};

/** What POST Order needs to know before it validates; undefined when there is no such customer. */
export async function orderContext(
  database: Database,
  customerId: number,
  idempotencyKey: string | null,
  deliveryDate: unknown,
  codes: string[],
): Promise<OrderContext | undefined> {
  const date = isIsoDate(deliveryDate) ? deliveryDate : null;
  const [row] = await runStatement<OrderContextRow>(database, orderContextStatement, [
    customerId,
    idempotencyKey,
    date,
    codes,
  ]);
  if (!row) return undefined;
  const {
    typeId,
    leadHours,
    cutoffHours,
    cutoffMinutes,
    minimumCases,
    firstOrderNum,
    firstBodyHash,
    holidayName,
    products,
    ...customer
  } = row;
  const map: OrderableProducts = new Map();
  for (const [id, code, description, units, isCaseOnly] of products) {
    map.set(code, { ProductId: id, Description: description, UnitsPerCase: units, IsCaseOnly: isCaseOnly });
  }
  return {
    customer,
    type:
      typeId === null
        ? null
        : {
            Id: typeId,
            LeadHours: leadHours,
            CutoffHours: cutoffHours,
            CutoffMinutes: cutoffMinutes,
            MinimumCases: minimumCases,
          },
    firstOrderNum,
    firstBodyHash,
    products: map,
    holidays: new Map(date !== null && holidayName !== null ? [[date, holidayName]] : []),
  };
}

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
 */
const insertOrderStatement: Statement = {
  name: 'insert_web_order',
  text: `
with saved as (
  insert into orders (customer_id, order_num, source, order_type, create_date, delivery_date,
                      name, phone, email, reference_po, status, idempotency_key,
                      idempotency_body_hash, mail_attempts, mail_sending_until, mail_next_attempt_at,
                      entered_by, override_reason)
  values ($1, 'W' || nextval('web_order_num_seq'), 'web', 'WEB', $2, $3, $4, $5, $6, $7, 1, $8,
          $17, 1, $16, $2, $18, $19)
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
), draft as (
  -- The customer's draft is this order now (design.md 7.3): deleted only if the order is saved.
  delete from order_drafts where customer_id = $1 and $18::text is null
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
     * Staff entering the order for the customer (design.md 7.5): who, and the audit row that
     * commits with the order (decision 040). Null for the customer's own order.
     */
    staff: { actor: AuditActor; audit: (saved: { id: number; orderNum: string }) => AuditRecord } | null;
  },
): Promise<SavedOrder> {
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
  const row = {
    id: saved!.id,
    customerId: input.customerId,
    orderNum: saved!.orderNum,
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
