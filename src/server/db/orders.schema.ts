import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, products } from './customers.schema.js';
import { people } from './people.schema.js';
import { standingOrders } from './standing-orders.schema.js';

/** Orders, their lines and what the ERP delivered (split from schema.ts; schema.ts re-exports it). */

/** Web Conf # numbers: a sequence, so several server processes never hand out the same one. */
export const webOrderNumSeq = pgSequence('web_order_num_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Web Conf # for web orders, the ERP's order number for imported history. */
    orderNum: text('order_num').notNull(),
    /** 'web' for orders placed here, 'import' for the ERP's order history. */
    source: text('source', { enum: ['web', 'import'] }).notNull(),
    /** The ERP's order type column; web orders carry 'WEB'. */
    orderType: text('order_type').notNull().default(''),
    createDate: timestamp('create_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    referencePo: text('reference_po').notNull().default(''),
    /** OrderStatus: 0 None, 1 Open, 2 NoDelivery, 3 Cancelled (design.md 7.10), 99 Completed. */
    status: smallint('status').notNull().default(1),
    /** When the back-office file was last written; null means the ERP has not got it yet. */
    exportedAt: timestamp('exported_at', { withTimezone: true, mode: 'date' }),
    /** When the confirmation mail went out; null means it is still owed. */
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date' }),
    /** Confirmation mail attempts made so far (the first one after the order counts). */
    mailAttempts: integer('mail_attempts').notNull().default(0),
    /**
     * When the mail-retry loop may try again; null means never automatically: mailed,
     * imported, given up, or placed before retries existed (decision 016).
     */
    mailNextAttemptAt: timestamp('mail_next_attempt_at', { withTimezone: true, mode: 'date' }),
    /** Set while an attempt is under way, so no other process starts one before it lapses. */
    mailSendingUntil: timestamp('mail_sending_until', { withTimezone: true, mode: 'date' }),
    /** Why the last attempt failed; null after a success. */
    mailError: text('mail_error'),
    idempotencyKey: text('idempotency_key'),
    /**
     * SHA-256 (hex) of the normalized body the Idempotency-Key was first used with, so a reuse
     * with a different body is refused (decision 024); null without a key, or from before.
     */
    idempotencyBodyHash: text('idempotency_body_hash'),
    /** The admin's user name when staff placed the order for the customer (design.md 7.5); null when the customer did. */
    enteredBy: text('entered_by'),
    /** The person who placed it with their own sign-in (design.md 8.2); null for the shared sign-in and staff. */
    personId: integer('person_id').references(() => people.id, { onDelete: 'set null' }),
    /** Why staff accepted a delivery date inside the lead time; null without the override. */
    overrideReason: text('override_reason'),
    /** When the order was last changed or cancelled before its cutoff (design.md 7.10); null if never. */
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Set while a change holds the order's export file claimed (`.{file}.claimed`, decision 052);
     * once it has passed, the recovery sweep settles the claim from the order as saved.
     */
    exportClaimedUntil: timestamp('export_claimed_until', { withTimezone: true, mode: 'date' }),
    /** The standing order that placed it (design.md 8.6); null for every other order. */
    standingOrderId: integer('standing_order_id').references((): AnyPgColumn => standingOrders.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('orders_order_num_key').on(t.orderNum),
    uniqueIndex('orders_customer_idempotency_key')
      .on(t.customerId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('orders_customer_create_date_idx').on(t.customerId, t.createDate.desc()),
    index('orders_customer_delivery_date_idx').on(t.customerId, t.deliveryDate.desc()),
    // Every customer's orders on a few dates: the staff dashboard's days ahead and usual dates
    // (decision 043); without it PostgreSQL reads the whole table twice a call.
    index('orders_delivery_date_idx').on(t.deliveryDate),
    index('orders_source_create_date_idx').on(t.source, t.createDate.desc()),
    // The retry round's claim reads only the few orders still owed a mail.
    index('orders_mail_due_idx')
      .on(t.mailNextAttemptAt)
      .where(sql`${t.mailedAt} is null and ${t.mailNextAttemptAt} is not null`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null when the ERP's history names an item this site does not know; code and description stay. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    unitsPerCase: integer('units_per_case').notNull().default(1),
    caseQuantity: integer('case_quantity').notNull().default(0),
    unitQuantity: integer('unit_quantity').notNull().default(0),
    isCaseOnly: boolean('is_case_only').notNull().default(true),
    /**
     * A credit the ERP's order history file gives (its order type in CREDIT_ORDER_TYPES, or a
     * negative quantity; issue 43): the quantities, stored positive, came back. Shown as a
     * return in the customer's history and never counted in the order guide's figures.
     */
    isReturn: boolean('is_return').notNull().default(false),
    /**
     * What the customer said may be sent instead when the product is out (design.md 8.3):
     * `Allow`, `Never` or `CallMe`, the export file's 15th column (`A`, `N`, `C`).
     */
    substitution: text('substitution').notNull().default('Allow'),
  },
  (t) => [
    check('order_lines_substitution', sql`${t.substitution} in ('Allow', 'Never', 'CallMe')`),
    uniqueIndex('order_lines_order_code_key').on(t.orderId, t.code),
    index('order_lines_product_id_idx').on(t.productId),
    check('order_lines_quantities', sql`${t.caseQuantity} >= 0 and ${t.unitQuantity} >= 0`),
  ],
);

/**
 * What the ERP's order history file says it did with a web order (design.md 7.12, decision
 * 051): one row per item the file lists for the order, beside the lines the customer ordered,
 * which the import never changes. An order with no row here has not been listed by a file yet.
 */
export const orderDeliveredLines = pgTable(
  'order_delivered_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    unitsPerCase: integer('units_per_case').notNull().default(0),
    cases: integer('cases').notNull().default(0),
    units: integer('units').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.code] }),
    check('order_delivered_lines_quantities', sql`${t.cases} >= 0 and ${t.units} >= 0`),
  ],
);
