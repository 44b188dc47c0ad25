import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type ResendOrderMailsResponse, resendMessages } from '../../../domain/regenerate.schema.js';
import type { AppConfig } from '../../config.js';
import { orders } from '../../db/schema.js';
import { unprocessable } from '../../lib/http-error.js';
import { settleExportClaims } from '../orders/export-claim.js';
import { getOrderDetail } from '../orders/orders.service.js';
import { deliverConfirmation, type MailDeps } from './confirmation.js';
import { claimDueMails, claimForResend, MAIL_LEASE_MS, releaseMailClaims } from './mail-retry.service.js';

/**
 * What a retry round and staff's resend work with (issue 35): sending's own needs, the clock
 * and where to log. The app has them all, so a test may pass it as it is.
 */
export interface MailRetryDeps extends MailDeps {
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Orders one round claims at most; the next round takes the rest. */
export const MAIL_RETRY_BATCH = 20;

/**
 * What staff see of a failed send: the mail server's own answer when it gave one (a refused
 * address is worth knowing), never a host name or port from a connection error.
 */
function staffReason(err: unknown): string {
  const answer = (err as { response?: unknown } | null)?.response;
  return typeof answer === 'string' ? resendMessages.refused(answer) : resendMessages.unreachable;
}

/**
 * One retry round (decision 016): claims the web orders whose next attempt is due and sends
 * each once. Returns how many went out and how many failed again.
 */
export async function runMailRetryRound(
  deps: MailRetryDeps,
  opts: { limit?: number; elapsedMs?: () => number } = {},
): Promise<{ sent: number; failed: number }> {
  const { db, log } = deps;
  const now = deps.now();
  const started = performance.now();
  const elapsedMs = opts.elapsedMs ?? (() => performance.now() - started);
  const claimed = await claimDueMails(db, now, opts.limit ?? MAIL_RETRY_BATCH);
  let sent = 0;
  let tried = 0;
  for (const [index, claim] of claimed.entries()) {
    // The round sends one by one, and a mail server that swallows connections makes each
    // send wait for nodemailer's timeouts. Past half the lease, the claims still waiting are
    // given back rather than left to lapse while this round might still send them: another
    // process could then claim and send the same order.
    if (elapsedMs() > MAIL_LEASE_MS / 2) {
      const left = claimed.slice(index).map((c) => c.id);
      await releaseMailClaims(db, left);
      log.warn({ left: left.length }, 'mail retry round ran long; the rest goes back to the queue');
      break;
    }
    tried += 1;
    const order = await getOrderDetail(db, { id: claim.id });
    const outcome = await deliverConfirmation(deps, order, claim, now);
    const about = { orderNum: order.OrderNum, attempt: claim.attempt };
    if (outcome.sent) {
      sent += 1;
      log.info(about, 'confirmation mail sent on a retry');
    } else if (outcome.gaveUp) {
      log.error(
        { ...about, err: outcome.error },
        'confirmation mail given up after the last retry; staff can resend it from Regenerate Orders',
      );
    } else {
      log.warn({ ...about, err: outcome.error }, 'confirmation mail retry failed; it will be tried again');
    }
  }
  return { sent, failed: tried - sent };
}

/**
 * Runs a round every `seconds` until the app closes, with the sweep of export file claims whose
 * change did not finish (decision 052). Rounds never overlap in one process,
 * a failing round (database down) is logged and the next one tries again, and close waits
 * for the round under way so no mail is cut off halfway.
 */
export function startMailRetryLoop(
  deps: MailRetryDeps & { config: Pick<AppConfig, 'exportDir' | 'businessTz'> },
  seconds: number,
): () => Promise<void> {
  const log = deps.log.child({ task: 'mail-retry' });
  let current: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (current) return;
    const claims = { exportDir: deps.config.exportDir, tz: deps.config.businessTz, now: deps.now() };
    current = Promise.all([
      runMailRetryRound({ ...deps, log }).catch((err) => log.error({ err }, 'mail retry round failed')),
      settleExportClaims(deps.db, claims, log).catch((err) =>
        log.error({ err }, 'export claim sweep failed'),
      ),
    ]).finally(() => {
      current = null;
    });
  }, seconds * 1000);
  return async () => {
    clearInterval(timer);
    await current;
  };
}

/**
 * Staff resend (POST ResendOrderMails): sends the chosen web orders' confirmations now,
 * whatever their back-off, and answers per order. Unknown and imported orders are refused
 * before anything is sent; an order another process is sending right now is reported, not
 * sent twice.
 */
export async function resendOrderMails(
  deps: MailRetryDeps,
  ids: number[],
): Promise<ResendOrderMailsResponse> {
  const { db, log } = deps;
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: orders.id, source: orders.source })
    .from(orders)
    .where(inArray(orders.id, unique));
  const web = new Set(rows.filter((r) => r.source === 'web').map((r) => r.id));
  const refused = unique.filter((id) => !web.has(id));
  if (refused.length) {
    const message = resendMessages.notWebOrders(refused);
    throw unprocessable(message, [{ Field: 'Ids', Message: message }]);
  }

  const now = deps.now();
  const claimed = new Map((await claimForResend(db, unique, now)).map((c) => [c.id, c]));
  const results: ResendOrderMailsResponse['Results'] = [];
  for (const id of unique) {
    const order = await getOrderDetail(db, { id });
    const claim = claimed.get(id);
    if (!claim) {
      results.push({ Id: id, OrderNum: order.OrderNum, Sent: false, ErrorMessage: resendMessages.underWay });
      continue;
    }
    const outcome = await deliverConfirmation(deps, order, claim, now, { staffResend: true });
    if (!outcome.sent) {
      log.error({ err: outcome.error, orderNum: order.OrderNum }, 'confirmation mail resend failed');
    }
    results.push({
      Id: id,
      OrderNum: order.OrderNum,
      Sent: outcome.sent,
      ErrorMessage: outcome.sent ? null : staffReason(outcome.error),
    });
  }
  const sent = results.filter((r) => r.Sent).length;
  return { Sent: sent, Failed: results.length - sent, Results: results };
}
