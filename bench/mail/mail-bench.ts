/**
 * What sending one confirmation mail costs the server (issue 16): the confirmation composed by
 * nodemailer and sent through `createMailer`, to a real SMTP server on a local socket (the
 * tests' sink), over a pool of connections (SMTP_URL, `pool: true`) and, for comparison, with
 * a new connection per message (`?pool=false` in the URL); and written to the outbox as .eml
 * files (no SMTP_URL). Prints milliseconds of wall time and of CPU per message, one after
 * another and 32 at a time.
 *
 *   npx tsx bench/mail/mail-bench.ts [--messages 2000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startSmtpSink } from '#support/smtp-sink.js';
import { confirmationMail } from '../../src/server/modules/mail/confirmation.js';
import { createMailer, type Mailer } from '../../src/server/modules/mail/mailer.js';
import { toOrderDetail } from '../../src/server/modules/orders/orders.service.js';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '2000' } } });
const messages = Number(values.messages);
const from = 'Orders <orders@beverages.example.com>';
const line = (code: string, description: string, unitsPerCase: number, caseQuantity: number) => ({
  productId: null,
  code,
  description,
  unitsPerCase,
  caseQuantity,
  unitQuantity: 0,
  isCaseOnly: false,
  isReturn: false,
  substitution: 'Allow',
});
/** An order as the orders bench's customers place it (two lines), shaped as POST Order shapes it. */
const order = toOrderDetail(
  {
    id: 1,
    customerId: 1,
    companyId: 1001,
    customerName: 'Bench Bar & Grill',
    paymentTerms: 'NET30',
    personName: null,
    standingOrderId: null,
    changedAt: null,
    changeableUntil: null,
    orderNum: 'W100123',
    orderType: 'WEB',
    source: 'web',
    createDate: new Date('2026-11-24T17:00:00.000Z'),
    deliveryDate: '2026-12-01',
    name: 'Bench Buyer',
    phone: '3125550100',
    enteredBy: null,
    email: 'buyer@bench.example.com',
    referencePo: '',
    status: 1,
  },
  [line('P00001', 'Lager 12oz bottles', 24, 2), line('P00002', 'Cola 2L', 6, 1)],
);

async function time(label: string, mailer: Mailer, concurrency: number) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < messages) {
        const n = next++;
        await mailer.send({ ...confirmationMail(order), fileName: `W${n}` });
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  const wall = (performance.now() - start) / messages;
  console.log(
    `  ${label.padEnd(44)} ${wall.toFixed(2).padStart(6)} ms wall  ${((used.user + used.system) / 1000 / messages).toFixed(2).padStart(6)} ms CPU per message`,
  );
}

const sink = await startSmtpSink();
const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-mail-bench-'));
try {
  console.log(`${messages} confirmations each (CPU: this process, which also runs the SMTP server)`);
  for (const concurrency of [1, 32]) {
    const pooled = createMailer({ smtpUrl: sink.url, from, outboxDir: dir });
    await time(`SMTP, pooled connections, ${concurrency} at a time`, pooled, concurrency);
    pooled.close();
    const single = createMailer({ smtpUrl: `${sink.url}/?pool=false`, from, outboxDir: dir });
    await time(`SMTP, a connection per message, ${concurrency} at a time`, single, concurrency);
    single.close();
    const outbox = createMailer({ from, outboxDir: path.join(dir, `outbox-${concurrency}`) });
    await time(`outbox .eml files, ${concurrency} at a time`, outbox, concurrency);
  }
  console.log(`  the sink received ${sink.received.length} messages`);
} finally {
  await sink.close();
  rmSync(dir, { recursive: true, force: true });
}
