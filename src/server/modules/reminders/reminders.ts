import type { FastifyBaseLogger } from 'fastify';
import { reminderMail } from '../../../domain/reminders.js';
import type { AppConfig } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import { every } from '../../lib/every.js';
import { remindersCounter } from '../../lib/metrics.js';
import type { Mailer } from '../mail/mailer.js';
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

type ReminderSettings = Pick<AppConfig, 'businessTz' | 'publicUrl' | 'sessionSecrets'>;

/**
 * What the reminder check works with (issue 35): the database (claims take their own
 * connection on PostgreSQL), the mailer, the clock, where to log and the settings a mail's
 * dates and links need. The app has them all, so a test may pass it as it is.
 */
export interface ReminderDeps {
  db: Db;
  database: Database;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
  config: ReminderSettings;
}

/** The link in a reminder that turns reminders off (GET Reminders/Off, public). */
export function stopUrl(
  config: Pick<ReminderSettings, 'publicUrl' | 'sessionSecrets'>,
  customerId: number,
): string {
  return `${config.publicUrl}/api/v1/Reminders/Off?token=${stopToken(config.sessionSecrets[0], customerId)}`;
}

/**
 * One attempt at a claimed reminder. The Message-ID is the reminder's own, so a copy sent again
 * after a crash between the mail server's acceptance and the record of it collapses with the
 * first in mail clients (as confirmations do, decision 031).
 */
async function deliver(deps: ReminderDeps, claim: ClaimedReminder, now: Date) {
  const { config, log } = deps;
  const mail = reminderMail({
    customerName: claim.customerName,
    deliveryDate: claim.deliveryDate,
    orderBy: claim.orderBy,
    tz: config.businessTz,
    startUrl: `${config.publicUrl}/order/form/0`,
    stopUrl: stopUrl(config, claim.customerId),
  });
  const about = { reminderId: claim.id, customerId: claim.customerId, deliveryDate: claim.deliveryDate };
  try {
    await deps.mailer.send({
      to: claim.email,
      ...mail,
      fileName: `reminder-${claim.customerId}-${claim.deliveryDate}`,
      messageId: `reminder-${claim.customerId}-${claim.deliveryDate}`,
    });
  } catch (err) {
    const { gaveUp } = await recordReminderFailure(deps.db, claim, err, now);
    if (gaveUp) log.error({ ...about, err, attempt: claim.attempts }, 'cutoff reminder given up');
    else
      log.warn({ ...about, err, attempt: claim.attempts }, 'cutoff reminder failed; it will be tried again');
    return false;
  }
  await markReminderSent(deps.db, claim.id, now);
  remindersCounter.inc();
  log.info(about, 'cutoff reminder sent');
  return true;
}

/**
 * The reminder check (design.md 7.4): retries the failed reminders that are due, then claims
 * and sends the new ones. Any number of processes may run it at the same moment: each
 * reminder is claimed by exactly one. Answers how many mails went out.
 */
export async function runReminderCheck(deps: ReminderDeps): Promise<{ sent: number; failed: number }> {
  const { database } = deps;
  const now = deps.now();
  const retries = await claimDueRetries(database, now, RETRY_BATCH);
  const due = await findDueReminders(database, now, deps.config.businessTz);
  const claimed = [...retries, ...(await claimNewReminders(database, due, now))];
  let sent = 0;
  for (const claim of claimed) if (await deliver(deps, claim, now)) sent += 1;
  return { sent, failed: claimed.length - sent };
}

/** Runs the check every `seconds` until the app closes, in every process (as the mail retries). */
export function startReminderLoop(deps: ReminderDeps, seconds: number): () => Promise<void> {
  return every(
    seconds,
    deps.log.child({ task: 'reminders' }),
    (log) => runReminderCheck({ ...deps, log }),
    'reminder check failed',
  );
}
