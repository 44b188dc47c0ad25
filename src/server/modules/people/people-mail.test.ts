import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { codeMail, sendWithRetries } from './people-mail.js';

const log = { warn() {}, error() {} } as unknown as FastifyBaseLogger;
const message: MailMessage = codeMail({ name: 'Ann', email: 'ann@example.com' }, '123456', new Date(0));

/** A mailer that fails its first `failures` sends, as an SMTP server that is down for a moment. */
function flaky(failures: number) {
  const sent: MailMessage[] = [];
  let calls = 0;
  const mailer: Mailer = {
    async send(m) {
      calls++;
      if (calls <= failures) throw new Error('connect ECONNREFUSED');
      sent.push(m);
    },
    close() {},
  };
  return { mailer, sent, calls: () => calls };
}

describe('the sign-in mails are tried again (design.md 8.2)', () => {
  it('a mail server down for two tries still gets the code to the person', async () => {
    const m = flaky(2);
    expect(await sendWithRetries(m.mailer, message, log, [0, 0, 0])).toBe(true);
    expect(m.sent).toEqual([message]);
    expect(m.calls()).toBe(3);
  });

  it('gives up after the last retry, and says so', async () => {
    const m = flaky(10);
    expect(await sendWithRetries(m.mailer, message, log, [0, 0])).toBe(false);
    expect(m.calls()).toBe(3);
  });

  it('puts the code in the subject and spaced in the text, and says it works once for 10 minutes', () => {
    expect(message.subject).toBe('123456 is your sign-in code');
    expect(message.text).toContain('123 456');
    expect(message.text).toContain('once, for 10 minutes');
  });
});
