import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import {
  addCustomerWithHistory,
  addReminderType,
  mailSubject,
  mailsTo,
  mailText,
  remindersOf,
  stopLinkIn,
} from '#support/reminder-fixtures.js';
import { startSmtpSink } from '#support/smtp-sink.js';
import { customers, orders } from '../../db/schema.js';
import { runReminderCheck } from './reminders.js';

const minute = 60_000;
/** Two of the last four Fridays before Wednesday 11/25/2026 (TEST_NOW). */
const fridays = ['2026-11-13', '2026-11-20'];
const subject = 'Order by 4:00 PM Central on Wednesday 11/25 for delivery Friday 11/27';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

describe('cutoff reminders (design.md 7.4)', () => {
  let t: TestApp;
  let sink: Sink;
  let dir: string;
  let admin: string;
  let clock = TEST_NOW;
  const ids: Record<string, number> = {};

  const run = async (cookie = admin) =>
    t.app.inject({ method: 'POST', url: '/api/v1/Reminders/Run', headers: { cookie } });
  const list = async (query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/Reminders${query}`, headers: { cookie: admin } });
  const remindersOff = async (id: number) =>
    (await t.db.select().from(customers).where(eq(customers.id, id)))[0]!.remindersOff;

  beforeAll(async () => {
    sink = await startSmtpSink();
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-reminders-'));
    t = await createTestApp({ now: () => clock, config: { dataDir: dir, smtpUrl: sink.url } });
    admin = await signInAdmin(t.app);
    await addReminderType(t.app, admin, 24);
    ids.due = await addCustomerWithHistory(t.db, 8501, fridays, { email: 'due@bar.example.com' });
    ids.once = await addCustomerWithHistory(t.db, 8502, ['2026-11-20'], { email: 'once@bar.example.com' });
    ids.tuesdays = await addCustomerWithHistory(t.db, 8503, ['2026-11-10', '2026-11-17'], {
      email: 'tuesday@bar.example.com',
    });
    ids.ordered = await addCustomerWithHistory(t.db, 8504, [...fridays, '2026-11-27'], {
      email: 'ordered@bar.example.com',
    });
    ids.off = await addCustomerWithHistory(t.db, 8505, fridays, { email: 'off@bar.example.com' });
    ids.noEmail = await addCustomerWithHistory(t.db, 8506, fridays);
    ids.typeOff = await addCustomerWithHistory(t.db, 8507, fridays, {
      email: 'type1@bar.example.com',
      typeId: 2,
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows ReminderHours on the customer type and keeps it when a save leaves it out', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/v1/CustomerType/50',
      headers: { cookie: admin },
    });
    expect(get.json()).toMatchObject({ Id: 50, ReminderHours: 24 });
    const { ReminderHours: _kept, Footer: _f, ...rest } = get.json();
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/v1/CustomerType',
      headers: { cookie: admin },
      payload: rest,
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().ReminderHours).toBe(24);
    for (const bad of [-1, 73, 1.5, '24']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/CustomerType',
        headers: { cookie: admin },
        payload: { ...rest, ReminderHours: bad },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().Errors).toEqual([
        { Field: 'ReminderHours', Message: 'Reminder Hours must be a whole number from 0 to 72 (0 is off)' },
      ]);
    }
  });

  it('staff turn a customer’s reminders off and on again', async () => {
    const url = `/api/v1/Customer/${ids.off}/Reminders`;
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: { cookie: admin },
      payload: { RemindersOff: true },
    });
    expect(put.json()).toEqual({ CustomerId: ids.off, RemindersOff: true });
    const get = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect(get.json()).toEqual({ CustomerId: ids.off, RemindersOff: true });
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: { cookie: admin },
      payload: { RemindersOff: 'yes' },
    });
    expect(bad.statusCode).toBe(422);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/Customer/99999999/Reminders',
      headers: { cookie: admin },
      payload: { RemindersOff: true },
    });
    expect(missing.statusCode).toBe(404);
    expect(await remindersOff(ids.off!)).toBe(true);
  });

  it('mails only the customer who is due: not the one-week, Tuesday, already ordered, opted-out, no-email or type-off ones', async () => {
    const res = await run();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Sent: 1 });
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail!.to).toEqual(['due@bar.example.com']);
    expect(await mailSubject(mail!)).toBe(subject);
    const text = await mailText(mail!);
    expect(text).toContain('Hello Reminder Customer 8501,');
    expect(text).toContain('delivery on Friday 11/27/2026');
    expect(text).toContain('Start your order: https://orders.example.test/order/form/0');
    expect(await stopLinkIn(mail!)).toMatch(
      new RegExp(
        `^https://orders\\.example\\.test/api/v1/Reminders/Off\\?token=${ids.due}\\.[A-Za-z0-9_-]{22}$`,
      ),
    );
    const listed = await list('?date=2026-11-27');
    expect(listed.json()).toEqual([
      {
        Id: expect.any(Number),
        CustomerId: ids.due,
        CompanyId: 8501,
        CustomerName: 'Reminder Customer 8501',
        DeliveryDate: '2026-11-27',
        OrderBy: '2026-11-25T16:00:00-06:00',
        Email: 'due@bar.example.com',
        ClaimedAt: TEST_NOW.toISOString(),
        SentAt: TEST_NOW.toISOString(),
        Attempts: 1,
        Error: null,
      },
    ]);
    expect((await list('?date=2026-11-28')).json()).toEqual([]);
    expect((await list('?date=2026-02-30')).statusCode).toBe(422);
  });

  it('sends it once: later checks, and checks at the cutoff minute, send nothing more', async () => {
    // A later check draws no reminder id for the one claimed already (each minute would use them up).
    const lastId = async () => {
      const { rows } = (await t.db.execute(
        sql`select last_value::int as v from reminders_id_seq`,
      )) as unknown as {
        rows: { v: number }[];
      };
      return rows[0]!.v;
    };
    const before = await lastId();
    expect((await run()).json()).toEqual({ Sent: 0 });
    expect(await lastId()).toBe(before);
    clock = new Date('2026-11-25T15:59:00-06:00');
    expect((await run()).json()).toEqual({ Sent: 0 });
    expect(mailsTo(sink.received, 'due@bar.example.com')).toHaveLength(1);
    clock = TEST_NOW;
  });

  it('writes to the email of the customer’s last order that has one', async () => {
    const id = await addCustomerWithHistory(t.db, 8510, fridays, { email: 'old@bar.example.com' });
    await t.db.insert(orders).values({
      customerId: id,
      orderNum: 'RW-8510-new',
      source: 'web',
      deliveryDate: '2026-11-06',
      createDate: new Date('2026-11-04T15:00:00Z'),
      email: 'new@bar.example.com',
    });
    expect((await run()).json()).toEqual({ Sent: 1 });
    expect(mailsTo(sink.received, 'new@bar.example.com')).toHaveLength(1);
    expect(mailsTo(sink.received, 'old@bar.example.com')).toHaveLength(0);
  });

  it('retries a failed send like a confirmation; gives up once the customer opts out or the cutoff passes', async () => {
    const retry = await addCustomerWithHistory(t.db, 8511, fridays, { email: 'retry@bar.example.com' });
    const optOut = await addCustomerWithHistory(t.db, 8512, fridays, { email: 'optout@bar.example.com' });
    sink.refusing = true;
    clock = new Date('2026-11-25T15:30:00-06:00');
    expect((await run()).json()).toEqual({ Sent: 0 });
    const [failed] = await remindersOf(t.db, retry);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, sendingUntil: null });
    expect(failed!.error).toMatch(/550/);
    expect(failed!.nextAttemptAt!.getTime()).toBe(clock.getTime() + minute);
    expect((await run()).json()).toEqual({ Sent: 0 }); // not due again yet: nothing claimed
    expect((await remindersOf(t.db, retry))[0]!.attempts).toBe(1);

    sink.refusing = false;
    clock = new Date(clock.getTime() + minute);
    await t.db.update(customers).set({ remindersOff: true }).where(eq(customers.id, optOut));
    expect((await run()).json()).toEqual({ Sent: 1 });
    expect(mailsTo(sink.received, 'retry@bar.example.com')).toHaveLength(1);
    expect((await remindersOf(t.db, retry))[0]).toMatchObject({
      attempts: 2,
      sentAt: clock,
      error: null,
      nextAttemptAt: null,
    });
    expect((await remindersOf(t.db, optOut))[0]).toMatchObject({ sentAt: null, nextAttemptAt: null });
    expect(mailsTo(sink.received, 'optout@bar.example.com')).toHaveLength(0);

    // Failing 30 s before the cutoff: the next try would come after it, so there is none.
    const cutoff = await addCustomerWithHistory(t.db, 8513, fridays, { email: 'cutoff@bar.example.com' });
    sink.refusing = true;
    clock = new Date('2026-11-25T15:59:30-06:00');
    expect((await run()).json()).toEqual({ Sent: 0 });
    expect((await remindersOf(t.db, cutoff))[0]).toMatchObject({
      attempts: 1,
      sentAt: null,
      nextAttemptAt: null,
    });
    sink.refusing = false;
    clock = new Date('2026-11-25T16:00:30-06:00');
    expect((await run()).json()).toEqual({ Sent: 0 });
    expect(mailsTo(sink.received, 'cutoff@bar.example.com')).toHaveLength(0);
    clock = TEST_NOW;
  });

  it('turns reminders off through the signed stop link, without signing in; a forged or altered token changes nothing', async () => {
    const [mail] = mailsTo(sink.received, 'due@bar.example.com');
    const link = new URL(await stopLinkIn(mail!));
    const token = link.searchParams.get('token')!;
    const tag = token.split('.')[1]!;
    const open = (tok: string, accept = 'text/html,application/xhtml+xml') =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/Reminders/Off?token=${encodeURIComponent(tok)}`,
        headers: { accept },
      });
    const flipped = `${tag.slice(0, 3)}${tag[3] === 'x' ? 'y' : 'x'}${tag.slice(4)}`;
    for (const forged of [
      `${ids.once}.${tag}`,
      `${ids.due}.${flipped}`,
      `${ids.once}.AAAAAAAAAAAAAAAAAAAAAA`,
      '',
      'x',
    ]) {
      const res = await open(forged);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('This link is not valid');
      const script = await open(forged, 'application/json');
      expect(script.statusCode).toBe(400);
      expect(script.json()).toEqual({ ErrorMessage: 'This link is not valid: reminders were not changed' });
    }
    expect(await remindersOff(ids.once!)).toBe(false);
    expect(await remindersOff(ids.due!)).toBe(false);
    const res = await open(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<h1>Reminders are off</h1>');
    expect(res.body).toContain('8501 Reminder Customer 8501 will get no more order reminder mails');
    expect(await remindersOff(ids.due!)).toBe(true);
    expect(await remindersOff(ids.once!)).toBe(false);
    // A second click says the same and changes nothing more.
    expect((await open(token)).statusCode).toBe(200);
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Customer/${ids.due}/Reminders`,
      headers: { cookie: admin },
    });
    expect(staff.json()).toEqual({ CustomerId: ids.due, RemindersOff: true });
  });

  it('lets only staff run the check and read the list', async () => {
    const customer = await signInCustomer(t.app);
    expect((await run(customer)).statusCode).toBe(403);
    expect((await run('')).statusCode).toBe(401);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Reminders',
      headers: { cookie: customer },
    });
    expect(read.statusCode).toBe(403);
  });
});

describe('the reminder check in a running app', () => {
  it('sends a due reminder by itself each interval, and closes cleanly', async () => {
    const sink = await startSmtpSink();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-reminder-loop-'));
    const t = await createTestApp({ config: { dataDir: dir, smtpUrl: sink.url, reminderCheckSeconds: 1 } });
    try {
      await addReminderType(t.app, await signInAdmin(t.app), 24);
      await addCustomerWithHistory(t.db, 8501, fridays, { email: 'loop@bar.example.com' });
      await vi.waitFor(() => expect(mailsTo(sink.received, 'loop@bar.example.com')).toHaveLength(1), {
        timeout: 20_000,
        interval: 200,
      });
      const r = await runReminderCheck(t.app);
      expect(r).toEqual({ sent: 0, failed: 0 });
    } finally {
      await t.close();
      await sink.close();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(sink.received).toHaveLength(1);
  }, 60_000);
});
