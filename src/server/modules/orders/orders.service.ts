import { and, asc, desc, eq } from 'drizzle-orm';
import { isIsoDate } from '../../../domain/business-date.js';
import type { CustomerTypeRules, OrderableProduct, ValidOrder } from '../../../domain/order.schema.js';
import { totalUnits } from '../../../domain/order-lines.js';
import type { OrderDetail, OrderProduct, OrderSummary } from '../../../domain/order-view.schema.js';
import type { Database, DbOrTx } from '../../db/client.js';
import { customers, orderLines, orders } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import type { CustomerRow } from '../../plugins/auth.js';
import { customerColumnsSql, runStatement, type Statement } from './statements.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * Everything POST Order reads, in one statement: the customer (for the account check), their
 * customer type's rules, the Web Conf # of an earlier order with the same Idempotency-Key ($2,
 * null when none was sent), and the products they may order for the delivery date ($3, null
 * when it is not a date; design.md 5.2): linked to the customer, active, and the link's start
 * and end dates containing the date.
 */
const orderContextStatement: Statement = {
  name: 'order_context',
  text: `
select ${customerColumnsSql},
  t.id as "typeId", t.lead_hours as "leadHours", t.cutoff_hours as "cutoffHours",
  t.cutoff_minutes as "cutoffMinutes",
  (select o.order_num from orders o where o.customer_id = c.id and o.idempotency_key = $2::text) as "firstOrderNum",
  case when $3::date is null then '[]'::json else coalesce((
    select json_agg(json_build_array(p.id, p.code, p.description, p.units, p.is_case_only))
    from customer_products cp
    join products p on p.id = cp.product_id
    where cp.customer_id = c.id and p.is_active
      and (cp.start_date is null or cp.start_date <= $3::date)
      and (cp.end_date is null or cp.end_date >= $3::date)
  ), '[]') end as products
from customers c
left join customer_types t on t.id = c.customer_type_id
where c.id = $1`,
};

export type OrderableProducts = Map<string, OrderableProduct & { ProductId: number; Description: string }>;

export interface OrderContext {
  customer: CustomerRow;
  /** Null when the customer's type does not exist (a broken import). */
  type: CustomerTypeRules | null;
  /** The Web Conf # of the order already placed with this Idempotency-Key. */
  firstOrderNum: string | null;
  products: OrderableProducts;
}

type OrderContextRow = CustomerRow & {
  typeId: number | null;
  leadHours: number;
  cutoffHours: number;
  cutoffMinutes: number;
  firstOrderNum: string | null;
  products: [id: number, code: string, description: string, units: number, isCaseOnly: boolean][];
};

/** What POST Order needs to know before it validates; undefined when there is no such customer. */
export async function orderContext(
  database: Database,
  customerId: number,
  idempotencyKey: string | null,
  deliveryDate: unknown,
): Promise<OrderContext | undefined> {
  const date = isIsoDate(deliveryDate) ? deliveryDate : null;
  const [row] = await runStatement<OrderContextRow>(database, orderContextStatement, [
    customerId,
    idempotencyKey,
    date,
  ]);
  if (!row) return undefined;
  const { typeId, leadHours, cutoffHours, cutoffMinutes, firstOrderNum, products, ...customer } = row;
  const map: OrderableProducts = new Map();
  for (const [id, code, description, units, isCaseOnly] of products) {
    map.set(code, { ProductId: id, Description: description, UnitsPerCase: units, IsCaseOnly: isCaseOnly });
  }
  return {
    customer,
    type:
      typeId === null
        ? null
        : { Id: typeId, LeadHours: leadHours, CutoffHours: cutoffHours, CutoffMinutes: cutoffMinutes },
    firstOrderNum,
    products: map,
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
 * extra round trips. The lines go in as arrays, one element per line, in the order given.
 * The order comes out claimed for its first confirmation mail (attempt 1, leased until $16,
 * due at once: decision 016), so a process that dies before that mail leaves it to the retry
 * round once the lease lapses, and the first attempt needs no claim statement of its own.
 */
const insertOrderStatement: Statement = {
  name: 'insert_web_order',
  text: `
with saved as (
  insert into orders (customer_id, order_num, source, order_type, create_date, delivery_date,
                      name, phone, email, reference_po, status, idempotency_key,
                      mail_attempts, mail_sending_until, mail_next_attempt_at)
  values ($1, 'W' || nextval('web_order_num_seq'), 'web', 'WEB', $2, $3, $4, $5, $6, $7, 1, $8,
          1, $16, $2)
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
    now: Date;
    /** When the first mail attempt's claim lapses (`now` + MAIL_LEASE_MS). */
    mailLeaseUntil: Date;
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
  const [saved] = await runStatement<{ id: number; orderNum: string }>(database, insertOrderStatement, [
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
  ]);
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
  };
  return { row, lines };
}

const summaryColumns = {
  id: orders.id,
  customerId: orders.customerId,
  companyId: customers.companyId,
  orderNum: orders.orderNum,
  orderType: orders.orderType,
  source: orders.source,
  createDate: orders.createDate,
  deliveryDate: orders.deliveryDate,
  name: orders.name,
  phone: orders.phone,
  email: orders.email,
  referencePo: orders.referencePo,
  status: orders.status,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'];
} & { productCount: number; totalCases: number };

function toSummary(r: SummaryRow): OrderSummary {
  return {
    Id: r.id,
    CustomerId: r.customerId,
    CompanyId: r.companyId,
    OrderNum: r.orderNum,
    OrderType: r.orderType,
    IsWebOrder: r.source === 'web',
    CreateDate: r.createDate.toISOString(),
    DeliveryDate: r.deliveryDate,
    Name: r.name,
    Phone: r.phone,
    Email: r.email,
    ReferencePO: r.referencePo,
    Status: r.status,
    ProductCount: Number(r.productCount),
    TotalCases: Number(r.totalCases),
  };
}

/**
 * One customer with the GET Orders answer (design.md 5.3) as JSON text, built by PostgreSQL:
 * the orders web and imported, newest order date first, and their distinct delivery dates,
 * newest first. The text goes out as it is: parsing it and serializing it again would cost
 * more than the query (issue 3's profile); orders.queries.api.test.ts holds it to the schema.
 */
const customerOrdersSql = (where: string) => `
select ${customerColumnsSql},
  (
    -- Both lists in one pass over the customer's orders and, per order, one over its lines.
    select json_build_object(
      'DeliveryDates', coalesce(json_agg(distinct o.delivery_date order by o.delivery_date desc), '[]'),
      'Orders', coalesce(json_agg(json_build_object(
        'Id', o.id, 'CustomerId', o.customer_id, 'CompanyId', c.company_id, 'OrderNum', o.order_num,
        'OrderType', o.order_type, 'IsWebOrder', o.source = 'web',
        'CreateDate', to_char(o.create_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'DeliveryDate', o.delivery_date, 'Name', o.name, 'Phone', o.phone, 'Email', o.email,
        'ReferencePO', o.reference_po, 'Status', o.status,
        'ProductCount', l.products, 'TotalCases', l.cases
      ) order by o.create_date desc, o.id desc), '[]')
    )
    from orders o
    cross join lateral (
      select count(*) as products, coalesce(sum(ol.case_quantity), 0) as cases
      from order_lines ol where ol.order_id = o.id
    ) l
    where o.customer_id = c.id
  )::text as answer
from customers c
where ${where}`;

const customerOrdersById: Statement = { name: 'customer_orders_by_id', text: customerOrdersSql('c.id = $1') };
const customerOrdersByCompany: Statement = {
  name: 'customer_orders_by_company',
  text: customerOrdersSql('c.company_id = $1'),
};

/** A customer's row and the text of an answer about them (an `OrderList` here). */
export type CustomerWithAnswer = CustomerRow & { answer: string };

/** The customer and their GET Orders answer; undefined when there is no such customer. */
export async function customerWithOrders(
  database: Database,
  by: { id: number } | { companyId: number },
): Promise<CustomerWithAnswer | undefined> {
  const [row] =
    'id' in by
      ? await runStatement<CustomerWithAnswer>(database, customerOrdersById, [by.id])
      : await runStatement<CustomerWithAnswer>(database, customerOrdersByCompany, [by.companyId]);
  return row;
}

function toProduct(l: Omit<OrderLineRow, 'id' | 'orderId'>): OrderProduct {
  const t = totalUnits({
    unitsPerCase: l.unitsPerCase,
    caseQuantity: l.caseQuantity,
    unitQuantity: l.unitQuantity,
    isCaseOnly: l.isCaseOnly,
  });
  return {
    Code: l.code,
    Description: l.description,
    UnitsPerCase: l.unitsPerCase,
    IsCaseOnly: l.isCaseOnly,
    CaseQuantity: l.caseQuantity,
    UnitQuantity: l.unitQuantity,
    Cases: l.caseQuantity,
    Units: l.unitQuantity,
    TotalUnits: t,
  };
}

/** The order answer from an order row (with its customer's number and name) and its lines. */
export function toOrderDetail(
  row: Omit<SummaryRow, 'productCount' | 'totalCases'> & { customerName: string },
  lines: Omit<OrderLineRow, 'id' | 'orderId'>[],
): OrderDetail {
  return {
    ...toSummary({
      ...row,
      productCount: lines.length,
      totalCases: lines.reduce((s, l) => s + l.caseQuantity, 0),
    }),
    CompanyName: row.customerName,
    Products: lines.map(toProduct),
  };
}

/** One order with its lines; 404 when there is no such order. */
export async function getOrderDetail(
  db: DbOrTx,
  where: { id: number } | { customerLast: number },
): Promise<OrderDetail> {
  const [row] = await db
    .select({ ...summaryColumns, companyName: customers.name })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where('id' in where ? eq(orders.id, where.id) : eq(orders.customerId, where.customerLast))
    .orderBy(desc(orders.createDate), desc(orders.id))
    .limit(1);
  if (!row) throw notFound('id' in where ? 'The order' : 'A previous order');
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, row.id))
    .orderBy(asc(orderLines.id));
  return toOrderDetail({ ...row, customerName: row.companyName }, lines);
}

/**
 * GET Order/{id} for a signed-in customer, in one statement: the customer (for the account
 * check), whose order $2 is (null when there is none), and the order with its lines only
 * when it is theirs, so another customer's order is never read.
 */
const customerOrderStatement: Statement = {
  name: 'customer_order_detail',
  text: `
select ${customerColumnsSql},
  o.customer_id as "orderCustomerId",
  case when o.customer_id = c.id then json_build_object(
    'id', o.id, 'customerId', o.customer_id, 'companyId', c.company_id, 'orderNum', o.order_num,
    'orderType', o.order_type, 'source', o.source, 'createDate', o.create_date,
    'deliveryDate', o.delivery_date::text, 'name', o.name, 'phone', o.phone, 'email', o.email,
    'referencePo', o.reference_po, 'status', o.status, 'customerName', c.name,
    'lines', coalesce((
      select json_agg(json_build_object(
        'productId', l.product_id, 'code', l.code, 'description', l.description,
        'unitsPerCase', l.units_per_case, 'caseQuantity', l.case_quantity,
        'unitQuantity', l.unit_quantity, 'isCaseOnly', l.is_case_only) order by l.id)
      from order_lines l where l.order_id = o.id), '[]'::json)
  ) end as "order"
from customers c
left join orders o on o.id = $2
where c.id = $1`,
};

/** The order as the statement's JSON holds it: toOrderDetail's row, its date as text, its lines. */
type OrderJson = Omit<Parameters<typeof toOrderDetail>[0], 'createDate'> & {
  createDate: string;
  lines: Omit<OrderLineRow, 'id' | 'orderId'>[];
};

export interface CustomerOrder {
  customer: CustomerRow;
  /** Whose order it is; null when there is no such order. */
  orderCustomerId: number | null;
  /** The order, only when it is the customer's own. */
  detail: OrderDetail | null;
}

/** The customer and, when it is theirs, order `orderId`; undefined when there is no such customer. */
export async function customerWithOrder(
  database: Database,
  customerId: number,
  orderId: number,
): Promise<CustomerOrder | undefined> {
  const [row] = await runStatement<CustomerRow & { orderCustomerId: number | null; order: OrderJson | null }>(
    database,
    customerOrderStatement,
    [customerId, orderId],
  );
  if (!row) return undefined;
  const { orderCustomerId, order, ...customer } = row;
  const detail = order
    ? toOrderDetail({ ...order, createDate: new Date(order.createDate) }, order.lines)
    : null;
  return { customer, orderCustomerId, detail };
}

/** Which customer an order belongs to, for the permission check before anything is read. */
export async function orderOwner(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw notFound('The order');
  return row.customerId;
}
