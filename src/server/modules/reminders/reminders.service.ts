import { desc, eq } from 'drizzle-orm';
import { businessToday } from '../../../domain/business-date.js';
import { formatCompanyId } from '../../../domain/company-id.js';
import type { DeliveryDateContext } from '../../../domain/delivery-date.js';
import { deliveryDateContext } from '../../../domain/order.schema.js';
import { toZonedIso } from '../../../domain/order-by.js';
import { type DueReminder, dueReminders, type Reminder, reminderWindows } from '../../../domain/reminders.js';
import { usualWindow } from '../../../domain/usual-orders.js';
import type { Database, DbOrTx } from '../../db/client.js';
import { customers, reminders } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { type AuditActor, changesBetween, recordAudit } from '../audit/audit.js';
import { holidaysFrom } from '../calendar/delivery-dates.service.js';
import { MAIL_LEASE_MS, nextAttemptAfterFailure } from '../mail/mail-retry.service.js';
import { runStatement } from '../orders/statements.js';

/**
 * The reminder check's database side (decision 038): one statement reads every customer who
 * could be due, the domain decides who is, one statement claims the rows (the unique
 * (customer, delivery date) index decides between processes), then each claim is sent.
 */

export interface CandidateRow {
  id: number;
  companyId: number;
  name: string;
  typeId: number;
  isActive: boolean;
  leadHours: number;
  cutoffHours: number;
  cutoffMinutes: number;
  reminderHours: number;
  dates: string[];
  email: string | null;
}

/**
 * Customers of a type with reminders on, active and not opted out, with the delivery dates of
 * their orders from 4 weeks back on (which weekdays they usually order for, and whether the
 * dates ahead have an order) and the email of their last order that had one. The subselects
 * read `orders` through its (customer, delivery date) and (customer, create date) indexes.
 */
const candidates = {
  name: 'reminders_candidates',
  text: `select c.id, c.company_id as "companyId", c.name, c.customer_type_id as "typeId",
  c.is_active as "isActive", t.lead_hours as "leadHours", t.cutoff_hours as "cutoffHours",
  t.cutoff_minutes as "cutoffMinutes", t.reminder_hours as "reminderHours",
  (select coalesce(json_agg(distinct to_char(o.delivery_date, 'YYYY-MM-DD')), '[]')
     from orders o where o.customer_id = c.id and o.delivery_date >= $1::date) as dates,
  (select o.email from orders o where o.customer_id = c.id and o.email <> ''
     order by o.create_date desc limit 1) as email
from customers c join customer_types t on t.id = c.customer_type_id
where t.reminder_hours > 0 and c.is_active and not c.reminders_off`,
};

export interface DueCustomerReminder extends DueReminder {
  customerId: number;
  email: string;
}

/** The candidates' statement (its only parameter: the first day of the 4 weeks looked back at). */
export async function readReminderCandidates(database: Database, today: string): Promise<CandidateRow[]> {
  return runStatement<CandidateRow>(database, candidates, [usualWindow(today).from]);
}

/** Which of the candidates are due at `now` by the domain's rules. */
export function dueFromCandidates(
  rows: CandidateRow[],
  holidays: ReadonlyMap<string, string>,
  now: Date,
  tz: string,
): DueCustomerReminder[] {
  const due: DueCustomerReminder[] = [];
  // The dates and windows are the type's, not the customer's: computed once per type.
  const byType = new Map<number, { ctx: DeliveryDateContext; windows: DueReminder[] }>();
  for (const row of rows) {
    const customerType = {
      Id: row.typeId,
      LeadHours: row.leadHours,
      CutoffHours: row.cutoffHours,
      CutoffMinutes: row.cutoffMinutes,
    };
    const rules = { ...customerType, ReminderHours: row.reminderHours };
    let type = byType.get(row.typeId);
    if (!type) {
      const ctx = deliveryDateContext({ now, tz, customerType, holidays });
      type = { ctx, windows: reminderWindows(ctx, rules, tz) };
      byType.set(row.typeId, type);
    }
    const found = dueReminders(
      {
        rules,
        ctx: type.ctx,
        remindersOff: false,
        isActive: row.isActive,
        email: row.email ?? '',
        orderedDates: new Set(row.dates),
      },
      now,
      tz,
      type.windows,
    );
    for (const r of found) due.push({ ...r, customerId: row.id, email: row.email ?? '' });
  }
  return due;
}

/** Every reminder due at `now` by the rules, before the database says which went out already. */
export async function findDueReminders(
  database: Database,
  now: Date,
  tz: string,
): Promise<DueCustomerReminder[]> {
  const today = businessToday(now, tz);
  const rows = await readReminderCandidates(database, today);
  if (rows.length === 0) return [];
  // A year of holidays from today covers every type's earliest date and the dates looked at after it.
  return dueFromCandidates(rows, await holidaysFrom(database.db, today), now, tz);
}

/** A reminder a process has claimed and now sends. */
export interface ClaimedReminder {
  id: number;
  customerId: number;
  deliveryDate: string;
  orderBy: Date;
  email: string;
  attempts: number;
  customerName: string;
}

const claimedColumns = `r.id, r.customer_id as "customerId", to_char(r.delivery_date, 'YYYY-MM-DD') as "deliveryDate",
  r.order_by as "orderBy", r.email, r.attempts, c.name as "customerName"`;

/**
 * Inserts a row per due reminder; the unique (customer, delivery date) index lets exactly one
 * process win each, whatever the number claiming at once (the losers' rows are skipped, not
 * errors). A customer who ordered for the date or opted out since the read is skipped too. The
 * row is claimed for attempt 1 with a lease and due at once, so a process that dies before the
 * send leaves it to another round (decision 016).
 */
const claimNew = {
  name: 'reminders_claim_new',
  text: `with claimed as (
  insert into reminders (customer_id, delivery_date, order_by, email, claimed_at, attempts, next_attempt_at, sending_until)
  select u.customer_id, u.delivery_date, u.order_by, u.email, $5::timestamptz, 1, $5::timestamptz, $6::timestamptz
  from unnest($1::int[], $2::date[], $3::timestamptz[], $4::text[]) as u(customer_id, delivery_date, order_by, email)
  where not exists (select 1 from orders o where o.customer_id = u.customer_id and o.delivery_date = u.delivery_date)
    and exists (select 1 from customers c where c.id = u.customer_id and not c.reminders_off)
  on conflict (customer_id, delivery_date) do nothing
  returning *
)
select ${claimedColumns} from claimed r join customers c on c.id = r.customer_id`,
};

export async function claimNewReminders(
  database: Database,
  due: DueCustomerReminder[],
  now: Date,
): Promise<ClaimedReminder[]> {
  if (due.length === 0) return [];
  // One order for every process: two inserts of the same keys in opposite orders would wait on
  // each other's uncommitted rows (a deadlock PostgreSQL breaks by failing one).
  due = [...due].sort((a, b) => a.customerId - b.customerId || a.deliveryDate.localeCompare(b.deliveryDate));
  return runStatement<ClaimedReminder>(database, claimNew, [
    due.map((d) => d.customerId),
    due.map((d) => d.deliveryDate),
    due.map((d) => d.orderBy.toISOString()),
    due.map((d) => d.email),
    now.toISOString(),
    new Date(now.getTime() + MAIL_LEASE_MS).toISOString(),
  ]);
}

/**
 * Failed reminders whose next attempt is due, claimed as the confirmation retries claim
 * (FOR UPDATE SKIP LOCKED, a lease). A reminder whose cutoff passed, whose customer has
 * ordered for the date or opted out is given up first: it would arrive too late or unwanted.
 */
const giveUpStale = {
  name: 'reminders_give_up',
  text: `update reminders r set next_attempt_at = null
where r.sent_at is null and r.next_attempt_at is not null and (r.sending_until is null or r.sending_until <= $1)
  and (r.order_by <= $1
    or exists (select 1 from orders o where o.customer_id = r.customer_id and o.delivery_date = r.delivery_date)
    or exists (select 1 from customers c where c.id = r.customer_id and (c.reminders_off or not c.is_active)))`,
};
const claimRetries = {
  name: 'reminders_claim_retries',
  text: `update reminders r set attempts = r.attempts + 1, sending_until = $2
from customers c
where c.id = r.customer_id and r.id in (
  select id from reminders
  where sent_at is null and next_attempt_at is not null and next_attempt_at <= $1
    and (sending_until is null or sending_until <= $1)
  order by next_attempt_at limit $3 for update skip locked)
returning ${claimedColumns}`,
};

export async function claimDueRetries(
  database: Database,
  now: Date,
  limit: number,
): Promise<ClaimedReminder[]> {
  await runStatement(database, giveUpStale, [now.toISOString()]);
  return runStatement<ClaimedReminder>(database, claimRetries, [
    now.toISOString(),
    new Date(now.getTime() + MAIL_LEASE_MS).toISOString(),
    limit,
  ]);
}

export async function markReminderSent(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db
    .update(reminders)
    .set({ sentAt: at, nextAttemptAt: null, sendingUntil: null, error: null })
    .where(eq(reminders.id, id));
}

/** A failed send: the reason and the next attempt (none past the cap, or at or after the cutoff). */
export async function recordReminderFailure(
  db: DbOrTx,
  claim: ClaimedReminder,
  err: unknown,
  now: Date,
): Promise<{ gaveUp: boolean }> {
  const next = nextAttemptAfterFailure(claim.attempts, now);
  const retry = next !== null && next < claim.orderBy ? next : null;
  await db
    .update(reminders)
    .set({
      error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
      sendingUntil: null,
      nextAttemptAt: retry,
    })
    .where(eq(reminders.id, claim.id));
  return { gaveUp: retry === null };
}

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
