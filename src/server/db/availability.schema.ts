import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers, products } from './customers.schema.js';

/**
 * Will it arrive (design.md 8.3): the distributor's stock as the last availability file gave it.
 * Each file replaces every row; a product the file did not name has no row (its availability
 * is unknown, null in the API). Keyed by the product, as the file names only known items.
 */
export const availability = pgTable(
  'availability',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** `IN`, `LOW` or `OUT`. */
    status: text('status').notNull(),
    /** Cases available; null when the file left it blank (unknown). */
    cases: integer('cases'),
    /** When an `OUT` or `LOW` product is expected back. */
    expectedDate: date('expected_date', { mode: 'string' }),
    /** The product the distributor may send instead. */
    substituteId: integer('substitute_id').references(() => products.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('availability_status', sql`${t.status} in ('IN', 'LOW', 'OUT')`),
    check('availability_cases', sql`${t.cases} is null or ${t.cases} >= 0`),
  ],
);

/** When the last availability file was applied ("stock as of 10:40 AM"): one row, id 1. */
export const availabilityFile = pgTable(
  'availability_file',
  {
    id: integer('id').primaryKey(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('availability_file_single_row', sql`${t.id} = 1`)],
);

/**
 * A customer's substitution preference per product (design.md 8.3): `Allow` (the default, kept
 * as no row), `Never` or `CallMe`. Keyed by product code, as pars are, so it survives the
 * product's link to the customer being removed and added again.
 */
export const customerSubstitutions = pgTable(
  'customer_substitutions',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    preference: text('preference').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.code] }),
    check('customer_substitutions_preference', sql`${t.preference} in ('Allow', 'Never', 'CallMe')`),
  ],
);
