import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { PriceRowsByCode } from '../../../domain/order-estimate.js';
import type { DbOrTx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { orderPriceRows, priceRowsByCode } from '../orders/order-prices.js';

/**
 * The confirmation mail's retries (decision 016). Each attempt first claims its order with
 * one UPDATE that sets a lease (`mail_sending_until`); while the lease runs no other process
 * starts an attempt, so two processes never mail one order. A process that dies mid-send
 * leaves the lease to lapse and the order due, so the mail is not lost either.
 */

/** Minutes to wait after attempt n fails (index n - 1): about 22 hours in all. */
export const MAIL_BACKOFF_MINUTES = [1, 5, 15, 60, 180, 360, 720] as const;
/** After this many failed attempts the loop gives up; staff can still resend. */
export const MAIL_MAX_ATTEMPTS = MAIL_BACKOFF_MINUTES.length + 1;
/**
 * How long a claimed attempt holds its order. Longer than nodemailer's own timeouts on a
 * stalled server (2 min to connect, then 10 min of socket silence), so a slow send is not
 * claimed a second time while it is still under way.
 */
export const MAIL_LEASE_MS = 15 * 60_000;

const minute = 60_000;

/** When to try again after attempt `attempt` failed at `now`; null once the cap is reached. */
export function nextAttemptAfterFailure(attempt: number, now: Date): Date | null {
  const wait = MAIL_BACKOFF_MINUTES[attempt - 1];
  return wait === undefined ? null : new Date(now.getTime() + wait * minute);
}

export interface ClaimedMail {
  id: number;
  /** This attempt's number, counting the first one made after the order. */
  attempt: number;
}

const claimedColumns = { id: orders.id, attempt: orders.mailAttempts };
const leaseFree = (now: Date) => or(isNull(orders.mailSendingUntil), lte(orders.mailSendingUntil, now));

/** The claim's common part: one more attempt, the lease, and due again should the process die. */
const claimSet = (now: Date) => ({
  mailAttempts: sql`${orders.mailAttempts} + 1`,
  mailSendingUntil: new Date(now.getTime() + MAIL_LEASE_MS),
  mailNextAttemptAt: sql`case when ${orders.mailedAt} is null then ${now}::timestamptz else null end`,
});

/**
 * Staff resend: claims the chosen web orders whatever their back-off and whether or not they
 * were mailed before, except those with an attempt under way in some process.
 */
export async function claimForResend(db: DbOrTx, ids: number[], now: Date): Promise<ClaimedMail[]> {
  return db
    .update(orders)
    .set(claimSet(now))
    .where(and(inArray(orders.id, ids), eq(orders.source, 'web'), leaseFree(now)))
    .returning(claimedColumns);
}

/**
 * The retry round: up to `limit` web orders whose next attempt is due. `FOR UPDATE SKIP
 * LOCKED` lets processes claiming at the same moment take different orders instead of
 * waiting for each other; the lease keeps a claimed order from being claimed again after
 * this statement commits.
 */
export async function claimDueMails(db: DbOrTx, now: Date, limit: number): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isNull(orders.mailedAt),
        isNotNull(orders.mailNextAttemptAt),
        lte(orders.mailNextAttemptAt, now),
        eq(orders.source, 'web'),
        leaseFree(now),
      ),
    )
    .orderBy(asc(orders.mailNextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  // Due orders are not mailed, so claimSet's next attempt stays as it is: due.
  return db.update(orders).set(claimSet(now)).where(inArray(orders.id, due)).returning(claimedColumns);
}

/**
 * Gives back claims a round could not get to in time: the attempt it counted is taken back
 * and the order is due again at once, for whichever process claims it next.
 */
export async function releaseMailClaims(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(orders)
    .set({ mailAttempts: sql`${orders.mailAttempts} - 1`, mailSendingUntil: null })
    .where(and(inArray(orders.id, ids), isNull(orders.mailedAt)));
}

/**
 * The order as the mail was composed from it: `ChangedAt` of its answer (null before any
 * change). A mail records its outcome only while the order is still that version, so the first
 * confirmation finishing after a change (design.md 7.10) leaves the Changed mail's claim alone.
 */
const sameVersion = (changedAt: string | null) =>
  changedAt === null ? isNull(orders.changedAt) : eq(orders.changedAt, new Date(changedAt));

/**
 * The first attempt's last check before it sends, as a conditional update of the order's row:
 * the posted prices of its delivery date (the mail's estimate, decision 075) while the order is
 * still the version the mail was composed from, else null. A change that commits meanwhile
 * holds the row, so this waits for it and then finds a later version; that change's request
 * mails it, and this one sends nothing (issue 32: one mail per committed version).
 */
export async function claimOwnVersion(
  db: DbOrTx,
  order: { Id: number; ChangedAt: string | null },
): Promise<PriceRowsByCode | null> {
  const [row] = await db
    .update(orders)
    .set({ mailSendingUntil: sql`${orders.mailSendingUntil}` })
    .where(and(eq(orders.id, order.Id), sameVersion(order.ChangedAt)))
    .returning({ prices: orderPriceRows });
  return row ? priceRowsByCode(row.prices) : null;
}

/**
 * A sent confirmation: no attempt is owed any more (no due time, no lease, no error). A mark
 * that fails to be written is bookkeeping, not a lost mail: the order stays due and a retry
 * round sends it again once its lease lapses, under the same Message-ID (decision 016).
 */
export async function markMailed(
  db: DbOrTx,
  order: { Id: number; ChangedAt: string | null },
  at: Date,
): Promise<void> {
  await db
    .update(orders)
    .set({ mailedAt: at, mailNextAttemptAt: null, mailSendingUntil: null, mailError: null })
    .where(and(eq(orders.id, order.Id), sameVersion(order.ChangedAt)));
}

/** The error a clerk can read in the list; SMTP answers can be long. */
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * A failed attempt: the reason and when to try again (nothing more once the cap is reached,
 * or when the order had been mailed before and this was a staff resend).
 * Answers whether the automatic retries have now given up on the order.
 */
export async function recordMailFailure(
  db: DbOrTx,
  claim: ClaimedMail,
  err: unknown,
  now: Date,
  /** `ChangedAt` of the order the failed mail was composed from. */
  changedAt: string | null,
): Promise<{ gaveUp: boolean }> {
  const next = nextAttemptAfterFailure(claim.attempt, now);
  await db
    .update(orders)
    .set({
      mailError: errorText(err),
      mailSendingUntil: null,
      mailNextAttemptAt: sql`case when ${orders.mailedAt} is null then ${next}::timestamptz else null end`,
    })
    .where(and(eq(orders.id, claim.id), sameVersion(changedAt)));
  return { gaveUp: next === null };
}
