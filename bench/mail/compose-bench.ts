/**
 * What composing one confirmation mail costs: nodemailer building the message itself (its
 * tree of streams, as the server did before decision 019) against `createMailComposer`,
 * which the server uses now. Prints microseconds of wall time and of CPU per message.
 *
 *   npx tsx bench/mail/compose-bench.ts [--messages 5000] [--rounds 3]
 */
import nodemailer from 'nodemailer';
import { createMailComposer } from '../../src/server/lib/mail-message.js';
import { confirmationMail } from '../../src/server/modules/orders/order-mail.js';
import { toOrderDetail } from '../../src/server/modules/orders/orders.service.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const messages = option('--messages', 5000);
const rounds = option('--rounds', 3);

const from = 'Orders <orders@beverages.example.com>';
const line = (code: string, description: string, unitsPerCase: number, caseQuantity: number) => ({
  productId: null,
  code,
  description,
  unitsPerCase,
  caseQuantity,
  unitQuantity: 0,
  isCaseOnly: false,
});
/**
 * An order as the benchmark's customers place it (bench/orders/orders-bench.ts: two lines),
 * shaped by `toOrderDetail` as POST Order shapes it for the mail.
 */
const order = toOrderDetail(
  {
    id: 1,
    customerId: 1,
    companyId: 1001,
    customerName: 'Bench Bar & Grill',
    orderNum: 'W100123',
    orderType: 'WEB',
    source: 'web',
    createDate: new Date('2026-11-24T17:00:00.000Z'),
    deliveryDate: '2026-12-01',
    name: 'Bench Buyer',
    phone: '3125550100',
    email: 'buyer@bench.example.com',
    referencePo: '',
    status: 1,
  },
  [line('P00001', 'Lager 12oz bottles', 24, 2), line('P00002', 'Cola 2L', 6, 1)],
);
const mail = confirmationMail(order);

const streamTransport = nodemailer.createTransport({ streamTransport: true, buffer: true });
const compose = createMailComposer(from);

async function time(label: string, once: () => unknown) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < messages; i++) await once();
  const used = process.cpuUsage(cpu);
  const wall = ((performance.now() - start) * 1000) / messages;
  console.log(
    `  ${label.padEnd(28)} ${wall.toFixed(1).padStart(7)} µs wall  ${((used.user + used.system) / messages).toFixed(1).padStart(7)} µs CPU per message`,
  );
}

for (let round = 1; round <= rounds; round++) {
  console.log(`round ${round} of ${rounds}, ${messages} messages each:`);
  await time('nodemailer composes', () =>
    streamTransport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }),
  );
  await time('createMailComposer', () => compose(mail));
}
