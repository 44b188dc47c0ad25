import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { domainToASCII } from 'node:url';
import fc from 'fast-check';
import PostalMime from 'postal-mime';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, type MailMessage } from './mailer.js';

/** Line ends as a reader of the parsed message sees them. */
const lf = (s: string) => s.replace(/\r\n|\r/g, '\n');
const parse = (raw: string) => PostalMime.parse(raw);
/** What a message may hold: printable ASCII, tabs and line breaks. */
const printableAscii = /^[\t\r\n -~]*$/;
/**
 * A body as postal-mime gives it back: it keeps the line break before a part's closing
 * boundary, which belongs to the boundary (RFC 2046 5.1.1).
 */
const asParsed = (body: string) => `${lf(body)}\n`;

/**
 * Without SMTP_URL the mailer writes each message into the outbox as nodemailer composed it for
 * SMTP: these tests read those files back. (SMTP itself: mail-retry.routes.test.ts, with a real
 * SMTP server on a socket.)
 */
describe('createMailer (outbox)', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bev-mailer-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  async function send(from: string, message: Omit<MailMessage, 'fileName'>): Promise<string> {
    const outboxDir = path.join(root, `outbox-${++n}`);
    const mailer = createMailer({ from, outboxDir });
    await mailer.send({ ...message, fileName: 'W1' });
    mailer.close();
    return readFileSync(path.join(outboxDir, 'W1.eml'), 'utf8');
  }
  const from = 'Orders <orders@beverages.example.com>';
  const mail = {
    to: 'pat@bar.example.com',
    subject: 'Order confirmation W1234',
    text: 'Thank you for your order, Pat.\n\nWeb Conf #: W1234\n',
    html: '<p>Thank you for your order, Pat.</p>',
  };

  it('writes a message a mail reader parses back to what was given', async () => {
    const raw = await send(from, mail);
    const parsed = await parse(raw);
    expect(parsed.from).toEqual({ name: 'Orders', address: 'orders@beverages.example.com' });
    expect(parsed.to).toEqual([{ name: '', address: 'pat@bar.example.com' }]);
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@beverages\.example\.com>$/);
    expect(parsed.text).toBe(asParsed(mail.text));
    expect(parsed.html).toBe(asParsed(mail.html));
    expect(raw).toMatch(/\r\nTo: pat@bar\.example\.com\r\n/);
    expect(raw).not.toMatch(/[^\r]\n/);
  });

  it('keeps a Message-ID it is given, on the sender domain', async () => {
    const parsed = await parse(await send(from, { ...mail, messageId: 'order-W1234.confirmation' }));
    expect(parsed.messageId).toBe('<order-W1234.confirmation@beverages.example.com>');
  });

  it('gives every other message its own boundary and Message-ID', async () => {
    const [a, b] = [await send(from, mail), await send(from, mail)];
    const boundary = (raw: string) => /boundary="([^"]+)"/.exec(raw)![1];
    expect(boundary(a)).not.toBe(boundary(b));
    expect((await parse(a)).messageId).not.toBe((await parse(b)).messageId);
  });

  it('sends a text-only message as one part', async () => {
    const raw = await send(from, { ...mail, html: undefined });
    expect(raw).not.toContain('multipart');
    const parsed = await parse(raw);
    expect(parsed.text).toBe(lf(mail.text));
    expect(parsed.html).toBeUndefined();
  });

  it('encodes a display name and a subject that are not plain ASCII', async () => {
    const fancy = '"Bières & Cie, Chicago" <commandes@bières.example.com>';
    const raw = await send(fancy, { ...mail, subject: 'Commande confirmée W1 – merci', messageId: 'x' });
    expect(raw).toMatch(printableAscii);
    const address = `commandes@${domainToASCII('bières.example.com')}`;
    const parsed = await parse(raw);
    expect(parsed.from).toEqual({ name: 'Bières & Cie, Chicago', address });
    expect(parsed.subject).toBe('Commande confirmée W1 – merci');
    expect(parsed.messageId).toBe(`<x@${domainToASCII('bières.example.com')}>`);
  });

  it('takes a bare address as the sender', async () => {
    const raw = await send('orders@localhost.example.com', mail);
    expect((await parse(raw)).from?.address).toBe('orders@localhost.example.com');
  });

  it('refuses a sender without an address', () => {
    expect(() => createMailer({ from: 'Orders <>', outboxDir: root })).toThrow(/MAIL_FROM has no address/);
  });

  it.each([
    ['a second header smuggled in', 'pat@bar.example.com\r\nBcc: all@example.com'],
    ['two recipients', 'pat@bar.example.com, lee@bar.example.com'],
    ['a display name', 'Pat <pat@bar.example.com>'],
    ['no domain', 'pat@'],
  ])('refuses a recipient that is not one plain address: %s', async (_, to) => {
    await expect(send(from, { ...mail, to })).rejects.toThrow(/not a deliverable address/);
  });

  it('reads a lone CR as a line break of its own, before a CRLF too (fast-check seed 1651521955)', async () => {
    const html = '<p>Thank you</p>\r\n\r\r\n\u0000';
    const parsed = await parse(await send(from, { ...mail, text: 'Thank you\r\rbye', html }));
    expect([lf(html), asParsed(html)]).toContain(lf(parsed.html!));
    expect(lf(parsed.text!).trimEnd()).toBe('Thank you\n\nbye');
  });

  it('round-trips any text and HTML, in lines of at most 78 characters of ASCII', async () => {
    const body = fc.string({ unit: 'binary', maxLength: 400 });
    const lines = fc.array(fc.oneof(body, fc.constantFrom('', ' ', '.', '=', '--', 'a\t', 'é '.repeat(60))), {
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(lines, lines, async (textLines, htmlLines) => {
        // A confirmation always has a first line (nodemailer leaves an empty part out).
        const text = ['Thank you', ...textLines].join('\n');
        const html = ['<p>Thank you</p>', ...htmlLines].join('\r\n');
        const raw = await send(from, { ...mail, text, html });
        for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
        expect(raw).toMatch(printableAscii);
        const parsed = await parse(raw);
        // Quoted-printable parts come back with the line break before the boundary, base64 ones
        // (nodemailer's choice for mostly non-ASCII text) without it.
        expect([lf(text), asParsed(text)]).toContain(lf(parsed.text!));
        expect([lf(html), asParsed(html)]).toContain(lf(parsed.html!));
      }),
      { numRuns: 100 },
    );
  });
});
