import path from 'node:path';
import nodemailer from 'nodemailer';
import { writeFileAtomic } from './atomic-write.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A name for the .eml file in the outbox (no path separators). */
  fileName: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file into the
 * outbox folder (the default install has no mail server, and a clerk can open the files).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl, { from: opts.from });
    return {
      async send(m) {
        await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
      });
      const safeName = m.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
      await writeFileAtomic(path.join(opts.outboxDir, `${safeName}.eml`), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
