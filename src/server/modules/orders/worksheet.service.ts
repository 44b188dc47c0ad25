import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { DEFAULT_SUBSTITUTION } from '../../../domain/availability.js';
import { OrderStatus } from '../../../domain/enums.js';
import { WORKSHEET_DATES, type Worksheet, type WorksheetRow } from '../../../domain/order-view.schema.js';
import type { DbOrTx } from '../../db/client.js';
import {
  availabilityFile,
  customerPars,
  customerProducts,
  customers,
  orderLines,
  orders,
  products,
} from '../../db/schema.js';
import { stockColumns, stockJoins, stockOf } from '../order-guide/product-stock.js';

const notCancelled = ne(orders.status, OrderStatus.Cancelled);

/**
 * The worksheet (design.md 5.4), undefined when there is no such customer: the 5 most recent
 * delivery dates before `today` (the business day), and the products the customer may order
 * today as the order form offers them (design.md 5.2: active, linked, the link's dates
 * containing today), in the link's order, each with the cases ordered on those dates, web and
 * imported orders alike (a cancelled order counts for nothing: design.md 7.10). After them,
 * marked `IsOffered: false`, the products the customer may no longer order that appear in those
 * dates (a link that ended, a product made inactive, an item only the ERP knows): the sheet
 * keeps their history but never offers them (issue 17, item 3). A date with no cases for a
 * product is absent from its `Products`. Each row carries the customer's saved par of its code,
 * or null (design.md 7.1), and the spec's Cases and Units (section 3), empty: the sheet's counts
 * are typed on paper or on the screen, never stored.
 */
export async function customerWorksheet(
  db: DbOrTx,
  customerId: number,
  today: string,
): Promise<Worksheet | undefined> {
  const [customer] = await db
    .select({ id: customers.id, companyId: customers.companyId, name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return undefined;
  const dates = (
    await db
      .selectDistinct({ date: orders.deliveryDate })
      .from(orders)
      .where(and(eq(orders.customerId, customerId), lt(orders.deliveryDate, today), notCancelled))
      .orderBy(desc(orders.deliveryDate))
      .limit(WORKSHEET_DATES)
  ).map((r) => r.date);
  const [cases, offered] = await Promise.all([
    casesByCode(db, customerId, dates),
    db
      .select({
        code: products.code,
        description: products.description,
        units: products.units,
        isCaseOnly: products.isCaseOnly,
        par: customerPars.par,
        ...stockColumns,
        // The same for every row: when the availability file was applied, in the same statement.
        stockAsOf:
          sql`(select ${availabilityFile.appliedAt} from ${availabilityFile} where ${availabilityFile.id} = 1)`.mapWith(
            availabilityFile.appliedAt,
          ),
      })
      .from(customerProducts)
      .innerJoin(products, eq(products.id, customerProducts.productId))
      .leftJoin(...stockJoins.availability)
      .leftJoin(...stockJoins.substitute)
      .leftJoin(...stockJoins.preference)
      .leftJoin(
        customerPars,
        and(eq(customerPars.customerId, customerId), eq(customerPars.code, products.code)),
      )
      .where(
        and(
          eq(customerProducts.customerId, customerId),
          eq(products.isActive, true),
          or(isNull(customerProducts.startDate), lte(customerProducts.startDate, today)),
          or(isNull(customerProducts.endDate), gte(customerProducts.endDate, today)),
        ),
      )
      .orderBy(asc(customerProducts.orderNo), asc(products.description)),
  ]);
  const offeredCodes = new Set(offered.map((p) => p.code));
  const row = (
    p: {
      code: string;
      description: string;
      units: number;
      isCaseOnly: boolean;
      par: number | null;
      stock?: (typeof offered)[number]['stock'];
      preference?: (typeof offered)[number]['preference'];
    },
    isOffered: boolean,
  ): WorksheetRow => ({
    Code: p.code,
    Description: p.description,
    UnitsPerCase: p.units,
    IsCaseOnly: p.isCaseOnly,
    IsOffered: isOffered,
    Products: cases.get(p.code) ?? {},
    Par: p.par,
    // A product no longer offered has no stock to show.
    ...(p.stock
      ? stockOf({ stock: p.stock, preference: p.preference ?? null })
      : { Availability: null, Substitution: DEFAULT_SUBSTITUTION }),
    Cases: null,
    Units: null,
  });
  const gone = await noLongerOffered(
    db,
    customerId,
    [...cases.keys()].filter((code) => !offeredCodes.has(code)),
  );
  return {
    CustomerId: customer.id,
    CompanyId: customer.companyId,
    CompanyName: customer.name,
    Today: today,
    DeliveryDates: [...dates].reverse(),
    StockAsOf: (offered[0]?.stockAsOf as Date | null | undefined)?.toISOString() ?? null,
    Orders: [...offered.map((p) => row(p, true)), ...gone.map((p) => row(p, false))],
  };
}

/** Per product code, the cases ordered on each of the dates (dates with none left out). */
async function casesByCode(
  db: DbOrTx,
  customerId: number,
  dates: string[],
): Promise<Map<string, Record<string, number>>> {
  const byCode = new Map<string, Record<string, number>>();
  if (dates.length === 0) return byCode;
  const sums = await db
    .select({
      code: orderLines.code,
      date: orders.deliveryDate,
      cases: sql<number>`sum(${orderLines.caseQuantity})::int`,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.customerId, customerId), inArray(orders.deliveryDate, dates), notCancelled))
    .groupBy(orderLines.code, orders.deliveryDate)
    .having(sql`sum(${orderLines.caseQuantity}) > 0`);
  for (const s of sums) byCode.set(s.code, { ...byCode.get(s.code), [s.date]: s.cases });
  return byCode;
}

/**
 * The products in the sheet's dates the customer may no longer order, by description: described
 * as the catalogue does, or, for an item it does not know, as the customer's latest order line of
 * it does.
 */
async function noLongerOffered(db: DbOrTx, customerId: number, codes: string[]) {
  if (codes.length === 0) return [];
  const [catalogue, pars, latest] = await Promise.all([
    db
      .select({
        code: products.code,
        description: products.description,
        units: products.units,
        isCaseOnly: products.isCaseOnly,
      })
      .from(products)
      .where(inArray(products.code, codes)),
    db
      .select({ code: customerPars.code, par: customerPars.par })
      .from(customerPars)
      .where(and(eq(customerPars.customerId, customerId), inArray(customerPars.code, codes))),
    db
      .selectDistinctOn([orderLines.code], {
        code: orderLines.code,
        description: orderLines.description,
        units: orderLines.unitsPerCase,
        isCaseOnly: orderLines.isCaseOnly,
      })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.customerId, customerId), inArray(orderLines.code, codes)))
      .orderBy(orderLines.code, desc(orders.deliveryDate), desc(orders.id)),
  ]);
  const known = new Map(catalogue.map((p) => [p.code, p]));
  const lastLine = new Map(latest.map((l) => [l.code, l]));
  const parOf = new Map(pars.map((p) => [p.code, p.par]));
  const byDescription = new Intl.Collator('en');
  return codes
    .map((code) => {
      const p = known.get(code) ?? lastLine.get(code);
      return {
        code,
        description: p?.description ?? '',
        units: p?.units ?? 1,
        isCaseOnly: p?.isCaseOnly ?? true,
        par: parOf.get(code) ?? null,
      };
    })
    .sort((a, b) => byDescription.compare(a.description, b.description));
}
