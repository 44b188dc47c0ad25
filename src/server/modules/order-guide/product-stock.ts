import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type Availability,
  type AvailabilityStatus,
  DEFAULT_SUBSTITUTION,
  type Substitution,
} from '../../../domain/availability.js';
import { availability, customerProducts, customerSubstitutions, products } from '../../db/schema.js';

/**
 * A linked product's stock and the customer's substitution preference (design.md 8.3), for the
 * reads that list a customer's products with drizzle (the form's products, the worksheet): the
 * columns to select and the three left joins, on `customer_products` joined to `products`. The
 * guide's one statement (order-guide.service.ts) reads the same tables in SQL.
 */
const substitutes = alias(products, 'substitute');

export const stockColumns = {
  stock: {
    Status: sql<AvailabilityStatus | null>`${availability.status}`,
    Cases: availability.cases,
    ExpectedDate: availability.expectedDate,
    SubstituteCode: substitutes.code,
    SubstituteDescription: substitutes.description,
  },
  preference: sql<Substitution | null>`${customerSubstitutions.preference}`,
};

export const stockJoins = {
  availability: [availability, eq(availability.productId, products.id)] as const,
  substitute: [substitutes, eq(substitutes.id, availability.substituteId)] as const,
  preference: [
    customerSubstitutions,
    and(
      eq(customerSubstitutions.customerId, customerProducts.customerId),
      eq(customerSubstitutions.code, products.code),
    ),
  ] as const,
};

type StockRow = {
  stock: { Status: AvailabilityStatus | null } & Omit<Availability, 'Status'>;
  preference: Substitution | null;
};

/** The API's `Availability` (null when the file never named the product) and `Substitution`. */
export function stockOf({ stock, preference }: StockRow): {
  Availability: Availability | null;
  Substitution: Substitution;
} {
  return {
    Availability: stock.Status === null ? null : { ...stock, Status: stock.Status },
    Substitution: preference ?? DEFAULT_SUBSTITUTION,
  };
}
