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
};

type LinkRow = Omit<CustomerProduct, 'TypeName'>;
const toCustomerProduct = (row: LinkRow): CustomerProduct => ({
  ...row,
  TypeName: productTypeName(row.Type),
});

/** Every product linked to the customer, by description ascending (spec section 9). */
export async function listCustomerProducts(db: DbOrTx, customerId: number): Promise<CustomerProduct[]> {
  const rows = await db
    .select(linkColumns)
    .from(customerProducts)
    .innerJoin(products, eq(products.id, customerProducts.productId))
    .where(eq(customerProducts.customerId, customerId))
    .orderBy(asc(sql`lower(${products.description})`), asc(products.code));
  return rows.map(toCustomerProduct);
}

async function findLink(db: DbOrTx, customerId: number, linkId: number): Promise<CustomerProduct | null> {
  const [row] = await db
    .select(linkColumns)
    .from(customerProducts)
    .innerJoin(products, eq(products.id, customerProducts.productId))
    .where(and(eq(customerProducts.id, linkId), eq(customerProducts.customerId, customerId)))
    .limit(1);
  return row ? toCustomerProduct(row) : null;
}

/** Links a product (by ProductId, else by Code) to a customer; a second link to the same product is a 409. */
export async function addCustomerProduct(
  db: DbOrTx,
  customerId: number,
  input: CustomerProductLinkSave,
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
    const [link] = await db
      .insert(customerProducts)
      .values({
        customerId,
        productId: product.id,
        startDate: input.StartDate,
        endDate: input.EndDate,
        orderNo: input.OrderNo,
      })
      .returning({ id: customerProducts.id });
    return (await findLink(db, customerId, link!.id))!;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(customerMessages.alreadyLinked(product.code));
    // The product or the customer went between the look-ups and the insert.
    if (isForeignKeyViolation(err)) throw unknownProduct();
    throw err;
  }
}

export async function removeCustomerProduct(db: DbOrTx, customerId: number, linkId: number): Promise<void> {
  const deleted = await db
    .delete(customerProducts)
    .where(and(eq(customerProducts.id, linkId), eq(customerProducts.customerId, customerId)))
    .returning({ id: customerProducts.id });
  if (deleted.length === 0) throw notFound('Product link');
}
