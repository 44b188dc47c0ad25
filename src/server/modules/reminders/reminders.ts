import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { reminderMail } from '../../../domain/reminders.js';
import {
  type ClaimedReminder,
  claimDueRetries,
  claimNewReminders,
  markReminderSent,
  recordReminderFailure,
} from './reminders-claims.service.js';
import { findDueReminders } from './reminders-due.service.js';
import { stopToken } from './stop-token.js';

/** Failed reminders one check retries at most; the next check takes the rest. */
const RETRY_BATCH = 50;

/** The link in a reminder that turns reminders off (GET Reminders/Off, public). */
export function stopUrl(app: FastifyInstance, customerId: number): string {
  return `${app.config.publicUrl}/api/v1/Reminders/Off?token=${stopToken(app.config.sessionSecret, customerId)}`;
}

/**
 * One attempt at a claimed reminder. The Message-ID is the reminder's own, so a copy sent again
 * after a crash between the mail server's acceptance and the record of it collapses with the
 * first in mail clients (as confirmations do, decision 031).
 */
async function deliver(app: FastifyInstance, claim: ClaimedReminder, now: Date, log: FastifyBaseLogger) {
  const mail = reminderMail({
    customerName: claim.customerName,
    deliveryDate: claim.deliveryDate,
    orderBy: claim.orderBy,
    tz: app.config.businessTz,
    startUrl: `${app.config.publicUrl}/order/form/0`,
    stopUrl: stopUrl(app, claim.customerId),
  });
  const about = { reminderId: claim.id, customerId: claim.customerId, deliveryDate: claim.deliveryDate };
  try {
    await app.mailer.send({
      to: claim.email,
      ...mail,
      fileName: `reminder-${claim.customerId}-${claim.deliveryDate}`,
      messageId: `reminder-${claim.customerId}-${claim.deliveryDate}`,
    });
  } catch (err) {
    const { gaveUp } = await recordReminderFailure(app.db, claim, err, now);
    if (gaveUp) log.error({ ...about, err, attempt: claim.attempts }, 'cutoff reminder given up');
    else
      log.warn({ ...about, err, attempt: claim.attempts }, 'cutoff reminder failed; it will be tried again');
    return false;
  }
  await markReminderSent(app.db, claim.id, now);
  log.info(about, 'cutoff reminder sent');
  return true;
}

/**
 * The reminder check (design.md 7.4): retries the failed reminders that are due, then claims
 * and sends the new ones. Any number of processes may run it at the same moment: each
 * reminder is claimed by exactly one. Answers how many mails went out.
 */
export async function runReminderCheck(
  app: FastifyInstance,
  opts: { log?: FastifyBaseLogger } = {},
): Promise<{ sent: number; failed: number }> {
  const log = opts.log ?? app.log;
  const now = app.now();
  const retries = await claimDueRetries(app.database, now, RETRY_BATCH);
  const due = await findDueReminders(app.database, now, app.config.businessTz);
  const claimed = [...retries, ...(await claimNewReminders(app.database, due, now))];
  let sent = 0;
  for (const claim of claimed) if (await deliver(app, claim, now, log)) sent += 1;
  return { sent, failed: claimed.length - sent };
}

/**
 * Runs the check every `seconds` until the app closes (in every process, as the mail retries).
 * Checks never overlap in one process, a failing one is logged and the next tries again, and
 * close waits for the check under way.
 */
export function startReminderLoop(app: FastifyInstance, seconds: number): () => Promise<void> {
  const log = app.log.child({ task: 'reminders' });
  let current: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (current) return;
    current = runReminderCheck(app, { log })
      .catch((err) => log.error({ err }, 'reminder check failed'))
      .finally(() => {
        current = null;
      });
  }, seconds * 1000);
  return async () => {
    clearInterval(timer);
    await current;
  };
}

/** Starts the loop once the app is ready; preClose stops it before the mailer and database close. */
export function startRemindersWhenReady(app: FastifyInstance, seconds: number) {
  if (seconds <= 0) return;
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startReminderLoop(app, seconds);
  });
  app.addHook('preClose', async () => {
    await stop?.();
  });
}
