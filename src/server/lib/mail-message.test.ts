import { domainToASCII } from 'node:url';
import fc from 'fast-check';
import nodemailer from 'nodemailer';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { createMailComposer } from './mail-message.js';

/** Line ends as a reader of the parsed message sees them. */
const lf = (s: string) => s.replace(/\r\n|\r/g, '\n');
const parse = (raw: string) => PostalMime.parse(raw);
/** What a message may hold: printable ASCII, tabs and line breaks. */
const printableAscii = /^[\t\r\n -~]*$/;
/**
 * A body as postal-mime gives it back: it keeps the line break before a part's closing
 * boundary, which belongs to the boundary (RFC 2046 5.1.1). It does the same with
 * nodemailer's own messages.
 */
const asParsed = (body: string) => `${lf(body)}\n`;

describe('createMailComposer', () => {
  const compose = createMailComposer('Orders <orders@beverages.example.com>');
  const mail = {
    to: 'pat@bar.example.com',
    subject: 'Order confirmation W1234',
    text: 'Thank you for your order, Pat.\n\nWeb Conf #: W1234\n',
    html: '<p>Thank you for your order, Pat.</p>',
  };

  it('writes a message a mail reader parses back to what was given', async () => {
    const date = new Date('2026-11-24T17:05:09Z');
    const { raw, envelope } = compose(mail, date);
    expect(envelope).toEqual({ from: 'orders@beverages.example.com', to: ['pat@bar.example.com'] });
    const parsed = await parse(raw);
    expect(parsed.from).toEqual({ name: 'Orders', address: 'orders@beverages.example.com' });
    expect(parsed.to).toEqual([{ name: '', address: 'pat@bar.example.com' }]);
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.date).toBe(date.toISOString());
    expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@beverages\.example\.com>$/);
    expect(parsed.text).toBe(asParsed(mail.text));
    expect(parsed.html).toBe(asParsed(mail.html));
    expect(raw).toContain('\r\nTo: pat@bar.example.com\r\n');
    expect(raw).toContain('\r\nDate: Tue, 24 Nov 2026 17:05:09 +0000\r\n');
  });

  it('gives every message its own boundary and Message-ID', async () => {
    const [a, b] = [compose(mail).raw, compose(mail).raw];
    const boundary = (raw: string) => /boundary="([^"]+)"/.exec(raw)![1];
    expect(boundary(a)).not.toBe(boundary(b));
    expect((await parse(a)).messageId).not.toBe((await parse(b)).messageId);
  });

  it('sends a text-only message as one part', async () => {
    const parsed = await parse(compose({ ...mail, html: undefined }).raw);
    expect(parsed.text).toBe(asParsed(mail.text));
    expect(parsed.html).toBeUndefined();
  });

  it('encodes a display name and a subject that are not plain ASCII', async () => {
    const fancy = createMailComposer('"Bières & Cie, Chicago" <commandes@bières.example.com>');
    const { raw, envelope } = fancy({ ...mail, subject: 'Commande confirmée W1 – merci' });
    expect(raw).toMatch(printableAscii);
    const address = `commandes@${domainToASCII('bières.example.com')}`;
    expect(envelope.from).toBe(address);
    const parsed = await parse(raw);
    expect(parsed.from).toEqual({ name: 'Bières & Cie, Chicago', address });
    expect(parsed.subject).toBe('Commande confirmée W1 – merci');
  });

  it('takes a bare address as the sender', async () => {
    const { raw, envelope } = createMailComposer('orders@localhost.example.com')(mail);
    expect(envelope.from).toBe('orders@localhost.example.com');
    expect((await parse(raw)).from?.address).toBe('orders@localhost.example.com');
  });

  it('refuses a sender without an address', () => {
    expect(() => createMailComposer('Orders <>')).toThrow(/MAIL_FROM has no address/);
  });

  it.each([
    ['a second header smuggled in', 'pat@bar.example.com\r\nBcc: all@example.com'],
    ['two recipients', 'pat@bar.example.com, lee@bar.example.com'],
    ['a display name', 'Pat <pat@bar.example.com>'],
    ['no domain', 'pat@'],
  ])('refuses a recipient that is not one plain address: %s', (_, to) => {
    expect(() => compose({ ...mail, to })).toThrow(/not a deliverable address/);
  });

  it('round-trips any text and HTML, in lines of at most 76 characters of ASCII', async () => {
    const body = fc.string({ unit: 'binary', maxLength: 400 });
    const lines = fc.array(fc.oneof(body, fc.constantFrom('', ' ', '.', '=', '--', 'a\t', 'é '.repeat(60))), {
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(lines, lines, async (textLines, htmlLines) => {
        const text = textLines.join('\n');
        const html = htmlLines.join('\r\n');
        const { raw } = compose({ ...mail, text, html });
        for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(76);
        expect(raw).toMatch(printableAscii);
        const parsed = await parse(raw);
        expect(lf(parsed.text!)).toBe(asParsed(text));
        expect(lf(parsed.html!)).toBe(asParsed(html));
      }),
      { numRuns: 150 },
    );
  });

  it('goes through nodemailer as it is, envelope and all', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const composed = compose(mail);
    const info = await transport.sendMail(composed);
    expect(info.envelope).toEqual(composed.envelope);
    expect(String(info.message)).toBe(composed.raw);
  });
});
