import path from 'node:path';
import nodemailer from 'nodemailer';
import { writeFileAtomic } from './atomic-write.js';
import { createMailComposer, type MailContent } from './mail-message.js';

export interface MailMessage extends MailContent {
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
 * Either way the message is composed once by `createMailComposer` (decision 019).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  const compose = createMailComposer(opts.from);
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail(compose(m));
      },
      close: () => transport.close(),
    };
  }
  return {
    async send(m) {
      const { raw } = compose(m);
      const safeName = m.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
      await writeFileAtomic(path.join(opts.outboxDir, `${safeName}.eml`), raw);
    },
    close: () => {},
  };
}
