import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.schema.js';
import { people } from './people.schema.js';

/**
 * One schema for the embedded PGlite and for PostgreSQL (design.md section 1).
 * Column names are snake_case here; the API speaks PascalCase (design.md section 2).
 * Customers and orders have files of their own beside this one, re-exported here.
 */

export * from './availability.schema.js';
export * from './customers.schema.js';
export * from './invoices.schema.js';
export * from './orders.schema.js';
export * from './people.schema.js';
export * from './prices.schema.js';
export * from './standing-orders.schema.js';

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
  },
  // User names are unique without regard to case: 'Admin' and 'admin' are one person.
  (t) => [uniqueIndex('admin_users_user_name_key').on(sql`lower(${t.userName})`)],
);

/**
 * One row per signed-in device (decision 066): the session cookie carries the row's id, and a
 * request is signed in while its row exists. Signing out deletes this device's row; "sign out
 * everywhere", a new zip code or password and deactivation delete the account's rows (the last
 * three in triggers, so every path that writes them is covered). Exactly one account: the
 * customer of the shared sign-in, or a staff user.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    adminUserId: integer('admin_user_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** A person's session at the venue `customer_id` (design.md 8.2); null for the shared sign-in. */
    personId: integer('person_id').references(() => people.id, { onDelete: 'cascade' }),
    /** What the device said it is, for the list of sessions ("Chrome on Android"). */
    device: text('device').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Moved on at most once a minute by the requests of the session. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_customer_id_idx').on(t.customerId),
    index('sessions_admin_user_id_idx').on(t.adminUserId),
    index('sessions_person_id_idx').on(t.personId),
    index('sessions_started_at_idx').on(t.startedAt),
    check('sessions_one_account', sql`num_nonnulls(${t.customerId}, ${t.adminUserId}) = 1`),
    check('sessions_person_at_venue', sql`${t.personId} is null or ${t.customerId} is not null`),
  ],
);

/** Days without deliveries (design.md 7.2): one per date, named for customers ("Thanksgiving Day"). */
/**
 * Drafts (design.md 7.3): the one order a customer has not sent yet, as the form last saved it
 * (shape-checked JSON, at most 64 kB). Deleted with the customer. Its order (`sent`) or a
 * Discard (`discarded`) ends it: the row stays, emptied, so that a save from a tab that started
 * before is refused with the reason, and `saved_at` only ever grows, so it is the draft's
 * version (decision 061).
 */
export const orderDrafts = pgTable('order_drafts', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  body: jsonb('body').notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull(),
  state: text('state', { enum: ['open', 'sent', 'discarded'] })
    .notNull()
    .default('open'),
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
