import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { businessToday } from '../../../domain/business-date.js';
import { compareDelivered, type DeliveredLine, differenceCount } from '../../../domain/delivered.js';
import { OrderStatus } from '../../../domain/enums.js';
import { changeableUntil } from '../../../domain/order-change.js';
import { totalUnits } from '../../../domain/order-lines.js';
import type { OrderDetail, OrderProduct, OrderSummary } from '../../../domain/order-view.schema.js';
import type { Database, DbOrTx } from '../../db/client.js';
import {
  customers,
  customerTypes,
  holidays,
  orderDeliveredLines,
  orderLines,
  orders,
} from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import type { CustomerRow } from '../../plugins/auth.js';
import { customerColumnsSql, runStatement, type Statement } from './statements.js';

export type OrderRow = typeof orders.$inferSelect;
/** An order line's row; `isReturn` is set only by the order history import (issue 43), web orders never have one. */
export type OrderLineRow = Omit<typeof orderLines.$inferSelect, 'isReturn'> & { isReturn?: boolean };

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
  enteredBy: orders.enteredBy,
};

export type SummaryRow = {
  [K in Exclude<keyof typeof summaryColumns, 'enteredBy'>]: (typeof summaryColumns)[K]['_']['data'];
} & {
  enteredBy: string | null;
  /** Every line is a return (issue 43); absent counts as not. */
  isReturn?: boolean;
  productCount: number;
  totalCases: number;
  deliveryDifferences: number | null;
};

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
    EnteredBy: r.enteredBy,
    ProductCount: Number(r.productCount),
    TotalCases: Number(r.totalCases),
    IsReturn: r.isReturn ?? false,
    DeliveryDifferences: r.deliveryDifferences,
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
        'ReferencePO', o.reference_po, 'Status', o.status, 'EnteredBy', o.entered_by,
        'ProductCount', l.products, 'TotalCases', l.cases, 'IsReturn', l.products > 0 and l.returns = l.products,
        -- compareDelivered's lines that are not 'Same' (src/domain/delivered.ts), for web orders
        -- a file has listed once their delivery date ($2, today) has come: before it, a file's
        -- lines are the distributor's confirmation, not a delivery (issue 33); null for the others.
        'DeliveryDifferences', case when o.source = 'web' and o.delivery_date <= $2::text::date and exists (
            select 1 from order_delivered_lines d where d.order_id = o.id) then (
          (select count(*) from order_lines ol
           left join order_delivered_lines d on d.order_id = ol.order_id and d.code = ol.code
           where ol.order_id = o.id
             and (coalesce(d.cases, 0), coalesce(d.units, 0)) <> (ol.case_quantity, ol.unit_quantity))
          + (select count(*) from order_delivered_lines d
             where d.order_id = o.id and (d.cases > 0 or d.units > 0)
               and not exists (select 1 from order_lines ol where ol.order_id = o.id and ol.code = d.code)))
          end
      ) order by o.create_date desc, o.id desc), '[]')
    )
    from orders o
    cross join lateral (
      select count(*) as products, coalesce(sum(ol.case_quantity), 0) as cases,
             count(*) filter (where ol.is_return) as returns
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

/**
 * The customer and their GET Orders answer; undefined when there is no such customer. `today`:
 * the business day, before which a file's lines are no delivery.
 */
export async function customerWithOrders(
  database: Database,
  by: { id: number } | { companyId: number },
  today: string,
): Promise<CustomerWithAnswer | undefined> {
  const [row] =
    'id' in by
      ? await runStatement<CustomerWithAnswer>(database, customerOrdersById, [by.id, today])
      : await runStatement<CustomerWithAnswer>(database, customerOrdersByCompany, [by.companyId, today]);
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
    // A credit from the ERP's file (issue 43): the history shows the line as a return.
    ...(l.isReturn ? { IsReturn: true } : {}),
  };
}

/**
 * The order answer from an order row (with its customer's number and name), its lines and what
 * the ERP delivered (null until a file lists the order).
 */
export function toOrderDetail(
  row: Omit<SummaryRow, 'productCount' | 'totalCases' | 'deliveryDifferences'> & {
    customerName: string;
    changedAt: Date | null;
    /** Its OrderBy while the caller may still change or cancel it (design.md 7.10), else null. */
    changeableUntil: string | null;
    /** The holiday on its delivery date, when one was added after it (issue 33). */
    deliveryHoliday?: string | null;
  },
  lines: Omit<OrderLineRow, 'id' | 'orderId'>[],
  delivered: DeliveredLine[] | null = null,
  /** Before its delivery date, what a file lists is a confirmation (issue 33). */
  confirmed: DeliveredLine[] | null = null,
): OrderDetail {
  const products = lines.map(toProduct);
  return {
    ...toSummary({
      ...row,
      productCount: lines.length,
      totalCases: lines.reduce((s, l) => s + l.caseQuantity, 0),
      isReturn: lines.length > 0 && lines.every((l) => l.isReturn),
      deliveryDifferences: delivered && differenceCount(compareDelivered(products, delivered)),
    }),
    CompanyName: row.customerName,
    Products: products,
    Delivered: delivered,
    Confirmed: confirmed,
    ChangedAt: row.changedAt?.toISOString() ?? null,
    ChangeableUntil: row.changeableUntil,
    DeliveryHoliday: row.deliveryHoliday ?? null,
  };
}

/**
 * A web order's delivered lines (design.md 7.12), by product code, read with the order itself
 * (no round trip more: orders.queries.api.test.ts); null when no file listed it.
 */
const deliveredColumn = sql<DeliveredLine[] | null>`(
  select json_agg(json_build_object('Code', d.code, 'Description', d.description, 'Cases', d.cases,
    'Units', d.units) order by d.code)
  from ${orderDeliveredLines} d where d.order_id = ${orders.id})`;

/**
 * One order with its lines; 404 when there is no such order. With `customerId` (a customer
 * asking), another customer's order is not read and answers the same 404 as an unknown id,
 * so ids cannot be probed. `clock` (the server's now and the business time zone) fills in
 * `ChangeableUntil` for an answer; without it (the file, the mail) it is null.
 */
export async function getOrderDetail(
  db: DbOrTx,
  where: { id: number; customerId?: number } | { customerLast: number },
  clock?: { now: Date; tz: string },
): Promise<OrderDetail> {
  const [row] = await db
    .select({
      ...summaryColumns,
      companyName: customers.name,
      delivered: deliveredColumn,
      changedAt: orders.changedAt,
      deliveryHoliday: sql<
        string | null
      >`(select h.name from ${holidays} h where h.date = ${orders.deliveryDate})`,
      leadHours: customerTypes.leadHours,
      cutoffHours: customerTypes.cutoffHours,
      cutoffMinutes: customerTypes.cutoffMinutes,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(customerTypes, eq(customerTypes.id, customers.customerTypeId))
    .where(
      'id' in where
        ? and(
            eq(orders.id, where.id),
            where.customerId === undefined ? undefined : eq(orders.customerId, where.customerId),
          )
        : // 'Same as last order' (design.md 7.1): the last order placed, not one cancelled since (7.10).
          and(eq(orders.customerId, where.customerLast), ne(orders.status, OrderStatus.Cancelled)),
    )
    .orderBy(desc(orders.createDate), desc(orders.id))
    .limit(1);
  if (!row) throw notFound('id' in where ? 'The order' : 'A previous order');
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, row.id))
    .orderBy(asc(orderLines.id));
  const { leadHours, cutoffHours, cutoffMinutes } = row;
  const until =
    clock && leadHours !== null && cutoffHours !== null && cutoffMinutes !== null
      ? changeableUntil(
          {
            OrderNum: row.orderNum,
            DeliveryDate: row.deliveryDate,
            Source: row.source === 'web' ? 'web' : 'erp',
            Status: row.status,
          },
          { LeadHours: leadHours, CutoffHours: cutoffHours, CutoffMinutes: cutoffMinutes },
          clock.now,
          clock.tz,
        )
      : null;
  // Before the delivery date a file's lines are the distributor's confirmation (issue 33).
  const early = clock !== undefined && row.deliveryDate > businessToday(clock.now, clock.tz);
  return toOrderDetail(
    { ...row, customerName: row.companyName, changeableUntil: until },
    lines,
    early ? null : row.delivered,
    early ? row.delivered : null,
  );
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
