import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCustomer, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { orderCalls } from '#support/order-change-fixtures.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { type SunkMail, startSmtpSink } from '#support/smtp-sink.js';
import { request } from '#support/socket-client.js';
import { OrderStatus } from '../../src/domain/enums.js';
import { orders } from '../../src/server/db/schema.js';
import { confirmationMessageId } from '../../src/server/modules/mail/confirmation.js';

const ORDERS = 40;

const messageId = (mail: SunkMail) => /^Message-ID: <([^@>]+)@/im.exec(mail.raw)?.[1] ?? '';
const ofOrder = (mails: SunkMail[], orderNum: string) =>
  mails.filter((m) => m.subject.endsWith(`Order confirmation ${orderNum}`));

/**
 * Issue 32: a change, a change and a cancel of one order sent at once all answered 200, and each
 * mailed the order's latest version under one Message-ID (19 extra mails in a 40-order race).
 * One mail per committed version: a sender whose version was superseded before it sent skips it.
 * Counted through a real SMTP listener (the outbox writes one file per name, which hides copies),
 * with the three requests over real sockets in one tick, on a clock that stands still, so that
 * every change commits in the same millisecond.
 */
describe('overlapping changes and a cancel: one mail per committed version', () => {
  let t: OrderTestApp;
  let calls: ReturnType<typeof orderCalls>;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let base: string;
  let cookie: string;
  let body: Awaited<ReturnType<typeof validOrderBody>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createOrderTestApp('change-mails', {
      now: () => TEST_NOW,
      ordersPerMinute: 100_000,
      config: { smtpUrl: sink.url },
    });
    calls = orderCalls(t);
    cookie = await signInCustomer(t.app);
    body = await validOrderBody(t.db, 1001, TEST_NOW);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it(`${ORDERS} orders, each changed twice and cancelled at once: never one version mailed twice`, {
    timeout: 300_000,
  }, async () => {
    let answered = 0;
    let mailed = 0;
    for (let n = 0; n < ORDERS; n++) {
      const { id, orderNum } = await calls.place(cookie, body);
      const headers = { cookie };
      const answers = await Promise.all([
        request(`${base}/Order/${id}`, { method: 'PUT', headers, body: { ...body, Name: `First ${n}` } }),
        request(`${base}/Order/${id}`, { method: 'PUT', headers, body: { ...body, Name: `Second ${n}` } }),
        request(`${base}/Order/${id}/Cancel`, { method: 'POST', headers }),
      ]);
      await t.app.settle();
      const ok = answers.filter((a) => a.status === 200).length;
      expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);

      const mails = ofOrder(sink.received, orderNum);
      const ids = mails.map(messageId);
      // The first confirmation, then at most one mail for each change that committed.
      expect(new Set(ids).size, ids.join(' ')).toBe(ids.length);
      expect(mails.length).toBeLessThanOrEqual(1 + ok);
      // The version that stands was mailed, once.
      const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
      const last =
        row!.status === OrderStatus.Cancelled
          ? confirmationMessageId(orderNum, 'cancelled')
          : confirmationMessageId(orderNum, `changed-${row!.changedAt!.getTime()}`);
      expect(ids.filter((i) => i === last)).toHaveLength(1);
      expect(row!.mailedAt).not.toBeNull();
      answered += ok;
      mailed += mails.length - 1;
    }
    console.log(`${ORDERS} orders: ${answered} changes and cancels answered 200, ${mailed} change mails`);
  });
});
