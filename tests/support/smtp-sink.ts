import { SMTPServer } from 'smtp-server';

/** One message the sink took: who it went to, its subject line and the whole message. */
export interface SunkMail {
  to: string[];
  subject: string;
  raw: string;
}

/**
 * A real SMTP server on a free local port for the mail tests. While `refusing` is true it
 * answers every recipient with 550, as a mail server that will not take the message does.
 * While `stalling` is true it holds each recipient without an answer, as a hung server (or
 * a process that died mid-send) would; `releaseStalled()` then refuses the held ones.
 */
export async function startSmtpSink() {
  const received: SunkMail[] = [];
  const sink = {
    refusing: false,
    stalling: false,
    stalled: [] as ((err?: Error) => void)[],
    releaseStalled() {
      for (const callback of sink.stalled.splice(0)) callback(refusal());
    },
    received,
    url: '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (sink.stalling) sink.stalled.push(callback);
      else if (sink.refusing) callback(refusal());
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/m.exec(text)?.[1]?.trim() ?? '',
          raw: text,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  return sink;
}

const refusal = () => Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });

/** How many messages carried this order's confirmation subject. */
export const mailsFor = (sink: { received: SunkMail[] }, orderNum: string) =>
  sink.received.filter((m) => m.subject === `Order confirmation ${orderNum}`).length;
