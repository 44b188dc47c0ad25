import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import { businessToday } from '../../../domain/business-date.js';
import type { HolidayLookup } from '../../../domain/delivery-date.js';
import {
  coversDate,
  dueDates,
  type NotPlacedOutcome,
  PLACING_LEASE_MS,
  type StandingTypeRules,
} from '../../../domain/standing-orders.js';
import type { AppConfig } from '../../config.js';
import {
  orders,
  standingOrderLines,
  standingOrderRuns,
  standingOrderSkips,
  standingOrders,
} from '../../db/schema.js';
import { every } from '../../lib/every.js';
import { standingOrdersCounter } from '../../lib/metrics.js';
import { holidaysFrom } from '../calendar/delivery-dates.service.js';
import type { OrderDeps } from '../orders/order-check.js';
import { placeOrder } from '../orders/place-order.js';
import { runStatement } from '../orders/statements.js';
import {
  type Claim,
  claimColumns,
  mailRecordedOutcome,
  retryNotPlacedMails,
} from './standing-orders-mail.js';

/**
 * The standing order check (design.md 8.6, decision 080): every process runs it each minute.
 * One statement reads the standing orders that could be due, the domain says which dates are
 * (`dueDates`), one statement claims them (the unique (standing order, date) index lets exactly
 * one process have each), and each claim is placed as the customer's own order, or recorded as
 * not placed with a mail that says why.
 */

export interface StandingDeps extends OrderDeps {
  config: Pick<AppConfig, 'businessTz' | 'exportDir' | 'publicUrl'>;
}

interface Candidate {
  id: number;
  customerId: number;
  weekdays: number[];
  startDate: string;
  endDate: string | null;
  typeId: number;
  leadHours: number;
  cutoffHours: number;
  cutoffMinutes: number;
  standingOrderHours: number;
}

/** Standing orders of active customers that may cover a date from tomorrow on. */
const candidates = `select s.id, s.customer_id as "customerId", s.weekdays,
  to_char(s.start_date, 'YYYY-MM-DD') as "startDate", to_char(s.end_date, 'YYYY-MM-DD') as "endDate",
  c.customer_type_id as "typeId", t.lead_hours as "leadHours", t.cutoff_hours as "cutoffHours",
  t.cutoff_minutes as "cutoffMinutes", t.standing_order_hours as "standingOrderHours"
from standing_orders s
join customers c on c.id = s.customer_id and c.is_active
join customer_types t on t.id = c.customer_type_id
where s.end_date is null or s.end_date > $1::date`;

export interface DueOccurrence {
  standingOrderId: number;
  customerId: number;
  deliveryDate: string;
  orderBy: Date;
}

/** Which dates of the candidates are due at `now`: the type's due dates each one covers. */
export function dueOccurrences(rows: Candidate[], now: Date, tz: string): DueOccurrence[] {
  const byType = new Map<number, { date: string; orderBy: Date }[]>();
  const due: DueOccurrence[] = [];
  for (const row of rows) {
    const type: StandingTypeRules = {
      Id: row.typeId,
      LeadHours: row.leadHours,
      CutoffHours: row.cutoffHours,
      CutoffMinutes: row.cutoffMinutes,
      StandingOrderHours: row.standingOrderHours,
    };
    let dates = byType.get(row.typeId);
    if (!dates) {
      dates = dueDates(type, now, tz);
      byType.set(row.typeId, dates);
    }
    const schedule = { Weekdays: row.weekdays, StartDate: row.startDate, EndDate: row.endDate };
    for (const d of dates)
      if (coversDate(schedule, d.date, row.typeId))
        due.push({
          standingOrderId: row.id,
          customerId: row.customerId,
          deliveryDate: d.date,
          orderBy: d.orderBy,
        });
  }
  return due;
}

/**
 * A row per due date; the unique (standing order, date) index lets exactly one process win
 * each, whatever the number claiming at once (the losers' rows are skipped, not errors). Claimed
 * with a lease: a process that dies while placing leaves it to another once the lease passes.
 * Dates claimed already are left out before the insert: each row tried draws a serial id, and a
 * check each minute trying every due date again would use the ids up in about a year.
 */
const claimNew = `insert into standing_order_runs as r (standing_order_id, customer_id, delivery_date, order_by, claimed_at, placing_until)
select u.s, u.c, u.d, u.o, $5::timestamptz, $6::timestamptz
from unnest($1::int[], $2::int[], $3::date[], $4::timestamptz[]) as u(s, c, d, o)
where not exists (select 1 from standing_order_runs x where x.standing_order_id = u.s and x.delivery_date = u.d)
on conflict (standing_order_id, delivery_date) do nothing
returning ${claimColumns}`;

/** Dates whose placing a process left unfinished (it died): taken up again before their cutoff. */
const claimLapsed = `update standing_order_runs r set placing_until = $2, claimed_at = $1
where r.id in (select id from standing_order_runs
  where outcome is null and placing_until <= $1 and order_by > $1
  order by order_by limit $3 for update skip locked)
returning ${claimColumns}`;

/** Dates a process claims and places at a time: other processes claim the next ones meanwhile. */
const CLAIM_BATCH = 50;

/** One batch of due dates claimed (the ones another process has are not returned). */
function claimBatch(deps: StandingDeps, batch: DueOccurrence[], now: Date): Promise<Claim[]> {
  return runStatement<Claim>(deps.database, claimNew, [
    batch.map((d) => d.standingOrderId),
    batch.map((d) => d.customerId),
    batch.map((d) => d.deliveryDate),
    batch.map((d) => d.orderBy.toISOString()),
    now.toISOString(),
    new Date(now.getTime() + PLACING_LEASE_MS).toISOString(),
  ]);
}

type Outcome = { outcome: 'placed'; orderId: number } | { outcome: NotPlacedOutcome; reason: string | null };

/**
 * What becomes of a claimed date: skipped, a holiday, a date with an order already (one this
 * standing order did not place), or the order placed by every rule of POST Order as the
 * customer's own. The Idempotency-Key is the date's own, so a second attempt after a crash
 * answers with the first order instead of placing another.
 */
async function outcomeOf(deps: StandingDeps, c: Claim, dayOff: HolidayLookup): Promise<Outcome | null> {
  const { db } = deps;
  const [so] = await db.select().from(standingOrders).where(eq(standingOrders.id, c.standingOrderId));
  if (!so) return null; // deleted since the read: its runs went with it
  const [skip] = await db
    .select({ d: standingOrderSkips.deliveryDate })
    .from(standingOrderSkips)
    .where(
      and(eq(standingOrderSkips.standingOrderId, so.id), eq(standingOrderSkips.deliveryDate, c.deliveryDate)),
    );
  if (skip) return { outcome: 'skipped', reason: null };
  const holiday = dayOff.get(c.deliveryDate);
  if (holiday !== undefined) return { outcome: 'holiday', reason: holiday };
  const [other] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, so.customerId),
        eq(orders.deliveryDate, c.deliveryDate),
        ne(orders.status, 3),
        or(isNull(orders.standingOrderId), ne(orders.standingOrderId, so.id)),
      ),
    )
    .limit(1);
  if (other) return { outcome: 'ordered', reason: null };
  const lines = await db
    .select()
    .from(standingOrderLines)
    .where(eq(standingOrderLines.standingOrderId, so.id))
    .orderBy(asc(standingOrderLines.position));
  const answer = await placeOrder(deps, {
    principal: { role: 'standing', customerId: so.customerId, standingOrderId: so.id },
    order: {
      DeliveryDate: c.deliveryDate,
      Name: so.name,
      Phone: so.phone,
      Email: so.email,
      ReferencePO: so.referencePo || null,
      ProductQuantities: lines.map((l) => ({
        Code: l.code,
        CaseQuantity: l.caseQuantity,
        UnitQuantity: l.unitQuantity,
      })),
    },
    idempotencyKey: `standing-${so.id}-${c.deliveryDate}`,
  });
  if (answer.status === 422 || !answer.body.OrderNum)
    return { outcome: 'refused', reason: answer.body.ErrorMessage ?? 'The order broke a rule' };
  const [placed] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderNum, answer.body.OrderNum));
  return { outcome: 'placed', orderId: placed!.id };
}

async function record(deps: StandingDeps, c: Claim, o: Outcome): Promise<void> {
  await deps.db
    .update(standingOrderRuns)
    .set(
      o.outcome === 'placed'
        ? { outcome: 'placed', orderId: o.orderId, placingUntil: null }
        : { outcome: o.outcome, reason: o.reason, placingUntil: null, mailAttempts: 1 },
    )
    .where(eq(standingOrderRuns.id, c.id));
}

/**
 * The check (design.md 8.6): places the due dates of every standing order, once, whatever the
 * number of processes running it at the same moment. Answers how many orders were placed and
 * how many dates a rule refused.
 */
export async function runStandingOrderCheck(
  deps: StandingDeps,
): Promise<{ placed: number; refused: number }> {
  const { database } = deps;
  const now = deps.now();
  const tz = deps.config.businessTz;
  const today = businessToday(now, tz);
  await retryNotPlacedMails(deps, now);

  const rows = await runStatement<Candidate>(database, candidates, [today]);
  // One order for every process: claims of the same keys in opposite orders would deadlock.
  const due = dueOccurrences(rows, now, tz).sort(
    (a, b) => a.standingOrderId - b.standingOrderId || a.deliveryDate.localeCompare(b.deliveryDate),
  );
  const total = { placed: 0, refused: 0 };
  let dayOff: HolidayLookup | null = null;
  const handle = async (claims: Claim[]) => {
    dayOff ??= await holidaysFrom(deps.db, today);
    for (const c of claims) await handleClaim(deps, c, dayOff, total);
  };
  // First what a process that died left (its lease passed), then the new dates, a batch at a
  // time, each batch under its own lease: processes checking at once share the work.
  for (;;) {
    const at = deps.now();
    const until = new Date(at.getTime() + PLACING_LEASE_MS).toISOString();
    const lapsed = await runStatement<Claim>(database, claimLapsed, [at.toISOString(), until, CLAIM_BATCH]);
    if (lapsed.length === 0) break;
    await handle(lapsed);
  }
  for (let at = 0; at < due.length; at += CLAIM_BATCH) {
    const claims = await claimBatch(deps, due.slice(at, at + CLAIM_BATCH), deps.now());
    if (claims.length > 0) await handle(claims);
  }
  return total;
}

/**
 * One claimed date: its outcome recorded, and the customer told when nothing was placed. A
 * failure is logged and leaves the claim to be taken up again once its lease passes (the key
 * keeps it one order); the round goes on with the next.
 */
async function handleClaim(
  deps: StandingDeps,
  c: Claim,
  dayOff: HolidayLookup,
  total: { placed: number; refused: number },
): Promise<void> {
  const { log } = deps;
  const about = { standingOrderId: c.standingOrderId, deliveryDate: c.deliveryDate };
  try {
    const outcome = await outcomeOf(deps, c, dayOff);
    if (!outcome) return;
    await record(deps, c, outcome);
    standingOrdersCounter.inc({ outcome: outcome.outcome });
    if (outcome.outcome === 'placed') {
      total.placed += 1;
      log.info({ ...about, orderId: outcome.orderId }, 'standing order placed');
      return;
    }
    if (outcome.outcome === 'refused') total.refused += 1;
    await mailRecordedOutcome(deps, c.id);
  } catch (err) {
    log.error({ ...about, err }, 'standing order could not be placed; it will be tried again');
  }
}

/** Runs the check every `seconds` until the app closes, in every process. */
export function startStandingOrderLoop(deps: StandingDeps, seconds: number): () => Promise<void> {
  return every(
    seconds,
    deps.log.child({ task: 'standing-orders' }),
    (log) => runStandingOrderCheck({ ...deps, log }),
    'standing order check failed',
  );
}
