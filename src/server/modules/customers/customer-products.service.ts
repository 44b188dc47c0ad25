import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type CustomerProduct,
  type CustomerProductLinkSave,
  customerMessages,
} from '../../../domain/customer.schema.js';
import { productTypeName } from '../../../domain/enums.js';
import type { DbOrTx } from '../../db/client.js';
import { customerProducts, customers, products } from '../../db/schema.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound, unprocessable } from '../../lib/http-error.js';
import { type AuditActor, changesBetween, recordAudit } from '../audit/audit.js';
import { stockColumns, stockJoins, stockOf } from '../order-guide/product-stock.js';

/** Product links: the products attached to a customer (spec section 3, customer items import). */

const linkColumns = {
  ProductLinkId: customerProducts.id,
  ProductId: products.id,
  Code: products.code,
  Description: products.description,
  Type: products.type,
  UnitsPerCase: products.units,
  IsCaseOnly: products.isCaseOnly,
  IsActive: products.isActive,
  StartDate: customerProducts.startDate,
  EndDate: customerProducts.endDate,
  OrderNo: customerProducts.orderNo,
  ...stockColumns,
};

/** The links of a customer, each with its product's stock and the customer's preference (8.3). */
const links = (db: DbOrTx) =>
  db
    .select(linkColumns)
    .from(customerProducts)
    .innerJoin(products, eq(products.id, customerProducts.productId))
    .leftJoin(...stockJoins.availability)
    .leftJoin(...stockJoins.substitute)
    .leftJoin(...stockJoins.preference);

type LinkRow = Awaited<ReturnType<typeof links>>[number];
const toCustomerProduct = ({ stock, preference, ...row }: LinkRow): CustomerProduct => ({
  ...row,
  TypeName: productTypeName(row.Type),
  ...stockOf({ stock, preference }),
});

/** Every product linked to the customer, by description ascending (spec section 9). */
export async function listCustomerProducts(db: DbOrTx, customerId: number): Promise<CustomerProduct[]> {
  const rows = await links(db)
    .where(eq(customerProducts.customerId, customerId))
    .orderBy(asc(sql`lower(${products.description})`), asc(products.code));
  return rows.map(toCustomerProduct);
}

async function findLink(db: DbOrTx, customerId: number, linkId: number): Promise<CustomerProduct | null> {
  const [row] = await links(db)
    .where(and(eq(customerProducts.id, linkId), eq(customerProducts.customerId, customerId)))
    .limit(1);
  return row ? toCustomerProduct(row) : null;
}

/** Links a product (by ProductId, else by Code) to a customer; a second link to the same product is a 409. */
export async function addCustomerProduct(
  db: DbOrTx,
  customerId: number,
  input: CustomerProductLinkSave,
  actor: AuditActor,
): Promise<CustomerProduct> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw notFound('Customer');
  const field = input.ProductId ? 'ProductId' : 'Code';
  const [product] = await db
    .select({ id: products.id, code: products.code })
    .from(products)
    .where(input.ProductId ? eq(products.id, input.ProductId) : eq(products.code, input.Code ?? ''))
    .limit(1);
  const unknownProduct = () => {
    const message = customerMessages.unknownProduct(input.ProductId ?? input.Code ?? '');
    return unprocessable(message, [{ Field: field, Message: message }]);
  };
  if (!product) throw unknownProduct();
  try {
    return await db.transaction(async (tx) => {
      const [link] = await tx
        .insert(customerProducts)
        .values({
          customerId,
          productId: product.id,
          startDate: input.StartDate,
          endDate: input.EndDate,
          orderNo: input.OrderNo,
        })
        .returning({ id: customerProducts.id });
      const saved = (await findLink(tx, customerId, link!.id))!;
      await recordAudit(tx, actor, linkAudit('Create', customerId, saved, null, saved));
      return saved;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(customerMessages.alreadyLinked(product.code));
    // The product or the customer went between the look-ups and the insert.
    if (isForeignKeyViolation(err)) throw unknownProduct();
    throw err;
  }
}

function linkAudit(
  action: 'Create' | 'Delete',
  customerId: number,
  link: CustomerProduct,
  before: CustomerProduct | null,
  after: CustomerProduct | null,
) {
  const keep = ['ProductId', 'Code', 'StartDate', 'EndDate', 'OrderNo'];
  const pick = (l: CustomerProduct | null) =>
    l ? Object.fromEntries(keep.map((k) => [k, l[k as keyof CustomerProduct]])) : null;
  return {
    action,
    entity: 'CustomerProduct' as const,
    entityId: link.ProductLinkId,
    summary: `${action === 'Create' ? 'Linked' : 'Unlinked'} item ${link.Code} ${action === 'Create' ? 'to' : 'from'} customer id ${customerId}`,
    changes: changesBetween(pick(before), pick(after)),
  };
}

export async function removeCustomerProduct(
  db: DbOrTx,
  customerId: number,
  linkId: number,
  actor: AuditActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const link = await findLink(tx, customerId, linkId);
    const deleted = await tx
      .delete(customerProducts)
      .where(and(eq(customerProducts.id, linkId), eq(customerProducts.customerId, customerId)))
      .returning({ id: customerProducts.id });
    if (deleted.length === 0 || !link) throw notFound('Product link');
    await recordAudit(tx, actor, linkAudit('Delete', customerId, link, link, null));
  });
}
