import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * One schema for the embedded PGlite and for PostgreSQL (design.md section 1).
 * Column names are snake_case here; the API speaks PascalCase (design.md section 2).
 */

export const customerTypes = pgTable(
  'customer_types',
  {
    // Ids are the ERP's customer type numbers (1 to 7 and any an import adds), not a serial.
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    leadHours: integer('lead_hours').notNull().default(24),
    cutoffHours: integer('cutoff_hours').notNull().default(16),
    cutoffMinutes: integer('cutoff_minutes').notNull().default(0),
    footer: text('footer').notNull().default(''),
    /** Cutoff reminders (design.md 7.4): hours before an OrderBy a reminder may go; 0 is off. */
    reminderHours: integer('reminder_hours').notNull().default(0),
    /** The order minimum in cases in all (design.md 7.11); 0 is none. */
    minimumCases: integer('minimum_cases').notNull().default(0),
  },
  (t) => [
    check('customer_types_id_positive', sql`${t.id} > 0`),
    check('customer_types_reminder_hours', sql`${t.reminderHours} between 0 and 72`),
    check('customer_types_minimum_cases', sql`${t.minimumCases} between 0 and 999`),
    check('customer_types_lead_hours', sql`${t.leadHours} between 0 and 720`),
    check('customer_types_cutoff_hours', sql`${t.cutoffHours} between 0 and 23`),
    check('customer_types_cutoff_minutes', sql`${t.cutoffMinutes} between 0 and 59`),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    customerTypeId: integer('customer_type_id')
      .notNull()
      .references(() => customerTypes.id),
    name: text('name').notNull(),
    zipcode: integer('zipcode').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Raised to end every session of the customer (logout, a new zip code, deactivation: decision 022). */
    sessionVersion: integer('session_version').notNull().default(0),
    /** No cutoff reminder mails (design.md 7.4): set by the mail's stop link or by staff. */
    remindersOff: boolean('reminders_off').notNull().default(false),
  },
  (t) => [
    uniqueIndex('customers_company_id_key').on(t.companyId),
    index('customers_customer_type_id_idx').on(t.customerTypeId),
    check('customers_company_id_range', sql`${t.companyId} between 1 and 9999`),
    check('customers_zipcode_range', sql`${t.zipcode} between 1 and 99999`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    /** ProductType: 0 None, 1 Frozen, 2 NonFrozen (spec section 4). */
    type: smallint('type').notNull().default(0),
    /** Units per case (the spec's `Units`, shown as Units/Case). */
    units: integer('units').notNull().default(1),
    isCaseOnly: boolean('is_case_only').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    unitUom: text('unit_uom').notNull().default(''),
    caseUom: text('case_uom').notNull().default(''),
  },
  (t) => [
    uniqueIndex('products_code_key').on(t.code),
    check('products_type_range', sql`${t.type} in (0, 1, 2)`),
    check('products_units_positive', sql`${t.units} > 0`),
  ],
);

/** A product attached to a customer (the customer items import); the order form lists these. */
export const customerProducts = pgTable(
  'customer_products',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    orderNo: integer('order_no').notNull().default(0),
  },
  (t) => [
    uniqueIndex('customer_products_customer_product_key').on(t.customerId, t.productId),
    index('customer_products_product_id_idx').on(t.productId),
  ],
);

/**
 * A customer's par per product (design.md 7.1): the cases they like to have on hand. Keyed by
 * product code, not by link, so a par survives its link being removed and added again.
 */
export const customerPars = pgTable(
  'customer_pars',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    par: integer('par').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.code] }),
    check('customer_pars_par_range', sql`${t.par} between 0 and 9999`),
  ],
);

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
    /** OrderStatus: 0 None, 1 Open, 2 NoDelivery, 99 Completed. */
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
    /** Why staff accepted a delivery date inside the lead time; null without the override. */
    overrideReason: text('override_reason'),
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
  },
  (t) => [
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

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** 0 means every customer type. */
    customerTypeId: integer('customer_type_id').notNull().default(0),
    message: text('message').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('messages_dates_idx').on(t.startDate, t.endDate)],
);

/** System settings: a single row (id 1) holding the footer shown on customer screens. */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey(),
    footer: text('footer').notNull().default(''),
  },
  (t) => [check('settings_single_row', sql`${t.id} = 1`)],
);

export const adminUsers = pgTable(
  'admin_users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().default(''),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    company: text('company').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    fax: text('fax').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** Raised to end every session of the user (logout, a new password, deactivation: decision 022). */
    sessionVersion: integer('session_version').notNull().default(0),
  },
  // User names are unique without regard to case: 'Admin' and 'admin' are one person.
  (t) => [uniqueIndex('admin_users_user_name_key').on(sql`lower(${t.userName})`)],
);

/** Days without deliveries (design.md 7.2): one per date, named for customers ("Thanksgiving Day"). */
/**
 * Drafts (design.md 7.3): the one order a customer has not sent yet, as the form last saved it
 * (shape-checked JSON, at most 64 kB). Deleted by the customer's next order and with the customer.
 */
export const orderDrafts = pgTable('order_drafts', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  body: jsonb('body').notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const holidays = pgTable(
  'holidays',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('holidays_date_key').on(t.date),
    check('holidays_name_length', sql`char_length(${t.name}) between 1 and 60`),
  ],
);

/**
 * Cutoff reminders (design.md 7.4, decision 038): one row per customer and delivery date,
 * inserted by the process that claims it (the unique index decides between processes), then
 * sent. The mail columns work as the confirmation's on `orders` (decision 016).
 */
export const reminders = pgTable(
  'reminders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    /** The cutoff the reminder is about; retries stop once it has passed. */
    orderBy: timestamp('order_by', { withTimezone: true, mode: 'date' }).notNull(),
    email: text('email').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    sendingUntil: timestamp('sending_until', { withTimezone: true, mode: 'date' }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('reminders_customer_delivery_date_key').on(t.customerId, t.deliveryDate),
    index('reminders_delivery_date_idx').on(t.deliveryDate),
    index('reminders_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.nextAttemptAt} is not null`),
  ],
);

/**
 * The audit trail (design.md 7.6, decision 040): one row per admin write, inserted in the
 * write's own transaction. `changes` holds `[{ Field, Before, After }]`, never a password or hash.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    userName: text('user_name').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    summary: text('summary').notNull(),
    changes: jsonb('changes').notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    index('audit_entries_at_idx').on(t.at, t.id),
    index('audit_entries_entity_at_idx').on(t.entity, t.at),
  ],
);
