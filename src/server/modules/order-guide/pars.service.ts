import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatCompanyId } from '../../../domain/company-id.js';
import type { ParsSave, SavedPars } from '../../../domain/order-guide.schema.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { customerPars, customerProducts, customers, products } from '../../db/schema.js';
import { notFound, unprocessable } from '../../lib/http-error.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';

/** What a 404 names, for an unknown customer and (through assertCustomerAccess) another's. */
export const CUSTOMER = 'The customer';

export const unlinkedMessage = (code: string) => `Product ${code} is not one of the customer's products`;

/**
 * Saves a customer's pars in one transaction: a number is set, null forgets the par. Every
 * code must be one the customer has a link to (any link, whatever its dates: a par is kept
 * by code and outlives its link); one that is not refuses the whole save with 422, naming it.
 * A code given twice keeps its last value, as a form's last edit would. Answers every par the
 * customer has saved, by code. Staff's save (`actor`) is kept in the audit trail with the pars
 * it changed, in the same transaction (design.md 7.6); the customer's own is not an admin write.
 */
export async function saveCustomerPars(
  db: Db,
  customerId: number,
  pars: ParsSave,
  actor: AuditActor | null,
): Promise<SavedPars> {
  const wanted = new Map(pars.map((p) => [p.Code, p.Par]));
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, companyId: customers.companyId, name: customers.name })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer) throw notFound(CUSTOMER);
    const codes = [...wanted.keys()];
    const before = actor
      ? new Map((await listCustomerPars(tx, customerId)).map((p) => [p.Code, p.Par]))
      : null;
    if (codes.length > 0) {
      await assertLinked(tx, customerId, pars);
      const set = [...wanted].flatMap(([code, par]) => (par === null ? [] : [{ customerId, code, par }]));
      const forget = [...wanted].flatMap(([code, par]) => (par === null ? [code] : []));
      if (set.length > 0)
        await tx
          .insert(customerPars)
          .values(set)
          .onConflictDoUpdate({
            target: [customerPars.customerId, customerPars.code],
            set: { par: sql`excluded.par` },
          });
      if (forget.length > 0)
        await tx
          .delete(customerPars)
          .where(and(eq(customerPars.customerId, customerId), inArray(customerPars.code, forget)));
    }
    const after = await listCustomerPars(tx, customerId);
    if (actor && before) {
      const now = new Map(after.map((p) => [p.Code, p.Par]));
      const changes = codes
        .filter((code) => (before.get(code) ?? null) !== (now.get(code) ?? null))
        .map((code) => ({
          Field: `Par ${code}`,
          Before: before.get(code) ?? null,
          After: now.get(code) ?? null,
        }));
      if (changes.length > 0)
        await recordAudit(tx, actor, {
          action: 'Update',
          entity: 'CustomerPars',
          entityId: customerId,
          summary: `Changed ${changes.length === 1 ? 'a par' : `${changes.length} pars`} for customer ${formatCompanyId(customer.companyId)} ${customer.name}`,
          changes,
        });
    }
    return after;
  });
}

/**
 * Refuses with 422, naming each, the codes the customer has no link to (any link, whatever its
 * dates): a par or a substitution preference is kept by code and outlives its link.
 */
export async function assertLinked(db: DbOrTx, customerId: number, items: readonly { Code: string }[]) {
  const codes = [...new Set(items.map((p) => p.Code))];
  if (codes.length === 0) return;
  const linked = await db
    .select({ code: products.code })
    .from(customerProducts)
    .innerJoin(products, eq(products.id, customerProducts.productId))
    .where(and(eq(customerProducts.customerId, customerId), inArray(products.code, codes)));
  const known = new Set(linked.map((r) => r.code));
  const errors = items.flatMap((p, i) =>
    known.has(p.Code) ? [] : [{ Field: `${i}.Code`, Message: unlinkedMessage(p.Code) }],
  );
  if (errors.length > 0) throw unprocessable(errors[0]!.Message, errors);
}

/** Every par the customer has saved, by code (byte order, the same on PGlite and PostgreSQL). */
export async function listCustomerPars(db: DbOrTx, customerId: number): Promise<SavedPars> {
  return db
    .select({ Code: customerPars.code, Par: customerPars.par })
    .from(customerPars)
    .where(eq(customerPars.customerId, customerId))
    .orderBy(sql`${customerPars.code} collate "C"`);
}
