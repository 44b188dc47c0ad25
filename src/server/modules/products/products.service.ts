import { and, asc, count, eq, ne } from 'drizzle-orm';
import { productTypeName } from '../../../domain/enums.js';
import { type Product, type ProductSave, productMessages } from '../../../domain/product.schema.js';
import type { DbOrTx } from '../../db/client.js';
import { customerProducts, orderLines, products } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { plural } from '../../lib/plural.js';
import { type AuditActor, changesBetween, recordAudit } from '../audit/audit.js';

type ProductRow = typeof products.$inferSelect;

export function toProduct(p: ProductRow): Product {
  return {
    Id: p.id,
    Code: p.code,
    Description: p.description,
    Type: p.type,
    TypeName: productTypeName(p.type),
    Units: p.units,
    IsCaseOnly: p.isCaseOnly,
    IsActive: p.isActive,
    UnitUom: p.unitUom,
    CaseUom: p.caseUom,
  };
}

export async function listProducts(db: DbOrTx): Promise<Product[]> {
  const rows = await db.select().from(products).orderBy(asc(products.code), asc(products.id));
  return rows.map(toProduct);
}

export async function getProduct(db: DbOrTx, id: number): Promise<Product> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw notFound('Product');
  return toProduct(row);
}

/** Creates (Id 0) or replaces a product's fields; a Code another product has is a 409. */
export async function saveProduct(
  db: DbOrTx,
  input: ProductSave,
  actor: AuditActor,
): Promise<{ product: Product; created: boolean }> {
  const values = {
    code: input.Code,
    description: input.Description,
    type: input.Type,
    units: input.Units,
    isCaseOnly: input.IsCaseOnly,
    isActive: input.IsActive,
    unitUom: input.UnitUom,
    caseUom: input.CaseUom,
  };
  const [taken] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.code, input.Code), ne(products.id, input.Id)))
    .limit(1);
  if (taken) throw conflict(productMessages.codeTaken(input.Code));
  try {
    return await db.transaction(async (tx) => {
      let before: ProductRow | undefined;
      let row: ProductRow | undefined;
      if (input.Id === 0) {
        [row] = await tx.insert(products).values(values).returning();
      } else {
        [before] = await tx.select().from(products).where(eq(products.id, input.Id)).for('update');
        if (!before) throw notFound('Product');
        [row] = await tx.update(products).set(values).where(eq(products.id, input.Id)).returning();
      }
      const product = toProduct(row!);
      await recordAudit(tx, actor, {
        action: before ? 'Update' : 'Create',
        entity: 'Product',
        entityId: product.Id,
        summary: `${before ? 'Updated' : 'Created'} item ${product.Code} ${product.Description}`,
        changes: changesBetween(before ? toProduct(before) : null, product, ['Id']),
      });
      return { product, created: !before };
    });
  } catch (err) {
    // Another request took the code between the check and the write.
    if (isUniqueViolation(err)) throw conflict(productMessages.codeTaken(input.Code));
    throw err;
  }
}

/**
 * Deletes a product that nothing refers to. Order lines would keep their code and
 * description (the key sets null) and links would go with it, but a product with history
 * or customers is far more likely a mistake than a wish: staff make it inactive instead.
 */
export async function deleteProduct(db: DbOrTx, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    // The row lock makes an order or link being written for this product wait (its key
    // check takes a share lock), so the counts below stay true until the delete commits.
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound('Product');
    const [lines] = await tx.select({ n: count() }).from(orderLines).where(eq(orderLines.productId, id));
    const [links] = await tx
      .select({ n: count() })
      .from(customerProducts)
      .where(eq(customerProducts.productId, id));
    const reasons = [
      lines && lines.n > 0 ? `it is on ${plural(lines.n, 'order line')}` : null,
      links && links.n > 0 ? `it is linked to ${plural(links.n, 'customer')}` : null,
    ].filter((r): r is string => r !== null);
    if (reasons.length > 0) {
      throw conflict(
        `Product ${row.code} cannot be deleted: ${reasons.join(' and ')}. Make it inactive instead.`,
      );
    }
    await tx.delete(products).where(eq(products.id, id));
    await recordAudit(tx, actor, {
      action: 'Delete',
      entity: 'Product',
      entityId: id,
      summary: `Deleted item ${row.code} ${row.description}`,
      changes: changesBetween(toProduct(row), null, ['Id']),
    });
  });
}
