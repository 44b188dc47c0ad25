import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SavedSubstitutions, SubstitutionsSave } from '../../../domain/availability.js';
import { formatCompanyId } from '../../../domain/company-id.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { customerSubstitutions, customers } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { assertLinked, CUSTOMER } from './pars.service.js';

/**
 * Saves a customer's substitution preferences (design.md 8.3) in one transaction, as pars are
 * saved: every code must be one the customer has a link to, or the whole save is refused with
 * 422 naming it; a code given twice keeps its last value. `Allow` is the default, so it is kept
 * as no row. Answers every preference other than Allow, by code. Staff's save is audited.
 */
export async function saveCustomerSubstitutions(
  db: Db,
  customerId: number,
  save: SubstitutionsSave,
  actor: AuditActor | null,
): Promise<SavedSubstitutions> {
  const wanted = new Map(save.map((p) => [p.Code, p.Preference]));
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ companyId: customers.companyId, name: customers.name })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer) throw notFound(CUSTOMER);
    await assertLinked(tx, customerId, save);
    const before = new Map(
      (await listCustomerSubstitutions(tx, customerId)).map((p) => [p.Code, p.Preference]),
    );
    const set = [...wanted].flatMap(([code, preference]) =>
      preference === 'Allow' ? [] : [{ customerId, code, preference }],
    );
    const allow = [...wanted].flatMap(([code, preference]) => (preference === 'Allow' ? [code] : []));
    if (set.length > 0)
      await tx
        .insert(customerSubstitutions)
        .values(set)
        .onConflictDoUpdate({
          target: [customerSubstitutions.customerId, customerSubstitutions.code],
          set: { preference: sql`excluded.preference` },
        });
    if (allow.length > 0)
      await tx
        .delete(customerSubstitutions)
        .where(
          and(eq(customerSubstitutions.customerId, customerId), inArray(customerSubstitutions.code, allow)),
        );
    const after = await listCustomerSubstitutions(tx, customerId);
    if (actor) {
      const now = new Map(after.map((p) => [p.Code, p.Preference]));
      const changes = [...wanted.keys()]
        .filter((code) => (before.get(code) ?? 'Allow') !== (now.get(code) ?? 'Allow'))
        .map((code) => ({
          Field: `Substitution ${code}`,
          Before: before.get(code) ?? 'Allow',
          After: now.get(code) ?? 'Allow',
        }));
      if (changes.length > 0)
        await recordAudit(tx, actor, {
          action: 'Update',
          entity: 'CustomerSubstitutions',
          entityId: customerId,
          summary: `Changed ${changes.length === 1 ? 'a substitution preference' : `${changes.length} substitution preferences`} for customer ${formatCompanyId(customer.companyId)} ${customer.name}`,
          changes,
        });
    }
    return after;
  });
}

/** The customer's preferences other than Allow, by code (byte order, as pars). */
export async function listCustomerSubstitutions(db: DbOrTx, customerId: number): Promise<SavedSubstitutions> {
  return db
    .select({
      Code: customerSubstitutions.code,
      Preference: sql<'Never' | 'CallMe'>`${customerSubstitutions.preference}`,
    })
    .from(customerSubstitutions)
    .where(eq(customerSubstitutions.customerId, customerId))
    .orderBy(sql`${customerSubstitutions.code} collate "C"`);
}
