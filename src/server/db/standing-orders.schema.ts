import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.schema.js';
import { orders } from './orders.schema.js';

/**
 * Standing orders (design.md 8.6, decision 080): the same order on the same weekdays, placed by
 * the server before each cutoff exactly once. schema.ts re-exports these tables.
 */

export const standingOrders = pgTable(
  'standing_orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Delivery weekdays, 1 (Monday) to 6 (Saturday), ascending. */
    weekdays: smallint('weekdays').array().notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    referencePo: text('reference_po').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The last delivery date it may place; null: no end. */
    endDate: date('end_date', { mode: 'string' }),
    /** Who saved it last: a person's name, `Shared sign-in` or the staff user. */
    savedBy: text('saved_by').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('standing_orders_customer_idx').on(t.customerId),
    check(
      'standing_orders_weekdays',
      sql`cardinality(${t.weekdays}) between 1 and 6 and ${t.weekdays} <@ '{1,2,3,4,5,6}'::smallint[]`,
    ),
    check('standing_orders_dates', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

export const standingOrderLines = pgTable(
  'standing_order_lines',
  {
    standingOrderId: integer('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    /** The line's place in the order as saved. */
    position: integer('position').notNull(),
    code: text('code').notNull(),
    caseQuantity: integer('case_quantity').notNull().default(0),
    unitQuantity: integer('unit_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.standingOrderId, t.code] }),
    check('standing_order_lines_quantities', sql`${t.caseQuantity} >= 0 and ${t.unitQuantity} >= 0`),
  ],
);

/** Dates the customer (or staff) skipped: the check places nothing for them and says so. */
export const standingOrderSkips = pgTable(
  'standing_order_skips',
  {
    standingOrderId: integer('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.standingOrderId, t.deliveryDate] })],
);

/**
 * One row per standing order and delivery date the check has taken up: the unique pair is the
 * claim, so exactly one process handles each occurrence, as the reminders claim theirs
 * (decision 038). `outcome` is null while a process places it (until `placingUntil`, after which
 * another may take it up again: the order's Idempotency-Key keeps it one order).
 */
export const STANDING_RUN_OUTCOMES = ['placed', 'skipped', 'holiday', 'ordered', 'refused'] as const;
export const standingOrderRuns = pgTable(
  'standing_order_runs',
  {
    id: serial('id').primaryKey(),
    standingOrderId: integer('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    orderBy: timestamp('order_by', { withTimezone: true, mode: 'date' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull(),
    placingUntil: timestamp('placing_until', { withTimezone: true, mode: 'date' }),
    outcome: text('outcome', { enum: STANDING_RUN_OUTCOMES }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Why it was not placed: the rule's message, for the mail and the dashboard. */
    reason: text('reason'),
    /** The mail that says it was not placed: when it went, attempts, the last failure. */
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date' }),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailError: text('mail_error'),
  },
  (t) => [
    uniqueIndex('standing_order_runs_claim_key').on(t.standingOrderId, t.deliveryDate),
    index('standing_order_runs_order_by_idx').on(t.orderBy),
    check(
      'standing_order_runs_outcome',
      sql`${t.outcome} is null or ${t.outcome} in ('placed', 'skipped', 'holiday', 'ordered', 'refused')`,
    ),
  ],
);
