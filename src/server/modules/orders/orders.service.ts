import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { businessToday } from '../../../domain/business-date.js';
import { compareDelivered, type DeliveredLine, differenceCount } from '../../../domain/delivered.js';
import { OrderStatus } from '../../../domain/enums.js';
import { changeableUntil } from '../../../domain/order-change.js';
import type { PriceRowsByCode } from '../../../domain/order-estimate.js';
import type { OrderDetail, OrderList, OrderSummary } from '../../../domain/order-view.schema.js';
import type { DbOrTx } from '../../db/client.js';
import {
  availability,
  customers,
  customerTypes,
  holidays,
  orderDeliveredLines,
  orderLines,
  orders,
  products,
} from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { deliveryDifferences } from './delivery-differences.service.js';
import {
  type ListedLineJson,
  listedEstimate,
  orderPriceRows,
  priceRowsByCode,
  withEstimate,
} from './order-prices.js';
import { toProduct } from './order-product.js';
import { personNameColumn, placedBy } from './placed-by.js';

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
  personName: personNameColumn,
  standingOrderId: orders.standingOrderId,
};

export type SummaryRow = {
  [K in Exclude<
    keyof typeof summaryColumns,
    'enteredBy' | 'personName' | 'standingOrderId'
  >]: (typeof summaryColumns)[K]['_']['data'];
} & {
  enteredBy: string | null;
  standingOrderId: number | null;
  personName: string | null;
  /** Every line is a return (issue 43); absent counts as not. */
  isReturn?: boolean;
  productCount: number;
  totalCases: number;
  deliveryDifferences: number | null;
  /** In cents (`estimateOrder`); null when no line is priced. */
  estimatedTotal: number | null;
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
    PlacedBy: placedBy(r),
    StandingOrderId: r.standingOrderId,
    ProductCount: Number(r.productCount),
    TotalCases: Number(r.totalCases),
    IsReturn: r.isReturn ?? false,
    DeliveryDifferences: r.deliveryDifferences,
    EstimatedTotal: r.estimatedTotal,
  };
}

/**
 * A customer's GET Orders answer (design.md 5.3), undefined when there is no such customer: their
 * orders, web and imported, newest order date first, each with its number of products and cases,
 * and their distinct delivery dates, newest first. A web order whose delivery date has come
 * (`today`, the business day) and that a file has listed says how many lines were delivered
 * otherwise than ordered, by the detail's own comparison; before that date a file's lines are the
 * distributor's confirmation, not a delivery (issue 33).
 */
export async function customerOrders(
  db: DbOrTx,
  companyId: number,
  today: string,
): Promise<OrderList | undefined> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.companyId, companyId));
  if (!customer) return undefined;
  const rows = await db
    .select({
      ...summaryColumns,
      productCount: sql<number>`count(${orderLines.id})::int`,
      totalCases: sql<number>`coalesce(sum(${orderLines.caseQuantity}), 0)::int`,
      returns: sql<number>`(count(*) filter (where ${orderLines.isReturn}))::int`,
      // Each line's code, cases, units and whether it is a return, and the posted prices of
      // the delivery date: the estimate (decision 075) in the same statement.
      lines: sql<ListedLineJson[] | null>`json_agg(json_build_array(${orderLines.code},
        ${orderLines.caseQuantity}, ${orderLines.unitQuantity}, ${orderLines.isReturn}))
        filter (where ${orderLines.id} is not null)`,
      prices: orderPriceRows,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(eq(orders.customerId, customer.id))
    .groupBy(orders.id, customers.companyId)
    .orderBy(desc(orders.createDate), desc(orders.id));
  const differences = await deliveryDifferences(
    db,
    rows.filter((r) => r.source === 'web' && r.deliveryDate <= today).map((r) => r.id),
  );
  return {
    DeliveryDates: [...new Set(rows.map((r) => r.deliveryDate))].sort().reverse(),
    Orders: rows.map(({ returns, lines, prices, ...r }) =>
      toSummary({
        ...r,
        isReturn: r.productCount > 0 && returns === r.productCount,
        deliveryDifferences: differences.get(r.id) ?? null,
        estimatedTotal: listedEstimate(prices, r.deliveryDate, lines),
      }),
    ),
  };
}

/**
 * The order answer from an order row (with its customer's number and name), its lines and what
 * the ERP delivered (null until a file lists the order).
 */
export function toOrderDetail(
  row: Omit<SummaryRow, 'productCount' | 'totalCases' | 'deliveryDifferences' | 'estimatedTotal'> & {
    customerName: string;
    /** The customer's payment terms (design.md 8.4), null when none are given. */
    paymentTerms: string | null;
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
  /**
   * With delivered or confirmed lines: each ordered product's suggested substitute in the
   * availability file (design.md 8.3), by code; a product absent has none.
   */
  substitutes: ReadonlyMap<string, string> | null = null,
  /**
   * The posted prices of its delivery date, by code (`orderPriceRows`), for the estimate
   * (decision 075). The file and the mail of an order being placed pass none: no line priced.
   */
  prices: PriceRowsByCode = new Map(),
): OrderDetail {
  const products = lines.map((l) => {
    const p = toProduct(l);
    return substitutes ? { ...p, SubstituteCode: substitutes.get(p.Code) ?? null } : p;
  });
  return withEstimate(
    {
      ...toSummary({
        ...row,
        productCount: lines.length,
        totalCases: lines.reduce((s, l) => s + l.caseQuantity, 0),
        isReturn: lines.length > 0 && lines.every((l) => l.isReturn),
        deliveryDifferences: delivered && differenceCount(compareDelivered(products, delivered)),
        estimatedTotal: null,
      }),
      CompanyName: row.customerName,
      PaymentTerms: row.paymentTerms,
      Products: products,
      Delivered: delivered,
      Confirmed: confirmed,
      ChangedAt: row.changedAt?.toISOString() ?? null,
      ChangeableUntil: row.changeableUntil,
      DeliveryHoliday: row.deliveryHoliday ?? null,
      EstimatedDeposits: 0,
      UnpricedLines: 0,
    },
    prices,
  );
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
      paymentTerms: customers.paymentTerms,
      delivered: deliveredColumn,
      prices: orderPriceRows,
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
    row.delivered
      ? await suggestedSubstitutes(
          db,
          lines.map((l) => l.code),
        )
      : null,
    priceRowsByCode(row.prices),
  );
}

const substitute = alias(products, 'substitute');

/**
 * The suggested substitute, by code, of each of these products the last availability file names
 * one for (design.md 8.3): what pairs a short line with the product sent instead (decision 071).
 * Read only for an order a file has listed, so an order's detail otherwise costs nothing more.
 */
async function suggestedSubstitutes(db: DbOrTx, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: products.code, substitute: substitute.code })
    .from(products)
    .innerJoin(availability, eq(availability.productId, products.id))
    .innerJoin(substitute, eq(substitute.id, availability.substituteId))
    .where(inArray(products.code, codes));
  return new Map(rows.map((r) => [r.code, r.substitute]));
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
