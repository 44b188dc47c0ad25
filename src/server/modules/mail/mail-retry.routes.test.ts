import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  dbKind,
  signInAdmin,
  signInCustomer,
  TEST_NOW,
  type TestApp,
} from '#support/helpers.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { mailsFor, startSmtpSink } from '#support/smtp-sink.js';
import { testConfig } from '#support/test-config.js';
import type { ResendOrderMailsResponse } from '../../../domain/regenerate.schema.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { runMailRetryRound } from './mail-retry.js';
import { MAIL_LEASE_MS } from './mail-retry.service.js';

const minute = 60_000;
type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

const orderRow = async (t: TestApp, orderNum: string) => {
  const [row] = await t.db.select().from(orders).where(eq(orders.orderNum, orderNum));
  return row!;
};

/**
 * Places an order as customer 1001 through the real endpoint and, unless told not to, waits
 * for its first mail attempt.
 */
async function placeOrder(t: TestApp, now: Date, { settle = true } = {}): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/Order',
    headers: { cookie: await signInCustomer(t.app) },
    payload: await validOrderBody(t.db, 1001, now),
  });
  expect(res.statusCode).toBe(201);
  if (settle) await t.app.settle();
  return res.json().OrderNum;
}

describe('confirmation mail retries and staff resend', () => {
  let t: TestApp;
  let sink: Sink;
  let dir: string;
  let clock = TEST_NOW;
  const logs: Record<string, unknown>[] = [];
  beforeAll(async () => {
    sink = await startSmtpSink();
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-mail-retry-'));
    t = await createTestApp({
      now: () => clock,
      config: { dataDir: dir, smtpUrl: sink.url, exportDir: path.join(dir, 'exports') },
      logger: { level: 'warn', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const round = () => runMailRetryRound(t.app);

  it('saves the order when the mail is refused, records attempt 1, and a later round sends it once', async () => {
    sink.refusing = true;
    clock = TEST_NOW;
    const orderNum = await placeOrder(t, clock);
    const failed = await orderRow(t, orderNum);
    expect(failed).toMatchObject({ status: 1, mailedAt: null, mailAttempts: 1, mailSendingUntil: null });
    expect(failed.mailError).toMatch(/550.*Mailbox unavailable/);
    const due = failed.mailNextAttemptAt!.getTime();
    expect(due).toBe(clock.getTime() + minute);

    sink.refusing = false;
    clock = new Date(due - 1000);
    expect(await round()).toEqual({ sent: 0, failed: 0 }); // its back-off has not run out
    expect(mailsFor(sink, orderNum)).toBe(0);

    clock = new Date(due);
    expect(await round()).toEqual({ sent: 1, failed: 0 });
    expect(mailsFor(sink, orderNum)).toBe(1);
    expect(sink.received.at(-1)!.to).toEqual(['pat@bar.example.com']);
    expect(await orderRow(t, orderNum)).toMatchObject({
      mailedAt: clock,
      mailAttempts: 2,
      mailError: null,
      mailNextAttemptAt: null,
      mailSendingUntil: null,
    });

    clock = new Date(due + 24 * 60 * minute);
    expect(await round()).toEqual({ sent: 0, failed: 0 });
    expect(mailsFor(sink, orderNum)).toBe(1);
  });

  it('leaves an order whose first attempt never finished (a process that died mid-send) to a round once its claim lapses', async () => {
    sink.refusing = false;
    sink.stalling = true;
    clock = TEST_NOW;
    const orderNum = await placeOrder(t, clock, { settle: false }); // its first attempt hangs
    await vi.waitFor(() => expect(sink.stalled.length).toBe(1));
    // Saved already claimed for attempt 1 by the insert itself, due should that attempt die.
    expect(await orderRow(t, orderNum)).toMatchObject({
      mailedAt: null,
      mailAttempts: 1,
      mailSendingUntil: new Date(clock.getTime() + MAIL_LEASE_MS),
      mailNextAttemptAt: clock,
    });

    sink.stalling = false;
    const placedAt = clock;
    // The first attempt may still be under way: on nodemailer's own timeouts a stalled server
    // holds a send for up to 2 minutes to connect, then 10 of silence.
    clock = new Date(placedAt.getTime() + 12 * minute);
    expect(await round()).toEqual({ sent: 0, failed: 0 });
    clock = new Date(placedAt.getTime() + MAIL_LEASE_MS - 1000);
    expect(await round()).toEqual({ sent: 0, failed: 0 });
    clock = new Date(placedAt.getTime() + MAIL_LEASE_MS);
    expect(await round()).toEqual({ sent: 1, failed: 0 });
    expect(mailsFor(sink, orderNum)).toBe(1);
    expect(await orderRow(t, orderNum)).toMatchObject({ mailAttempts: 2, mailNextAttemptAt: null });

    // The stalled attempt ends after all (refused): the order stays mailed, nothing is due.
    sink.releaseStalled();
    await t.app.settle();
    expect(await orderRow(t, orderNum)).toMatchObject({ mailedAt: clock, mailNextAttemptAt: null });
    clock = new Date(clock.getTime() + 24 * 60 * minute);
    expect(await round()).toEqual({ sent: 0, failed: 0 });
    expect(mailsFor(sink, orderNum)).toBe(1);
  });

  it('waits longer after each failure and gives up after the last attempt, saying so in the log', async () => {
    sink.refusing = true;
    clock = TEST_NOW;
    const orderNum = await placeOrder(t, clock);
    // The minutes waited after each failed attempt, up to the one after which none is due (or
    // far more attempts than there should be).
    const waits: number[] = [];
    for (let row = await orderRow(t, orderNum); row.mailNextAttemptAt && waits.length < 20; ) {
      waits.push((row.mailNextAttemptAt.getTime() - clock.getTime()) / minute);
      clock = row.mailNextAttemptAt;
      expect(await round()).toEqual({ sent: 0, failed: 1 });
      row = await orderRow(t, orderNum);
      expect(row.mailAttempts).toBe(waits.length + 1);
    }
    // Decision 016's waits, then no more attempts: about 22 hours in all.
    expect(waits).toEqual([1, 5, 15, 60, 180, 360, 720]);
    expect(logs.find((l) => l.orderNum === orderNum && /given up/.test(String(l.msg)))).toMatchObject({
      attempt: waits.length + 1,
      level: 50,
    });
    clock = new Date(clock.getTime() + 7 * 24 * 60 * minute);
    expect(await round()).toEqual({ sent: 0, failed: 0 });
    expect(mailsFor(sink, orderNum)).toBe(0);
  });

  it('gives back the claims a round ran too long to reach, and the next round sends them once', async () => {
    sink.refusing = true;
    clock = TEST_NOW;
    const orderNums = [await placeOrder(t, clock), await placeOrder(t, clock), await placeOrder(t, clock)];
    sink.refusing = false;
    clock = new Date(clock.getTime() + 2 * minute);
    // The first send takes the round past half the lease (a mail server that swallows connections).
    let sends = 0;
    const slow = await runMailRetryRound(t.app, {
      limit: 3,
      elapsedMs: () => (sends++ === 0 ? 0 : MAIL_LEASE_MS),
    });
    expect(slow).toEqual({ sent: 1, failed: 0 });
    const rows = await Promise.all(orderNums.map((n) => orderRow(t, n)));
    const [mailed, ...given] = [...rows].sort(
      (a, b) => Number(b.mailedAt !== null) - Number(a.mailedAt !== null),
    );
    expect(mailed).toMatchObject({ mailAttempts: 2, mailNextAttemptAt: null });
    for (const row of given) {
      // Attempt 1 failed at the order; the claim for attempt 2 was given back: due at once.
      expect(row).toMatchObject({
        mailedAt: null,
        mailAttempts: 1,
        mailSendingUntil: null,
        mailNextAttemptAt: clock,
      });
    }

    expect(await round()).toEqual({ sent: 2, failed: 0 });
    for (const orderNum of orderNums) expect(mailsFor(sink, orderNum)).toBe(1);
  });

  it('never mails imported orders, nor web orders left unmailed before retries existed', async () => {
    sink.refusing = false;
    const unmailedSeed = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.source, 'web'), isNull(orders.mailedAt), isNull(orders.mailNextAttemptAt)));
    expect(unmailedSeed.length).toBeGreaterThan(10);
    // Even an imported order that somehow looks due is not the loop's business.
    const imported = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.source, 'import'))
      .limit(3);
    clock = new Date(TEST_NOW.getTime() + 365 * 24 * 60 * minute);
    await t.db
      .update(orders)
      .set({ mailNextAttemptAt: new Date(clock.getTime() - minute) })
      .where(
        inArray(
          orders.id,
          imported.map((o) => o.id),
        ),
      );
    const received = sink.received.length;
    expect(await round()).toEqual({ sent: 0, failed: 0 });
    expect(sink.received.length).toBe(received);
    const after = await t.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          imported.map((o) => o.id),
        ),
      );
    expect(after.every((o) => o.mailAttempts === 0 && o.mailedAt === null)).toBe(true);
  });

  describe('POST ResendOrderMails', () => {
    let cookie: string;
    beforeAll(async () => {
      cookie = await signInAdmin(t.app);
    });
    const resend = (payload: unknown, headers: Record<string, string> = { cookie }) =>
      t.app.inject({ method: 'POST', url: '/api/v1/ResendOrderMails', payload: payload as object, headers });

    it('sends now whatever the back-off, mails an already mailed order again, and answers per order', async () => {
      sink.refusing = true;
      clock = TEST_NOW;
      const owed = await placeOrder(t, clock);
      sink.refusing = false;
      await placeOrder(t, clock);
      const mailed = await placeOrder(t, clock);
      const [owedRow, mailedRow] = [await orderRow(t, owed), await orderRow(t, mailed)];
      expect(owedRow.mailNextAttemptAt!.getTime()).toBeGreaterThan(clock.getTime());
      expect(mailedRow.mailedAt).not.toBeNull();

      const res = await resend({ Ids: [owedRow.id, mailedRow.id, owedRow.id] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        Sent: 2,
        Failed: 0,
        Results: [
          { Id: owedRow.id, OrderNum: owed, Sent: true, ErrorMessage: null },
          { Id: mailedRow.id, OrderNum: mailed, Sent: true, ErrorMessage: null },
        ],
      } satisfies ResendOrderMailsResponse);
      expect(mailsFor(sink, owed)).toBe(1);
      expect(mailsFor(sink, mailed)).toBe(2);
      expect(await orderRow(t, owed)).toMatchObject({
        mailedAt: clock,
        mailAttempts: 2,
        mailNextAttemptAt: null,
      });
    });

    it('reports a refusal and an attempt under way in another process without sending twice', async () => {
      sink.refusing = false;
      clock = TEST_NOW;
      const busy = await orderRow(t, await placeOrder(t, clock));
      const refused = await orderRow(t, await placeOrder(t, clock));
      await t.db
        .update(orders)
        .set({ mailSendingUntil: new Date(clock.getTime() + 5 * minute) })
        .where(eq(orders.id, busy.id));
      sink.refusing = true;
      const res = await resend({ Ids: [busy.id, refused.id] });
      expect(res.statusCode).toBe(200);
      const body = res.json() as ResendOrderMailsResponse;
      expect(body).toMatchObject({ Sent: 0, Failed: 2 });
      expect(body.Results[0]).toEqual({
        Id: busy.id,
        OrderNum: busy.orderNum,
        Sent: false,
        ErrorMessage: 'Another server is sending this confirmation right now',
      });
      expect(body.Results[1]!.ErrorMessage).toMatch(/^The mail server refused it: 550/);
      expect(body.Results[1]!.ErrorMessage).not.toContain('127.0.0.1');
      // It had gone out before: the failed resend neither unmarks it nor schedules retries.
      expect(await orderRow(t, refused.orderNum)).toMatchObject({
        mailedAt: refused.mailedAt,
        mailNextAttemptAt: null,
        mailAttempts: 2,
      });
      expect((await orderRow(t, busy.orderNum)).mailAttempts).toBe(1);
    });

    it('refuses unknown and imported orders by name and sends nothing', async () => {
      sink.refusing = false;
      const [imported] = await t.db.select().from(orders).where(eq(orders.source, 'import')).limit(1);
      const [web] = await t.db.select().from(orders).where(eq(orders.source, 'web')).limit(1);
      const received = sink.received.length;
      const res = await resend({ Ids: [web!.id, imported!.id, 99_999_999] });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        ErrorMessage: `Orders ${imported!.id}, 99999999 cannot be mailed: not found or not placed on this site`,
        Errors: [{ Field: 'Ids', Message: expect.any(String) }],
      });
      expect(sink.received.length).toBe(received);
    });

    it('checks the body and the caller', async () => {
      const empty = await resend({ Ids: [] });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().ErrorMessage).toBe('Select at least one order');
      expect((await resend([1])).statusCode).toBe(422);
      expect((await resend({ Ids: ['x'] })).statusCode).toBe(422);
      expect((await resend({ Ids: [1] }, {})).statusCode).toBe(401);
      expect((await resend({ Ids: [1] }, { cookie: await signInCustomer(t.app) })).statusCode).toBe(403);
    });

    it('shows in the Regenerate Orders list which orders were mailed', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/Orders', headers: { cookie } });
      const list = res.json() as { OrderNum: string; MailedAt: string | null }[];
      const rows = await t.db.select().from(orders).where(eq(orders.source, 'web'));
      const mailedAt = new Map(rows.map((r) => [r.orderNum, r.mailedAt?.toISOString() ?? null]));
      expect(list.some((o) => o.MailedAt === null)).toBe(true);
      expect(list.some((o) => o.MailedAt !== null)).toBe(true);
      for (const o of list) expect(o.MailedAt).toBe(mailedAt.get(o.OrderNum));
    });
  });
});

describe('the mail-retry loop in a running app', () => {
  it('sends a due mail by itself when MAIL_RETRY_SECONDS is set, and closes cleanly', async () => {
    const sink = await startSmtpSink();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-mail-loop-'));
    const t = await createTestApp({ config: { dataDir: dir, smtpUrl: sink.url, mailRetrySeconds: 1 } });
    try {
      const [order] = await t.db
        .update(orders)
        .set({ mailNextAttemptAt: new Date(TEST_NOW.getTime() - minute) })
        .where(
          eq(
            orders.id,
            (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.source, 'web')).limit(1))[0]!
              .id,
          ),
        )
        .returning();
      await vi.waitFor(() => expect(mailsFor(sink, order!.orderNum)).toBe(1), {
        timeout: 30_000,
        interval: 200,
      });
      await vi.waitFor(async () => expect((await orderRow(t, order!.orderNum)).mailedAt).not.toBeNull(), {
        timeout: 10_000,
      });
    } finally {
      await t.close();
      await sink.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('two processes on one PostgreSQL', () => {
  // PGlite is one embedded database inside one process: a second app cannot open it.
  it.skipIf(dbKind === 'pglite')(
    'claim different orders in the same round: each due mail goes out once',
    async () => {
      const sink = await startSmtpSink();
      const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-mail-two-'));
      const now = TEST_NOW;
      const a = await createTestApp({ now: () => now, config: { dataDir: dir, smtpUrl: sink.url } });
      const url = (a.database as { pool: { options: { connectionString: string } } }).pool.options
        .connectionString;
      const second = await openDatabase({ databaseUrl: url });
      const b = await buildApp({
        logger: false,
        skipMigrate: true,
        now: () => now,
        database: second,
        config: testConfig({ dataDir: dir, smtpUrl: sink.url }),
      });
      try {
        const due = await a.db
          .update(orders)
          .set({ mailNextAttemptAt: new Date(now.getTime() - minute) })
          .where(and(eq(orders.source, 'web'), isNull(orders.mailedAt)))
          .returning({ orderNum: orders.orderNum });
        expect(due.length).toBeGreaterThanOrEqual(8);
        // Three rounds at once in each process, three orders a claim: they compete for the same rows.
        const totals = { a: 0, b: 0 };
        for (let pass = 0; pass < 20; pass++) {
          const rounds = await Promise.all([
            ...[1, 2, 3].map(() =>
              runMailRetryRound(a.app, { limit: 3 }).then((r) => ['a', r.sent] as const),
            ),
            ...[1, 2, 3].map(() => runMailRetryRound(b, { limit: 3 }).then((r) => ['b', r.sent] as const)),
          ]);
          for (const [app, sent] of rounds) totals[app] += sent;
          if (rounds.every(([, sent]) => sent === 0)) break;
        }
        expect(totals.a + totals.b).toBe(due.length);
        expect(totals.a).toBeGreaterThan(0);
        expect(totals.b).toBeGreaterThan(0);
        for (const { orderNum } of due) expect(mailsFor(sink, orderNum)).toBe(1);
        expect(sink.received).toHaveLength(due.length);
      } finally {
        await b.close();
        await second.close();
        await a.close();
        await sink.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
