import { and, asc, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { isIsoDate } from '../../../domain/business-date.js';
import type { OrderableProduct, ValidOrder } from '../../../domain/order.schema.js';
import { totalUnits } from '../../../domain/order-lines.js';
import type { OrderDetail, OrderProduct, OrderSummary } from '../../../domain/order-view.schema.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { customerProducts, customers, orderLines, orders, products } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * The products a customer may order for a delivery date (design.md 5.2): linked to the
 * customer, active, and the link's start and end dates containing the date.
 */
export async function orderableProducts(
  db: DbOrTx,
  customerId: number,
  deliveryDate: unknown,
): Promise<Map<string, OrderableProduct & { ProductId: number; Description: string }>> {
  const map = new Map<string, OrderableProduct & { ProductId: number; Description: string }>();
  if (!isIsoDate(deliveryDate)) return map;
  const rows = await db
    .select({
      id: products.id,
      code: products.code,
      description: products.description,
      units: products.units,
      isCaseOnly: products.isCaseOnly,
    })
    .from(customerProducts)
    .innerJoin(products, eq(products.id, customerProducts.productId))
    .where(
      and(
        eq(customerProducts.customerId, customerId),
        eq(products.isActive, true),
        or(isNull(customerProducts.startDate), lte(customerProducts.startDate, deliveryDate)),
        or(isNull(customerProducts.endDate), gte(customerProducts.endDate, deliveryDate)),
      ),
    );
  for (const r of rows) {
    map.set(r.code, {
      ProductId: r.id,
      Description: r.description,
      UnitsPerCase: r.units,
      IsCaseOnly: r.isCaseOnly,
    });
  }
  return map;
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

/** Saves a validated web order as Open with the next Web Conf #, in one transaction. */
export async function insertWebOrder(
  db: Db,
  input: {
    customerId: number;
    order: ValidOrder;
    productIds: Map<string, { ProductId: number; Description: string }>;
    idempotencyKey: string | null;
    now: Date;
  },
): Promise<{ row: OrderRow; lines: OrderLineRow[] }> {
  return db.transaction(async (tx) => {
    const { order } = input;
    const [row] = await tx
      .insert(orders)
      .values({
        customerId: input.customerId,
        // The Web Conf # comes from the sequence in the same statement (decision 001).
        orderNum: sql`'W' || nextval('web_order_num_seq')`,
        source: 'web',
        orderType: 'WEB',
        createDate: input.now,
        deliveryDate: order.DeliveryDate,
        name: order.Name,
        phone: order.Phone,
        email: order.Email,
        referencePo: order.ReferencePO ?? '',
        status: 1,
        idempotencyKey: input.idempotencyKey,
      })
      .returning();
    const lines = await tx
      .insert(orderLines)
      .values(
        order.ProductQuantities.map((line) => ({
          orderId: row!.id,
          productId: input.productIds.get(line.Code)?.ProductId ?? null,
          code: line.Code,
          description: input.productIds.get(line.Code)?.Description ?? '',
          unitsPerCase: line.UnitsPerCase,
          caseQuantity: line.CaseQuantity,
          unitQuantity: line.UnitQuantity,
          isCaseOnly: line.IsCaseOnly,
        })),
      )
      .returning();
    return { row: row!, lines };
  });
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

/** A customer's orders, web and imported, newest order date first (design.md 5.3). */
export async function listCustomerOrders(db: DbOrTx, customerId: number): Promise<OrderSummary[]> {
  const rows = await db
    .select({
      ...summaryColumns,
      productCount: sql<number>`(select count(*) from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
      totalCases: sql<number>`(select coalesce(sum(${orderLines.caseQuantity}), 0) from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createDate), desc(orders.id));
  return rows.map(toSummary);
}

function toProduct(l: OrderLineRow): OrderProduct {
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
  lines: OrderLineRow[],
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

export async function customerIdForCompany(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.companyId, companyId))
    .limit(1);
  if (!row) throw notFound('The customer');
  return row.id;
}

export async function customerById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw notFound('The customer');
  return row;
}
