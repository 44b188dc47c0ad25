import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Customers, their types and the products they may order (split from schema.ts; schema.ts re-exports it). */

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
    /** Standing orders (design.md 8.6): hours before an occurrence's OrderBy it is placed. */
    standingOrderHours: integer('standing_order_hours').notNull().default(24),
  },
  (t) => [
    check('customer_types_id_positive', sql`${t.id} > 0`),
    check('customer_types_reminder_hours', sql`${t.reminderHours} between 0 and 72`),
    check('customer_types_standing_order_hours', sql`${t.standingOrderHours} between 1 and 168`),
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
    /** No cutoff reminder mails (design.md 7.4): set by the mail's stop link or by staff. */
    remindersOff: boolean('reminders_off').notNull().default(false),
    /** The liquor license (design.md 8.2), from the customers file's optional columns 5 and 6. */
    licenseNumber: text('license_number'),
    /** The last day the license is valid: a later delivery date is refused (decision 067). */
    licenseExpires: date('license_expires', { mode: 'string' }),
    /** 'COD', 'EFT' or 'NET{n}' (design.md 8.4), from the customers file's optional column 7. */
    paymentTerms: text('payment_terms'),
    /** The customer number and zip code sign in (design.md 8.2); off, only its people do. */
    sharedSignIn: boolean('shared_sign_in').notNull().default(true),
  },
  (t) => [
    uniqueIndex('customers_company_id_key').on(t.companyId),
    index('customers_customer_type_id_idx').on(t.customerTypeId),
    check('customers_company_id_range', sql`${t.companyId} between 1 and 9999`),
    check('customers_zipcode_range', sql`${t.zipcode} between 1 and 99999`),
    check('customers_payment_terms', sql`${t.paymentTerms} ~ '^(COD|EFT|NET[1-9][0-9]{0,2})$'`),
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
