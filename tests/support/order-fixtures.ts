import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { addDays, dayOfWeek } from '../../src/domain/business-date.js';
import { earliestDeliveryDate } from '../../src/domain/delivery-date.js';
import type { Db } from '../../src/server/db/client.js';
import { customerProducts, customers, customerTypes, products } from '../../src/server/db/schema.js';

/** Test helpers for orders: a valid delivery date and orderable products for a customer. */

export async function customerByCompany(db: Db, companyId: number) {
  const [c] = await db.select().from(customers).where(eq(customers.companyId, companyId));
  if (!c) throw new Error(`no customer ${companyId}`);
  return c;
}

/** The first date the customer may order for at `now` (lead time, cutoff, no Sunday, no Saturday for type 1). */
export async function firstDeliveryDate(
  db: Db,
  companyId: number,
  now: Date,
  tz = 'America/Chicago',
): Promise<string> {
  const c = await customerByCompany(db, companyId);
  const [t] = await db.select().from(customerTypes).where(eq(customerTypes.id, c.customerTypeId));
  let d = earliestDeliveryDate({
    now,
    tz,
    leadHours: t!.leadHours,
    cutoffHours: t!.cutoffHours,
    cutoffMinutes: t!.cutoffMinutes,
  });
  while (dayOfWeek(d) === 0 || (c.customerTypeId === 1 && dayOfWeek(d) === 6)) d = addDays(d, 1);
  return d;
}

export async function orderableCodes(db: Db, companyId: number, date: string) {
  const c = await customerByCompany(db, companyId);
  return db
    .select({
      code: products.code,
      units: products.units,
      isCaseOnly: products.isCaseOnly,
      description: products.description,
    })
    .from(customerProducts)
    .innerJoin(products, eq(products.id, customerProducts.productId))
    .where(
      and(
        eq(customerProducts.customerId, c.id),
        eq(products.isActive, true),
        or(isNull(customerProducts.startDate), lte(customerProducts.startDate, date)),
        or(isNull(customerProducts.endDate), gte(customerProducts.endDate, date)),
      ),
    )
    .orderBy(products.code);
}

/** A complete, valid order body for the customer. */
export async function validOrderBody(db: Db, companyId: number, now: Date) {
  const DeliveryDate = await firstDeliveryDate(db, companyId, now);
  const codes = await orderableCodes(db, companyId, DeliveryDate);
  return {
    DeliveryDate,
    Name: 'Pat Murphy',
    Phone: '(312) 555-0142',
    Email: 'pat@bar.example.com',
    ReferencePO: companyId === 6001 ? 'PO-1234' : undefined,
    ProductQuantities: [
      { Code: codes[0]!.code, CaseQuantity: 2, UnitQuantity: 0 },
      { Code: codes[1]!.code, CaseQuantity: 0, UnitQuantity: 0 },
      { Code: codes[2]!.code, CaseQuantity: 1, UnitQuantity: 0 },
    ],
  };
}
