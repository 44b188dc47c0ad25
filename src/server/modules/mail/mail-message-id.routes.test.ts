import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { startSmtpSink } from '#support/smtp-sink.js';
import { orders } from '../../db/schema.js';
import { runMailRetryRound } from './mail-retry.js';
import { MAIL_LEASE_MS } from './mail-retry.service.js';

/**
 * A crash between the mail server taking a confirmation and the record of it makes the retry
 * send it again (decision 016). Both copies carry one Message-ID, derived from the Web Conf #
 * and MAIL_FROM's domain, so mail clients show one message (issue 15, item 10).
 */
describe('confirmation Message-ID', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let dir: string;
  let clock = TEST_NOW;
  beforeAll(async () => {
    sink = await startSmtpSink();
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-message-id-'));
    t = await createTestApp({
      now: () => clock,
      config: { dataDir: dir, smtpUrl: sink.url, exportDir: path.join(dir, 'exports') },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is the same on the first send and on the retry after a crash, and new on a staff resend', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      headers: { cookie: await signInCustomer(t.app) },
      payload: await validOrderBody(t.db, 1001, clock),
    });
    expect(res.statusCode).toBe(201);
    const { OrderNum } = res.json();
    await t.app.settle();

    // The process "died" after the mail server took the message, before the send was recorded:
    // the order is still claimed by its first attempt, and the retry sends it once the claim lapses.
    await t.db
      .update(orders)
      .set({
        mailedAt: null,
        mailSendingUntil: new Date(clock.getTime() + MAIL_LEASE_MS),
        mailNextAttemptAt: clock,
      })
      .where(eq(orders.orderNum, OrderNum));
    clock = new Date(clock.getTime() + MAIL_LEASE_MS);
    expect(await runMailRetryRound(t.app)).toEqual({ sent: 1, failed: 0 });

    const [id] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNum, OrderNum));
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ResendOrderMails',
      headers: { cookie: await signInAdmin(t.app) },
      payload: { Ids: [id!.id] },
    });
    expect(resend.json()).toMatchObject({ Sent: 1 });

    const copies = sink.received.filter((m) => m.subject === `Order confirmation ${OrderNum}`);
    expect(copies).toHaveLength(3);
    const [first, retry, staff] = await Promise.all(copies.map((m) => PostalMime.parse(m.raw)));
    expect(first!.messageId).toBe(`<order-${OrderNum}.confirmation@example.test>`);
    expect(retry!.messageId).toBe(first!.messageId);
    expect(retry!.text).toBe(first!.text);
    expect(staff!.messageId).toMatch(/^<[0-9a-f-]{36}@example\.test>$/);
  });
});
