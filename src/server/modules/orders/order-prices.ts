import { type SQL, sql } from 'drizzle-orm';
import type { PriceRowsByCode } from '../../../domain/order-estimate.js';
import type { PriceRow } from '../../../domain/prices.js';
import { customers, orderLines, orders, prices, products } from '../../db/schema.js';

/**
 * The posted prices an order's estimate reads (design.md 8.4, decision 075), as a column of the
 * statement that reads the order, so the estimate costs no round trip: the rows of the order's
 * products, at the customer's own level and its type's, whose period holds the delivery date.
 * Each row is a JSON array (code, own level, break, from, to, case, unit, deposit); null when none.
 */
export type PriceRowJson = [string, boolean, number, string, string | null, number, number | null, number];

export const orderPriceRows: SQL<PriceRowJson[] | null> = sql<PriceRowJson[] | null>`(
  select json_agg(json_build_array(p.code, pr.customer_id is not null, pr.min_cases, pr.from_date,
    pr.to_date, pr.case_price, pr.unit_price, pr.deposit_per_case))
  from ${prices} pr join ${products} p on p.id = pr.product_id
  where pr.product_id in (
      select lp.id from ${orderLines} ol join ${products} lp on lp.code = ol.code
      where ol.order_id = ${orders.id})
    and (pr.customer_id = ${orders.customerId}
      or pr.customer_type_id = (select c.customer_type_id from ${customers} c where c.id = ${orders.customerId}))
    and pr.from_date <= ${orders.deliveryDate}
    and (pr.to_date is null or pr.to_date >= ${orders.deliveryDate}))`;

/** The column's rows by product code, as `estimateOrder` takes them. */
export function priceRowsByCode(rows: readonly PriceRowJson[] | null): PriceRowsByCode {
  const byCode = new Map<string, PriceRow[]>();
  for (const [code, own, minCases, fromDate, toDate, casePrice, unitPrice, depositPerCase] of rows ?? []) {
    const row: PriceRow = {
      level: own ? 'Customer' : 'Type',
      minCases,
      fromDate,
      toDate,
      casePrice,
      unitPrice,
      depositPerCase,
    };
    byCode.set(code, [...(byCode.get(code) ?? []), row]);
  }
  return byCode;
}
