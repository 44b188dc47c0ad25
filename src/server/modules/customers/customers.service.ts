import { and, asc, count, eq, ne } from 'drizzle-orm';
import { formatCompanyId } from '../../../domain/company-id.js';
import {
  type Customer,
  type CustomerListItem,
  type CustomerSave,
  customerMessages,
} from '../../../domain/customer.schema.js';
import { customerTypeMessages } from '../../../domain/customer-type.schema.js';
import { priceFields } from '../../../domain/prices.schema.js';
import type { DbOrTx } from '../../db/client.js';
import { customers, customerTypes, orders } from '../../db/schema.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound, unprocessable } from '../../lib/http-error.js';
import { plural } from '../../lib/plural.js';
import { type AuditActor, changesBetween, recordAudit } from '../audit/audit.js';
import { customerPricesOn } from '../orders/order-prices.js';
import { listCustomerProducts } from './customer-products.service.js';

const listColumns = {
  Id: customers.id,
  CompanyId: customers.companyId,
  CustomerTypeId: customers.customerTypeId,
  CustomerTypeName: customerTypes.name,
  Name: customers.name,
  Zipcode: customers.zipcode,
  IsActive: customers.isActive,
  LicenseNumber: customers.licenseNumber,
  LicenseExpires: customers.licenseExpires,
  PaymentTerms: customers.paymentTerms,
  SharedSignIn: customers.sharedSignIn,
};

export async function listCustomers(db: DbOrTx): Promise<CustomerListItem[]> {
  return db
    .select(listColumns)
    .from(customers)
    .innerJoin(customerTypes, eq(customerTypes.id, customers.customerTypeId))
    .orderBy(asc(customers.companyId));
}

/**
 * The customer with the products linked to it, sorted by description (the admin view's list),
 * each with its price for delivery on `date` (design.md 8.4: the order form's products).
 */
export async function getCustomer(db: DbOrTx, id: number, date: string): Promise<Customer> {
  const [row] = await db
    .select(listColumns)
    .from(customers)
    .innerJoin(customerTypes, eq(customerTypes.id, customers.customerTypeId))
    .where(eq(customers.id, id))
    .limit(1);
  if (!row) throw notFound('Customer');
  const [products, prices] = await Promise.all([
    listCustomerProducts(db, id),
    customerPricesOn(db, id, date),
  ]);
  return { ...row, Products: products.map((p) => ({ ...p, ...priceFields(prices.get(p.Code)) })) };
}

const unknownType = (id: number) =>
  unprocessable(customerTypeMessages.unknown(id), [
    { Field: 'CustomerTypeId', Message: customerTypeMessages.unknown(id) },
  ]);

/** Creates (Id 0) or updates a customer; CompanyId is unique (409), the type must exist (422). */
export async function saveCustomer(
  db: DbOrTx,
  input: CustomerSave,
  actor: AuditActor,
): Promise<{ customer: Customer; created: boolean }> {
  const [type] = await db
    .select({ id: customerTypes.id })
    .from(customerTypes)
    .where(eq(customerTypes.id, input.CustomerTypeId))
    .limit(1);
  if (!type) throw unknownType(input.CustomerTypeId);
  const [taken] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, input.CompanyId), ne(customers.id, input.Id)))
    .limit(1);
  if (taken) throw conflict(customerMessages.companyIdTaken(input.CompanyId));

  const values = {
    companyId: input.CompanyId,
    customerTypeId: input.CustomerTypeId,
    name: input.Name,
    zipcode: input.Zipcode,
    isActive: input.IsActive,
  };
  try {
    return await db.transaction(async (tx) => {
      let before: CustomerListItem | undefined;
      let id: number;
      if (input.Id === 0) {
        const [row] = await tx.insert(customers).values(values).returning({ id: customers.id });
        id = row!.id;
      } else {
        before = await customerRecord(tx, input.Id, true);
        if (!before) throw notFound('Customer');
        await tx.update(customers).set(values).where(eq(customers.id, input.Id));
        id = input.Id;
      }
      const after = (await customerRecord(tx, id, false))!;
      await recordAudit(tx, actor, {
        action: before ? 'Update' : 'Create',
        entity: 'Customer',
        entityId: id,
        summary: `${before ? 'Updated' : 'Created'} customer ${formatCompanyId(after.CompanyId)} ${after.Name}`,
        changes: changesBetween(before ?? null, after, ['Id']),
      });
      return { customer: { ...after, Products: await listCustomerProducts(tx, id) }, created: !before };
    });
  } catch (err) {
    // Lost a race: another request took the CompanyId, or deleted the type, after the checks.
    if (isUniqueViolation(err)) throw conflict(customerMessages.companyIdTaken(input.CompanyId));
    if (isForeignKeyViolation(err)) throw unknownType(input.CustomerTypeId);
    throw err;
  }
}

/** The customer's fields as the list shows them (locked for an update when asked). */
async function customerRecord(tx: DbOrTx, id: number, lock: boolean): Promise<CustomerListItem | undefined> {
  if (lock) await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).for('update');
  const [row] = await tx
    .select(listColumns)
    .from(customers)
    .innerJoin(customerTypes, eq(customerTypes.id, customers.customerTypeId))
    .where(eq(customers.id, id))
    .limit(1);
  return row;
}

/**
 * Deletes a customer without orders (its product links go with it). Orders would cascade,
 * and order history is not something to lose by a click: staff make the customer inactive.
 */
export async function deleteCustomer(db: DbOrTx, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked so an order being placed for this customer either lands first (and is counted) or waits.
    const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!row) throw notFound('Customer');
    const [placed] = await tx.select({ n: count() }).from(orders).where(eq(orders.customerId, id));
    if (placed && placed.n > 0) {
      throw conflict(
        `Customer ${formatCompanyId(row.companyId)} cannot be deleted: it has ${plural(placed.n, 'order')}. Make it inactive instead.`,
      );
    }
    const before = await customerRecord(tx, id, false);
    await tx.delete(customers).where(eq(customers.id, id));
    await recordAudit(tx, actor, {
      action: 'Delete',
      entity: 'Customer',
      entityId: id,
      summary: `Deleted customer ${formatCompanyId(row.companyId)} ${row.name}`,
      changes: changesBetween(before ?? null, null, ['Id']),
    });
  });
}
