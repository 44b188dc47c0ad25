import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../mail/mailer.js';

/**
 * The mails of people's sign-in (design.md 8.2): the code, the invitation and "new sign-in".
 * They go through the mailer (SMTP or the outbox) like every other mail. A code is good for 10
 * minutes, so its mail is tried again within seconds, not on the order mails' hourly backoff.
 */
export const PEOPLE_MAIL_RETRY_MS = [2_000, 10_000, 30_000] as const;

export async function sendWithRetries(
  mailer: Mailer,
  message: MailMessage,
  log: FastifyBaseLogger,
  delays: readonly number[] = PEOPLE_MAIL_RETRY_MS,
): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      await mailer.send(message);
      return true;
    } catch (err) {
      const delay = delays[attempt];
      if (delay === undefined) {
        log.error({ err, to: message.to, fileName: message.fileName }, 'sign-in mail given up');
        return false;
      }
      log.warn({ err, attempt: attempt + 1 }, 'sign-in mail failed; it will be tried again');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** "11/28/2026 at 10:40 AM" in the distributor's time zone. */
const when = (at: Date, tz: string) => {
  const f = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone: tz, ...o }).format(at);
  return `${f({ year: 'numeric', month: '2-digit', day: '2-digit' })} at ${f({ hour: 'numeric', minute: '2-digit' })}`;
};

const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

export function codeMail(to: { name: string; email: string }, code: string, at: Date): MailMessage {
  return {
    to: to.email,
    subject: `${code} is your sign-in code`,
    text: [
      `Hello ${to.name},`,
      '',
      `Your code to sign in is ${spaced(code)}. It works once, for 10 minutes.`,
      '',
      'If you did not ask for it, you can ignore this mail: nobody signs in without the code.',
    ].join('\n'),
    fileName: `sign-in-code-${at.getTime()}-${to.email}`,
  };
}

export function invitationMail(
  to: { name: string; email: string },
  venue: string,
  role: string,
  invitedBy: string,
  link: string,
  signInUrl: string,
  at: Date,
): MailMessage {
  return {
    to: to.email,
    subject: `${invitedBy} invited you to order for ${venue}`,
    text: [
      `Hello ${to.name},`,
      '',
      `${invitedBy} gave you access to ${venue} as ${role}. Open this link to sign in:`,
      '',
      link,
      '',
      `The link works once, for 7 days. After that, sign in with your email at ${signInUrl}.`,
    ].join('\n'),
    fileName: `invitation-${at.getTime()}-${to.email}`,
  };
}

export function newSignInMail(
  to: { name: string; email: string },
  device: string,
  at: Date,
  tz: string,
): MailMessage {
  return {
    to: to.email,
    subject: 'New sign-in to your account',
    text: [
      `Hello ${to.name},`,
      '',
      `${device} signed in as you on ${when(at, tz)}.`,
      '',
      'If this was not you, open Signed-in Devices in the menu, choose Sign out everywhere, and tell your distributor.',
    ].join('\n'),
    fileName: `new-sign-in-${at.getTime()}-${to.email}`,
  };
}
