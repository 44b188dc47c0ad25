import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { InvoiceDetail, InvoiceSummary } from '../../../domain/invoice.schema.js';
import type { InvoiceFlag } from '../../../domain/invoice-check.js';
import type { DbOrTx } from '../../db/client.js';
import { invoiceLines, invoices, orders, products } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';

const summaryColumns = {
  Id: invoices.id,
  InvoiceNum: invoices.invoiceNum,
  OrderNum: orders.orderNum,
  OrderId: orders.id,
  InvoiceDate: invoices.invoiceDate,
  DueDate: invoices.dueDate,
  Total: invoices.total,
  Paid: invoices.paid,
  FlagCount: invoices.flagCount,
};

/** A customer's invoices, newest first (design.md 8.4). */
export async function customerInvoices(db: DbOrTx, customerId: number): Promise<InvoiceSummary[]> {
  return db
    .select(summaryColumns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(invoices.invoiceDate), desc(invoices.id));
}

export const INVOICE = 'The invoice';

/**
 * One invoice with its checked lines and its fees; 404 when there is none. With `customerId` (a
 * customer asking), another customer's invoice answers the same 404 as an unknown id.
 */
export async function getInvoice(
  db: DbOrTx,
  where: { id: number; customerId?: number },
): Promise<InvoiceDetail> {
  const [invoice] = await db
    .select({ ...summaryColumns, CustomerId: orders.customerId, DeliveryDate: orders.deliveryDate })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(
      and(
        eq(invoices.id, where.id),
        where.customerId === undefined ? undefined : eq(orders.customerId, where.customerId),
      ),
    );
  if (!invoice) throw notFound(INVOICE);
  const lines = await db
    .select({
      code: invoiceLines.code,
      description: products.description,
      fee: invoiceLines.feeDescription,
      cases: invoiceLines.cases,
      units: invoiceLines.units,
      casePrice: invoiceLines.casePrice,
      postedCasePrice: invoiceLines.postedCasePrice,
      deposit: invoiceLines.deposit,
      amount: invoiceLines.amount,
      orderedCases: invoiceLines.orderedCases,
      orderedUnits: invoiceLines.orderedUnits,
      flags: invoiceLines.flags,
    })
    .from(invoiceLines)
    .leftJoin(products, eq(products.code, invoiceLines.code))
    .where(eq(invoiceLines.invoiceId, invoice.Id))
    // The file's order; the ordered products it left out after them.
    .orderBy(sql`${invoiceLines.position} asc nulls last`, asc(invoiceLines.code));
  const flags = (f: string[]) => f as InvoiceFlag[];
  return {
    ...invoice,
    Lines: lines
      .filter((l) => l.code !== null)
      .map((l) => ({
        Code: l.code!,
        Description: l.description ?? l.code!,
        Cases: l.cases,
        Units: l.units,
        CasePrice: l.casePrice,
        PostedCasePrice: l.postedCasePrice,
        Deposit: l.deposit,
        Amount: l.amount,
        OrderedCases: l.orderedCases ?? 0,
        OrderedUnits: l.orderedUnits ?? 0,
        Flags: flags(l.flags),
      })),
    Fees: lines
      .filter((l) => l.fee !== null)
      .map((l) => ({ Description: l.fee!, Amount: l.amount, Flags: flags(l.flags) })),
  };
}
