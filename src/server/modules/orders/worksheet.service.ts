import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { businessToday } from '../../../domain/business-date.js';
import { WORKSHEET_DATES, type Worksheet } from '../../../domain/order-view.schema.js';
import type { DbOrTx } from '../../db/client.js';
import { customerProducts, orderLines, orders, products } from '../../db/schema.js';
import type { CustomerRow } from '../../plugins/auth.js';
import { customerById } from './orders.service.js';

/**
 * The worksheet (design.md 5.4): the customer's active products, and the cases ordered on
 * each of the 5 most recent delivery dates before today, web and imported orders alike.
 */
export async function getWorksheet(
  db: DbOrTx,
  customerId: number,
  now: Date,
  tz: string,
  /** The customer's row when the caller has it already (a customer asking for their own). */
  known?: CustomerRow,
): Promise<Worksheet> {
  const customer = known?.id === customerId ? known : await customerById(db, customerId);
  const today = businessToday(now, tz);

  const [items, dateRows] = await Promise.all([
    db
      .select({
        code: products.code,
        description: products.description,
        units: products.units,
        isCaseOnly: products.isCaseOnly,
      })
      .from(customerProducts)
      .innerJoin(products, eq(products.id, customerProducts.productId))
      .where(and(eq(customerProducts.customerId, customerId), eq(products.isActive, true)))
      .orderBy(asc(customerProducts.orderNo), asc(products.description)),
    db
      .selectDistinct({ d: orders.deliveryDate })
      .from(orders)
      .where(and(eq(orders.customerId, customerId), lt(orders.deliveryDate, today)))
      .orderBy(desc(orders.deliveryDate))
      .limit(WORKSHEET_DATES),
  ]);
  const dates = dateRows.map((r) => r.d).reverse();

  const history = new Map<string, Record<string, number>>();
  if (dates.length) {
    const sums = await db
      .select({
        code: orderLines.code,
        d: orders.deliveryDate,
        cases: sql<number>`sum(${orderLines.caseQuantity})`,
      })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.customerId, customerId), inArray(orders.deliveryDate, dates)))
      .groupBy(orderLines.code, orders.deliveryDate);
    for (const s of sums) {
      const cases = Number(s.cases);
      if (cases <= 0) continue;
      const byDate = history.get(s.code) ?? {};
      byDate[s.d] = cases;
      history.set(s.code, byDate);
    }
  }

  return {
    CustomerId: customer.id,
    CompanyId: customer.companyId,
    CompanyName: customer.name,
    Today: today,
    DeliveryDates: dates,
    Orders: items.map((i) => ({
      Code: i.code,
      Description: i.description,
      UnitsPerCase: i.units,
      IsCaseOnly: i.isCaseOnly,
      Products: history.get(i.code) ?? {},
    })),
  };
}
