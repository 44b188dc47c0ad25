import path from 'node:path';
import { domainToASCII } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { emailError } from '../../../domain/order.schema.js';
import type { AppConfig } from '../../config.js';
import { writeFileAtomic } from '../../lib/atomic-write.js';

/** A message with a text body and, optionally, the same in HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The Message-ID's left part, when a message must keep one id however often it is sent (an
   * order's confirmation: mail clients collapse copies with one id); nodemailer's random one
   * otherwise.
   */
  messageId?: string;
  /** A name for the .eml file in the outbox (no path separators). */
  fileName: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The address part of MAIL_FROM ("Orders <orders@example.com>" or a bare address). */
function senderAddress(from: string): string {
  const [first] = addressparser(from, { flatten: true });
  if (!first?.address?.includes('@')) throw new Error(`MAIL_FROM has no address: ${from}`);
  return first.address;
}

/**
 * Mail goes out through nodemailer: over SMTP when SMTP_URL is set, on a pool of connections
 * that stay open between messages (`pool: true`; a URL may set its own pool options);
 * otherwise each message is written as an .eml file into the outbox folder (the default
 * install has no mail server, and a clerk can open the files), composed by nodemailer's
 * stream transport exactly as SMTP would send it.
 *
 * The recipient is an order's Email, which the order rules hold to one plain ASCII address;
 * anything else is refused here too, so no header can be smuggled in through it.
 */
/**
 * Every line break as LF, a lone CR included, before nodemailer writes them as CRLF: mail has no
 * other line break (RFC 5322 2.3), and nodemailer read a CR before a CRLF as part of that one
 * break, so a body's CR CR LF came out as one break where it holds two (fast-check found it).
 */
const lineBreaks = (body: string) => body.replace(/\r\n|\r/g, '\n');

export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  const address = senderAddress(opts.from);
  const domain = domainToASCII(address.slice(address.lastIndexOf('@') + 1)) || 'localhost';
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, pool: true })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  const mail = (m: MailMessage) => {
    if (emailError(m.to) !== null) throw new Error(`not a deliverable address: ${JSON.stringify(m.to)}`);
    return {
      from: opts.from,
      to: m.to,
      subject: m.subject,
      text: lineBreaks(m.text),
      ...(m.html === undefined ? {} : { html: lineBreaks(m.html) }),
      ...(m.messageId ? { messageId: `<${m.messageId}@${domain}>` } : {}),
    };
  };

  return {
    async send(m) {
      const info = await transport.sendMail(mail(m));
      if (opts.smtpUrl) return;
      const safeName = m.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
      await writeFileAtomic(path.join(opts.outboxDir, `${safeName}.eml`), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}

export const outboxWarning =
  "SMTP_URL is not set: mails are kept as .eml files in this process's own DATA_DIR/outbox and never sent. " +
  'With several processes on one database each keeps its own; set SMTP_URL to send them, or OUTBOX_DIR to one folder every process shares.';

/**
 * Without SMTP the mails are files in this process's own folder: on PostgreSQL, where several
 * processes may share the work, each would keep the mails it made apart (issue 44). Said once at
 * start, unless OUTBOX_DIR names a folder of their choosing.
 */
export function warnOfOutboxPerProcess(
  config: Pick<AppConfig, 'databaseUrl' | 'smtpUrl' | 'outboxDir' | 'dataDir'>,
  log: FastifyBaseLogger,
): void {
  if (config.databaseUrl && !config.smtpUrl && config.outboxDir === path.join(config.dataDir, 'outbox'))
    log.warn({ outboxDir: config.outboxDir }, outboxWarning);
}
