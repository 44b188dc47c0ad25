import { asc, desc, eq } from 'drizzle-orm';
import { totalUnits } from '../../../domain/order-lines.js';
import type { OrderDetail, OrderProduct, OrderSummary } from '../../../domain/order-view.schema.js';
import type { Database, DbOrTx } from '../../db/client.js';
import { customers, orderLines, orders } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import type { CustomerRow } from '../../plugins/auth.js';
import { customerColumnsSql, runStatement, type Statement } from './statements.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

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

export type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'];
} & { productCount: number; totalCases: number };

/** A history row as GET Orders answers it. */
export function toSummary(r: SummaryRow): OrderSummary {
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
