import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { orders } from '../../src/server/db/schema.js';
import { ORDERS_PER_MINUTE, orderRateMessage } from '../../src/server/modules/orders/order-rate.js';

/**
 * A customer's session scripted to place orders as fast as it can (issue 15, item 10: 3,308
 * orders and mails in 5 s): at most ORDERS_PER_MINUTE a minute per customer, then 429; another
 * customer on the same address is not held back. One burst, in one tick, over real sockets.
 */
describe('order rate per customer', () => {
  let t: TestApp;
  let dir: string;
  let base: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-order-rate-'));
    t = await createTestApp({
      config: { dataDir: dir, exportDir: path.join(dir, 'exports'), outboxDir: path.join(dir, 'outbox') },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`answers 429 past ${ORDERS_PER_MINUTE} orders a minute for one customer, and not for another`, async () => {
    const [a, b] = [await signInCustomer(t.app, 1001, 60601), await signInCustomer(t.app, 6001, 60611)];
    const [bodyA, bodyB] = [
      await validOrderBody(t.db, 1001, TEST_NOW),
      await validOrderBody(t.db, 6001, TEST_NOW),
    ];
    const post = async (cookie: string, body: unknown) => {
      const res = await fetch(`${base}/api/v1/Order`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    };
    const burst = await Promise.all([
      ...Array.from({ length: ORDERS_PER_MINUTE + 10 }, () => post(a, bodyA)),
      ...Array.from({ length: 5 }, () => post(b, bodyB)),
    ]);
    const ofA = burst.slice(0, ORDERS_PER_MINUTE + 10);
    const ofB = burst.slice(ORDERS_PER_MINUTE + 10);
    expect(ofA.filter((r) => r.status === 201)).toHaveLength(ORDERS_PER_MINUTE);
    const refused = ofA.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(r.json.ErrorMessage).toMatch(
        /^Too many orders: at most 30 a minute for one customer\. Please try again in \d+ seconds\.$/,
      );
    }
    expect(refused[0]!.json.ErrorMessage.replace(/\d+ seconds/, 'N seconds')).toBe(
      orderRateMessage(ORDERS_PER_MINUTE, 0).replace(/\d+ seconds/, 'N seconds'),
    );
    expect(ofB.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
  });
});

/**
 * Issue 32: POST, PUT and Cancel were limited each on its own, so 90 writes (and 90 mails, 60 of
 * them to addresses chosen in the body) went out in 5 s. One ORDERS_PER_MINUTE covers the three.
 */
describe('one order limit for placing, changing and cancelling', () => {
  const LIMIT = 5;
  let t: TestApp;
  let dir: string;
  let base: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-order-rate-writes-'));
    t = await createTestApp({
      ordersPerMinute: LIMIT,
      config: { dataDir: dir, exportDir: path.join(dir, 'exports'), outboxDir: path.join(dir, 'outbox') },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}/api/v1`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`lets ${LIMIT} writes of any kind through in a minute, then answers 429 to each kind`, async () => {
    const cookie = await signInCustomer(t.app, 1001, 60601);
    const body = await validOrderBody(t.db, 1001, TEST_NOW);
    const write = async (method: string, url: string, payload?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      });
      return { method, url, status: res.status, json: await res.json() };
    };
    const first = await write('POST', '/Order', body);
    expect(first.status).toBe(201);
    await t.app.settle();
    const [row] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNum, first.json.OrderNum));
    const id = row!.id;
    // Three of each kind in one tick: four more may pass, whichever they are.
    const burst = await Promise.all(
      [0, 1, 2].flatMap((i) => [
        write('POST', '/Order', body),
        write('PUT', `/Order/${id}`, { ...body, Name: `Burst ${i}` }),
        write('POST', `/Order/${id}/Cancel`),
      ]),
    );
    await t.app.settle();
    const refused = burst.filter((r) => r.status === 429);
    expect(burst.length - refused.length, JSON.stringify(burst.map((r) => [r.method, r.url, r.status]))).toBe(
      LIMIT - 1,
    );
    for (const r of refused) expect(r.json.ErrorMessage).toMatch(/^Too many orders: at most 5 a minute/);
    // Each kind is refused once the minute's count is spent.
    for (const [method, url, payload] of [
      ['POST', '/Order', body],
      ['PUT', `/Order/${id}`, body],
      ['POST', `/Order/${id}/Cancel`, undefined],
    ] as const)
      expect((await write(method, url, payload)).status).toBe(429);
  });
});
