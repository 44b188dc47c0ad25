import { eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.js';
import { reminders } from '../../db/schema.js';
import { MAIL_LEASE_MS, nextAttemptAfterFailure } from '../mail/mail-retry.service.js';
import { runStatement } from '../orders/statements.js';
import type { DueCustomerReminder } from './reminders-due.service.js';

/**
 * The reminders' claims (decision 038): the due reminders a process claims and sends, the failed
 * ones it retries, and the record of each attempt.
 */

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
 * send leaves it to another round (decision 016). A reminder claimed already is left out before
 * the insert: each row tried draws a serial id, and every check in the window would draw one per
 * due customer again.
 */
const claimNew = `with claimed as (
  insert into reminders (customer_id, delivery_date, order_by, email, claimed_at, attempts, next_attempt_at, sending_until)
  select u.customer_id, u.delivery_date, u.order_by, u.email, $5::timestamptz, 1, $5::timestamptz, $6::timestamptz
  from unnest($1::int[], $2::date[], $3::timestamptz[], $4::text[]) as u(customer_id, delivery_date, order_by, email)
  where not exists (select 1 from reminders x where x.customer_id = u.customer_id and x.delivery_date = u.delivery_date)
    and not exists (select 1 from orders o where o.customer_id = u.customer_id and o.delivery_date = u.delivery_date
    and o.status <> 3)
    and exists (select 1 from customers c where c.id = u.customer_id and not c.reminders_off)
  on conflict (customer_id, delivery_date) do nothing
  returning *
)
select ${claimedColumns} from claimed r join customers c on c.id = r.customer_id`;

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
const giveUpStale = `update reminders r set next_attempt_at = null
where r.sent_at is null and r.next_attempt_at is not null and (r.sending_until is null or r.sending_until <= $1)
  and (r.order_by <= $1
    or exists (select 1 from orders o where o.customer_id = r.customer_id and o.delivery_date = r.delivery_date
      and o.status <> 3)
    or exists (select 1 from customers c where c.id = r.customer_id and (c.reminders_off or not c.is_active)))`;
const claimRetries = `update reminders r set attempts = r.attempts + 1, sending_until = $2
from customers c
where c.id = r.customer_id and r.id in (
  select id from reminders
  where sent_at is null and next_attempt_at is not null and next_attempt_at <= $1
    and (sending_until is null or sending_until <= $1)
  order by next_attempt_at limit $3 for update skip locked)
returning ${claimedColumns}`;

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
