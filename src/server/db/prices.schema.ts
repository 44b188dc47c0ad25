import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, unique } from 'drizzle-orm/pg-core';
import { customers, customerTypes, products } from './customers.schema.js';

/**
 * Posted prices (design.md 8.4, decision 073), as the prices file gives them: one row per price
 * level (a customer type, or one customer), product, quantity break and period start. Money is
 * whole cents. A file replaces the prices of the periods that have not ended; with
 * PRICE_POST_AND_HOLD, those that have started stay as posted.
 */
export const prices = pgTable(
  'prices',
  {
    id: serial('id').primaryKey(),
    /** The level: a customer type (`T{id}` in the file), or else one customer. */
    customerTypeId: integer('customer_type_id').references(() => customerTypes.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The least cases the price is for. */
    minCases: integer('min_cases').notNull().default(1),
    /** The period, both days included; no to date: no end. */
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }),
    casePrice: integer('case_price').notNull(),
    /** null: the units have no price of their own (case only). */
    unitPrice: integer('unit_price'),
    depositPerCase: integer('deposit_per_case').notNull().default(0),
  },
  (t) => [
    // The key a file's line writes to; a level is one of the two ids, the other null.
    unique('prices_key')
      .on(t.productId, t.minCases, t.fromDate, t.customerTypeId, t.customerId)
      .nullsNotDistinct(),
    index('prices_customer_id_idx').on(t.customerId),
    check('prices_one_level', sql`num_nonnulls(${t.customerTypeId}, ${t.customerId}) = 1`),
    check('prices_min_cases', sql`${t.minCases} between 1 and 9999`),
    check('prices_period', sql`${t.toDate} is null or ${t.toDate} >= ${t.fromDate}`),
    check('prices_case_price', sql`${t.casePrice} between 1 and 99999999`),
    check('prices_unit_price', sql`${t.unitPrice} is null or ${t.unitPrice} between 1 and 99999999`),
    check('prices_deposit', sql`${t.depositPerCase} between 0 and 99999999`),
  ],
);
