import { asc, count, eq, max } from 'drizzle-orm';
import type {
  CustomerType,
  CustomerTypeListItem,
  CustomerTypeSave,
} from '../../../domain/customer-type.schema.js';
import type { DbOrTx } from '../../db/client.js';
import { customers, customerTypes, messages } from '../../db/schema.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { plural } from '../../lib/plural.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { type AuditActor, changesBetween, recordAudit } from '../audit/audit.js';

type CustomerTypeRow = typeof customerTypes.$inferSelect;

const toListItem = (t: CustomerTypeRow): CustomerTypeListItem => ({
  Id: t.id,
  Name: t.name,
  LeadHours: t.leadHours,
  CutoffHours: t.cutoffHours,
  CutoffMinutes: t.cutoffMinutes,
  MinimumCases: t.minimumCases,
});

// The footer is HTML staff wrote: sanitized again on the way out (design.md section 3).
const toCustomerType = (t: CustomerTypeRow): CustomerType => ({
  ...toListItem(t),
  Footer: sanitizeHtml(t.footer),
  ReminderHours: t.reminderHours,
  StandingOrderHours: t.standingOrderHours,
});

export async function listCustomerTypes(db: DbOrTx): Promise<CustomerTypeListItem[]> {
  const rows = await db.select().from(customerTypes).orderBy(asc(customerTypes.id));
  return rows.map(toListItem);
}

export async function getCustomerType(db: DbOrTx, id: number): Promise<CustomerType> {
  const [row] = await db.select().from(customerTypes).where(eq(customerTypes.id, id)).limit(1);
  if (!row) throw notFound('Customer Type');
  return toCustomerType(row);
}

/**
 * Ids are the ERP's customer type numbers: an existing Id is updated, a new Id is created
 * as that number (as the customers import does), and Id 0 takes the next free number.
 * The footer is always stored empty: the spec's edit screen clears it before saving.
 */
export async function saveCustomerType(
  db: DbOrTx,
  input: CustomerTypeSave,
  actor: AuditActor,
): Promise<{ customerType: CustomerType; created: boolean }> {
  const values = {
    name: input.Name,
    leadHours: input.LeadHours,
    cutoffHours: input.CutoffHours,
    cutoffMinutes: input.CutoffMinutes,
    footer: '',
    // Absent keeps what is stored (a new type gets the column's default, 0: off).
    ...(input.ReminderHours == null ? {} : { reminderHours: input.ReminderHours }),
    ...(input.MinimumCases == null ? {} : { minimumCases: input.MinimumCases }),
    ...(input.StandingOrderHours == null ? {} : { standingOrderHours: input.StandingOrderHours }),
  };
  let id = input.Id;
  try {
    return await db.transaction(async (tx) => {
      if (id === 0) {
        const [top] = await tx.select({ id: max(customerTypes.id) }).from(customerTypes);
        id = (top?.id ?? 0) + 1;
      }
      const [before] = await tx.select().from(customerTypes).where(eq(customerTypes.id, id)).for('update');
      const [updated] = await tx
        .update(customerTypes)
        .set(values)
        .where(eq(customerTypes.id, id))
        .returning();
      const row =
        updated ??
        (
          await tx
            .insert(customerTypes)
            .values({ id, ...values })
            .returning()
        )[0]!;
      const customerType = toCustomerType(row);
      const created = !updated;
      await recordAudit(tx, actor, {
        action: created ? 'Create' : 'Update',
        entity: 'CustomerType',
        entityId: id,
        summary: `${created ? 'Created' : 'Updated'} Customer Type ${id} ${row.name}`,
        changes: changesBetween(before ? toCustomerType(before) : null, customerType, ['Id']),
      });
      return { customerType, created };
    });
  } catch (err) {
    // Two staff creating a type at once picked the same next number.
    if (isUniqueViolation(err))
      throw conflict(`Customer Type ${id} was just created by someone else; please try again`);
    throw err;
  }
}

/** Deletes a type no customer uses and no message is addressed to. */
export async function deleteCustomerType(db: DbOrTx, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked: a customer being saved with this type waits (its key check needs the row) and then fails cleanly.
    const [row] = await tx.select().from(customerTypes).where(eq(customerTypes.id, id)).for('update');
    if (!row) throw notFound('Customer Type');
    const [users] = await tx.select({ n: count() }).from(customers).where(eq(customers.customerTypeId, id));
    const [addressed] = await tx.select({ n: count() }).from(messages).where(eq(messages.customerTypeId, id));
    const reasons = [
      users && users.n > 0 ? `${plural(users.n, 'customer')} ${users.n === 1 ? 'uses' : 'use'} it` : null,
      addressed && addressed.n > 0
        ? `${plural(addressed.n, 'message')} ${addressed.n === 1 ? 'is' : 'are'} addressed to it`
        : null,
    ].filter((r): r is string => r !== null);
    if (reasons.length > 0) throw conflict(`Customer Type ${id} cannot be deleted: ${reasons.join(' and ')}`);
    try {
      await tx.delete(customerTypes).where(eq(customerTypes.id, id));
      await recordAudit(tx, actor, {
        action: 'Delete',
        entity: 'CustomerType',
        entityId: id,
        summary: `Deleted Customer Type ${id} ${row.name}`,
        changes: changesBetween(toCustomerType(row), null, ['Id']),
      });
    } catch (err) {
      if (isForeignKeyViolation(err))
        throw conflict(`Customer Type ${id} cannot be deleted: customers use it`);
      throw err;
    }
  });
}
