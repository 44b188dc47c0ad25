import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type NotPlacedOutcome, notPlacedMail, PLACING_LEASE_MS } from '../../../domain/standing-orders.js';
import { standingOrderRuns } from '../../db/schema.js';
import { runStatement } from '../orders/statements.js';
import type { StandingDeps } from './standing-orders-check.js';

/**
 * The mail of a standing order's date the check did not place (design.md 8.6, decision 080):
 * sent once the outcome is recorded, and a failed one retried by later checks until the date's
 * cutoff, at most 5 attempts, under a lease as the reminders' retries are.
 */

/** A claimed date as the check and its mail read it. */
export interface Claim {
  id: number;
  standingOrderId: number;
  customerId: number;
  deliveryDate: string;
  orderBy: Date;
}

export const claimColumns = `r.id, r.standing_order_id as "standingOrderId", r.customer_id as "customerId",
  to_char(r.delivery_date, 'YYYY-MM-DD') as "deliveryDate", r.order_by as "orderBy"`;

/** Mails about dates not placed that one check retries at most; the next check takes the rest. */
const RETRY_BATCH = 50;
/** Attempts at a not-placed mail before it is given up. */
const MAIL_ATTEMPTS = 5;

interface MailClaim extends Claim {
  outcome: NotPlacedOutcome;
  reason: string | null;
  email: string;
  customerName: string;
}

/** The mail of a date not placed: sent, or its failure recorded for the next check to retry. */
async function mailNotPlaced(deps: StandingDeps, m: MailClaim, log: FastifyBaseLogger): Promise<void> {
  const { config } = deps;
  const mail = notPlacedMail({
    customerName: m.customerName,
    deliveryDate: m.deliveryDate,
    orderBy: m.orderBy,
    tz: config.businessTz,
    outcome: m.outcome,
    detail: m.reason,
    orderUrl: `${config.publicUrl}/order/form/0`,
  });
  const about = { standingOrderId: m.standingOrderId, deliveryDate: m.deliveryDate, outcome: m.outcome };
  try {
    await deps.mailer.send({
      to: m.email,
      ...mail,
      fileName: `standing-${m.standingOrderId}-${m.deliveryDate}`,
      messageId: `standing-${m.standingOrderId}-${m.deliveryDate}`,
    });
  } catch (err) {
    log.warn({ ...about, err }, 'standing order mail failed; the next check tries again');
    await deps.db
      .update(standingOrderRuns)
      .set({
        mailError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        placingUntil: null,
      })
      .where(eq(standingOrderRuns.id, m.id));
    return;
  }
  await deps.db
    .update(standingOrderRuns)
    .set({ mailedAt: deps.now(), mailError: null, placingUntil: null })
    .where(eq(standingOrderRuns.id, m.id));
  log.info(about, 'standing order not placed; the customer was told');
}

const mailColumns = `${claimColumns}, r.outcome, r.reason, s.email, c.name as "customerName"`;
const mailOf = `select ${mailColumns} from standing_order_runs r
join standing_orders s on s.id = r.standing_order_id join customers c on c.id = r.customer_id
where r.id = $1`;
/** Not-placed mails that failed, claimed as the reminders' retries are (a lease, SKIP LOCKED). */
const claimMailRetries = `update standing_order_runs r set mail_attempts = r.mail_attempts + 1, placing_until = $2
from standing_orders s, customers c
where s.id = r.standing_order_id and c.id = r.customer_id and r.id in (
  select id from standing_order_runs
  where outcome is not null and outcome <> 'placed' and mailed_at is null
    and mail_attempts between 1 and ${MAIL_ATTEMPTS - 1} and order_by > $1
    and (placing_until is null or placing_until <= $1)
  order by order_by limit $3 for update skip locked)
returning ${mailColumns}`;

/** Mails the customer about a claimed date recorded as not placed. */
export async function mailRecordedOutcome(deps: StandingDeps, runId: number): Promise<void> {
  const [m] = await runStatement<MailClaim>(deps.database, mailOf, [runId]);
  if (m) await mailNotPlaced(deps, m, deps.log);
}

/** Tries again the not-placed mails that failed, a batch a check. */
export async function retryNotPlacedMails(deps: StandingDeps, now: Date): Promise<void> {
  const lease = new Date(now.getTime() + PLACING_LEASE_MS).toISOString();
  const retries = await runStatement<MailClaim>(deps.database, claimMailRetries, [
    now.toISOString(),
    lease,
    RETRY_BATCH,
  ]);
  for (const m of retries) await mailNotPlaced(deps, m, deps.log);
}
