import { and, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  estimateOrder,
  type PriceRowsByCode,
  type PricesByCode,
  pricesOn,
} from '../../../domain/order-estimate.js';
import type { OrderDetail } from '../../../domain/order-view.schema.js';
import type { PriceRow } from '../../../domain/prices.js';
import type { DbOrTx } from '../../db/client.js';
import { customers, orderLines, orders, prices, products } from '../../db/schema.js';

/**
 * The posted prices an order's estimate reads (design.md 8.4, decision 075), as a column of the
 * statement that reads the order, so the estimate costs no round trip: the rows of the order's
 * products, at the customer's own level and its type's, whose period holds the delivery date.
 * Each row is a JSON array (code, own level, break, from, to, case, unit, deposit); null when none.
 */
export type PriceRowJson = [string, boolean, number, string, string | null, number, number | null, number];

/**
 * A column of `orders` named with its table wherever the column is used: Drizzle leaves a
 * column unqualified in an UPDATE's RETURNING (the mail's claim reads the rows there), where the
 * subquery's own tables would take the name.
 */
const order = (column: AnyPgColumn) => sql`${orders}.${sql.identifier(column.name)}`;

export const orderPriceRows: SQL<PriceRowJson[] | null> = sql<PriceRowJson[] | null>`(
  select json_agg(json_build_array(p.code, pr.customer_id is not null, pr.min_cases, pr.from_date,
    pr.to_date, pr.case_price, pr.unit_price, pr.deposit_per_case))
  from ${prices} pr join ${products} p on p.id = pr.product_id
  where pr.product_id in (
      select lp.id from ${orderLines} ol join ${products} lp on lp.code = ol.code
      where ol.order_id = ${order(orders.id)})
    and (pr.customer_id = ${order(orders.customerId)}
      or pr.customer_type_id = (select c.customer_type_id from ${customers} c where c.id = ${order(orders.customerId)}))
    and pr.from_date <= ${order(orders.deliveryDate)}
    and (pr.to_date is null or pr.to_date >= ${order(orders.deliveryDate)}))`;

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

/**
 * Each product's price for the customer on a delivery date (design.md 8.4), by code: the guide's
 * and the form's products carry it. One statement over the rows of the customer's own level and
 * its type's whose period holds the date; `pricesOn` applies the rules.
 */
export async function customerPricesOn(db: DbOrTx, customerId: number, date: string): Promise<PricesByCode> {
  const rows = await db
    .select({
      code: products.code,
      own: sql<boolean>`${prices.customerId} is not null`,
      minCases: prices.minCases,
      fromDate: prices.fromDate,
      toDate: prices.toDate,
      casePrice: prices.casePrice,
      unitPrice: prices.unitPrice,
      depositPerCase: prices.depositPerCase,
    })
    .from(prices)
    .innerJoin(products, eq(products.id, prices.productId))
    .where(
      and(
        or(
          eq(prices.customerId, customerId),
          eq(
            prices.customerTypeId,
            sql`(select ${customers.customerTypeId} from ${customers} where ${customers.id} = ${customerId})`,
          ),
        ),
        lte(prices.fromDate, date),
        or(isNull(prices.toDate), gte(prices.toDate, date)),
      ),
    );
  return pricesOn(
    priceRowsByCode(
      rows.map(
        (r): PriceRowJson => [
          r.code,
          r.own,
          r.minCases,
          r.fromDate,
          r.toDate,
          r.casePrice,
          r.unitPrice,
          r.depositPerCase,
        ],
      ),
    ),
    date,
  );
}

/**
 * An order's answer priced by the posted rows of its delivery date (decision 075): each line's
 * case price and total, and the estimate. GET Order/{id} and the confirmation mail both take it.
 */
export function withEstimate(detail: OrderDetail, rows: PriceRowsByCode): OrderDetail {
  const estimate = estimateOrder(pricesOn(rows, detail.DeliveryDate), detail.Products);
  return {
    ...detail,
    Products: detail.Products.map((p, i) => {
      const { CasePrice, LineTotal } = estimate.Lines[i]!;
      return { ...p, CasePrice, LineTotal };
    }),
    EstimatedTotal: estimate.EstimatedTotal,
    EstimatedDeposits: estimate.Deposits,
    UnpricedLines: estimate.UnpricedLines,
  };
}

/** A listed order's line as GET Orders aggregates it: code, cases, units, return. */
export type ListedLineJson = [string, number, number, boolean];

/** A listed order's estimated total, from its aggregated lines and its price rows' column. */
export function listedEstimate(
  rows: readonly PriceRowJson[] | null,
  deliveryDate: string,
  lines: readonly ListedLineJson[] | null,
): number | null {
  return estimateOrder(
    pricesOn(priceRowsByCode(rows), deliveryDate),
    (lines ?? []).map(([Code, CaseQuantity, UnitQuantity, IsReturn]) => ({
      Code,
      CaseQuantity,
      UnitQuantity,
      IsReturn,
    })),
  ).EstimatedTotal;
}
