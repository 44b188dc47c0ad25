import { desc, eq } from 'drizzle-orm';
import { formatCompanyId } from '../../../domain/company-id.js';
import { toZonedIso } from '../../../domain/order-by.js';
import type { Reminder } from '../../../domain/reminders.js';
import type { DbOrTx } from '../../db/client.js';
import { customers, reminders } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { type AuditActor, changesBetween, recordAudit } from '../audit/audit.js';

/** The reminders staff read, and a customer's choice to receive them or not. */

/** GET Reminders?date=: the reminders for a delivery date, or the latest 500 without one. */
export async function listReminders(db: DbOrTx, date: string | undefined, tz: string): Promise<Reminder[]> {
  const rows = await db
    .select({ r: reminders, companyId: customers.companyId, name: customers.name })
    .from(reminders)
    .innerJoin(customers, eq(customers.id, reminders.customerId))
    .where(date ? eq(reminders.deliveryDate, date) : undefined)
    .orderBy(desc(reminders.claimedAt), desc(reminders.id))
    .limit(date ? 100_000 : 500);
  return rows.map(({ r, companyId, name }) => ({
    Id: r.id,
    CustomerId: r.customerId,
    CompanyId: companyId,
    CustomerName: name,
    DeliveryDate: r.deliveryDate,
    OrderBy: toZonedIso(r.orderBy, tz),
    Email: r.email,
    ClaimedAt: r.claimedAt.toISOString(),
    SentAt: r.sentAt?.toISOString() ?? null,
    Attempts: r.attempts,
    Error: r.error,
  }));
}

export async function getRemindersOff(db: DbOrTx, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ off: customers.remindersOff })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw notFound('Customer');
  return row.off;
}

/** Sets RemindersOff; answers the company and name, or null for a customer that is gone. */
export async function setRemindersOff(
  db: DbOrTx,
  customerId: number,
  off: boolean,
): Promise<{ companyId: number; name: string } | null> {
  const [row] = await db
    .update(customers)
    .set({ remindersOff: off })
    .where(eq(customers.id, customerId))
    .returning({ companyId: customers.companyId, name: customers.name });
  return row ?? null;
}

/** Staff turn a customer's reminders off or on (PUT Customer/{id}/Reminders), recorded in the audit trail. */
export async function setRemindersOffByStaff(
  db: DbOrTx,
  customerId: number,
  off: boolean,
  actor: AuditActor,
): Promise<{ companyId: number; name: string } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ off: customers.remindersOff })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    const saved = await setRemindersOff(tx, customerId, off);
    if (!saved || !before) return null;
    await recordAudit(tx, actor, {
      action: 'Update',
      entity: 'CustomerReminders',
      entityId: customerId,
      summary: `Turned reminders ${off ? 'off' : 'on'} for customer ${formatCompanyId(saved.companyId)} ${saved.name}`,
      changes: changesBetween({ RemindersOff: before.off }, { RemindersOff: off }),
    });
    return saved;
  });
}
