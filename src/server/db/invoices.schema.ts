import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.schema.js';

/**
 * Invoices (design.md 8.4, decision 076), as the invoices file gives them: one row per invoice
 * number, for an order the site knows (a web order or the ERP's history). A later file with the
 * same number replaces its lines. Money is whole cents. `total` and `flag_count` are the
 * invoice check's (`checkInvoice`), run when the file is imported.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    invoiceNum: text('invoice_num').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paid: boolean('paid').notNull().default(false),
    /** The lines' amounts and deposits and the fees, in cents. */
    total: integer('total').notNull().default(0),
    /** The flags the check raised on its lines and fees. */
    flagCount: integer('flag_count').notNull().default(0),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    unique('invoices_invoice_num_key').on(t.invoiceNum),
    index('invoices_order_id_idx').on(t.orderId),
    // The dashboard counts the flags of the last 7 days' invoices.
    index('invoices_invoice_date_idx').on(t.invoiceDate),
    check('invoices_due_date', sql`${t.dueDate} >= ${t.invoiceDate}`),
  ],
);

/**
 * An invoice's lines: an item (`code`) or a fee (`fee_description`), as the file gives them, and
 * the check's findings on each; an ordered product the invoice leaves out is a line of its own
 * with no `position` and no case price.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** The line's number in the file it came from; null for an ordered product left out. */
    position: integer('position'),
    code: text('code'),
    feeDescription: text('fee_description'),
    cases: integer('cases').notNull().default(0),
    units: integer('units').notNull().default(0),
    /** The invoice's case price; null on a fee and on an ordered product left out. */
    casePrice: integer('case_price'),
    /** Per case, as the prices file's. */
    deposit: integer('deposit').notNull().default(0),
    /** A fee's amount; an item's goods at its case price (deposits aside). */
    amount: integer('amount').notNull().default(0),
    orderedCases: integer('ordered_cases'),
    orderedUnits: integer('ordered_units'),
    postedCasePrice: integer('posted_case_price'),
    /** `Short`, `Extra`, `PriceDiffers`, `FeeNotOnOrder` (invoice-check.ts). */
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    unique('invoice_lines_code_key').on(t.invoiceId, t.code),
    unique('invoice_lines_fee_key').on(t.invoiceId, t.feeDescription),
    check('invoice_lines_one_kind', sql`num_nonnulls(${t.code}, ${t.feeDescription}) = 1`),
    check('invoice_lines_quantities', sql`${t.cases} between 0 and 9999 and ${t.units} between 0 and 9999`),
    check('invoice_lines_case_price', sql`${t.casePrice} is null or ${t.casePrice} between 0 and 99999999`),
    check('invoice_lines_deposit', sql`${t.deposit} between 0 and 99999999`),
  ],
);
