import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { DEFAULT_SUBSTITUTION, type Substitution } from '../../../domain/availability.js';
import { isIsoDate } from '../../../domain/business-date.js';
import type { CustomerTypeRules, OrderableProduct } from '../../../domain/order.schema.js';
import type { DbOrTx } from '../../db/client.js';
import {
  customerProducts,
  customerSubstitutions,
  customers,
  customerTypes,
  holidays,
  orders,
  products,
} from '../../db/schema.js';
import type { CustomerRow } from '../../plugins/auth.js';

export type OrderableProducts = Map<
  string,
  OrderableProduct & { ProductId: number; Description: string; Substitution: Substitution }
>;

export interface OrderContext {
  customer: CustomerRow;
  /** Null when the customer's type does not exist (a broken import). */
  type: CustomerTypeRules | null;
  /** The Web Conf # of the order already placed with this Idempotency-Key. */
  firstOrderNum: string | null;
  /** The hash of the body that order was placed with (null for one placed before hashes). */
  firstBodyHash: string | null;
  products: OrderableProducts;
  /** The delivery date's holiday, date to name (empty when it has none). */
  holidays: Map<string, string>;
}

/**
 * What POST and PUT Order need to know before they validate (decision 017), undefined when
 * there is no such customer: the customer (for the account check) and their type's rules; the
 * Web Conf # and body hash of an earlier order with the same Idempotency-Key (the unique index
 * allows one); which of the codes the body asks for the customer may order for the delivery date
 * (linked to the customer, active, the link's dates containing the date; design.md 5.2): a code
 * not returned is one they may not; and the delivery date's holiday, if any (design.md 7.2).
 */
export async function orderContext(
  db: DbOrTx,
  customerId: number,
  idempotencyKey: string | null,
  deliveryDate: unknown,
  codes: string[],
): Promise<OrderContext | undefined> {
  const date = isIsoDate(deliveryDate) ? deliveryDate : null;
  const [found] = await db
    .select({ customer: customers, type: customerTypes })
    .from(customers)
    .leftJoin(customerTypes, eq(customerTypes.id, customers.customerTypeId))
    .where(eq(customers.id, customerId));
  if (!found) return undefined;
  const [first, holiday, orderable] = await Promise.all([
    idempotencyKey === null
      ? []
      : db
          .select({ orderNum: orders.orderNum, bodyHash: orders.idempotencyBodyHash })
          .from(orders)
          .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, idempotencyKey))),
    date === null ? [] : db.select({ name: holidays.name }).from(holidays).where(eq(holidays.date, date)),
    date === null || codes.length === 0
      ? []
      : db
          .select({
            id: products.id,
            code: products.code,
            description: products.description,
            units: products.units,
            isCaseOnly: products.isCaseOnly,
            preference: sql<Substitution | null>`${customerSubstitutions.preference}`,
          })
          .from(customerProducts)
          .innerJoin(products, eq(products.id, customerProducts.productId))
          .leftJoin(
            customerSubstitutions,
            and(
              eq(customerSubstitutions.customerId, customerProducts.customerId),
              eq(customerSubstitutions.code, products.code),
            ),
          )
          .where(
            and(
              eq(customerProducts.customerId, customerId),
              eq(products.isActive, true),
              inArray(products.code, codes),
              or(isNull(customerProducts.startDate), lte(customerProducts.startDate, date)),
              or(isNull(customerProducts.endDate), gte(customerProducts.endDate, date)),
            ),
          ),
  ]);
  const map: OrderableProducts = new Map();
  for (const p of orderable) {
    map.set(p.code, {
      ProductId: p.id,
      Description: p.description,
      UnitsPerCase: p.units,
      IsCaseOnly: p.isCaseOnly,
      Substitution: p.preference ?? DEFAULT_SUBSTITUTION,
    });
  }
  const { type } = found;
  return {
    customer: found.customer,
    type:
      type === null
        ? null
        : {
            Id: type.id,
            LeadHours: type.leadHours,
            CutoffHours: type.cutoffHours,
            CutoffMinutes: type.cutoffMinutes,
            MinimumCases: type.minimumCases,
          },
    firstOrderNum: first[0]?.orderNum ?? null,
    firstBodyHash: first[0]?.bodyHash ?? null,
    products: map,
    holidays: new Map(date !== null && holiday[0] ? [[date, holiday[0].name]] : []),
  };
}
