import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCustomer, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { orderCalls } from '#support/order-change-fixtures.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { request } from '#support/socket-client.js';
import { OrderStatus } from '../../src/domain/enums.js';
import { changeMessages } from '../../src/domain/order-change.js';
import { orders } from '../../src/server/db/schema.js';

const BURST = 24;

/**
 * Change and cancel (design.md 7.10) in a burst over real sockets, each request on its own
 * connection, all sent in one tick: 24 changes of one order with a cancel among them. The row
 * lock puts them in a line; whatever the order they run in, the ERP's file ends as the order's
 * last saved version (or gone, once cancelled), no claim is left behind, and every answer is
 * a 200 or 7.10's 409 for an order that is no longer open.
 */
describe('a burst of changes and a cancel of one order, through real sockets', () => {
  let t: OrderTestApp;
  let calls: ReturnType<typeof orderCalls>;
  let base: string;
  let cookie: string;
  let body: Awaited<ReturnType<typeof validOrderBody>>;
  beforeAll(async () => {
    t = await createOrderTestApp('change-burst', { now: () => TEST_NOW, ordersPerMinute: 100_000 });
    calls = orderCalls(t);
    cookie = await signInCustomer(t.app);
    body = await validOrderBody(t.db, 1001, TEST_NOW);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(() => t?.close());

  it('ends with the file as the last saved version, or none once cancelled, and no claim left', async () => {
    const { id, orderNum } = await calls.place(cookie, body);
    const headers = { cookie };
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        i === BURST / 2
          ? request(`${base}/Order/${id}/Cancel`, { method: 'POST', headers })
          : request(`${base}/Order/${id}`, { method: 'PUT', headers, body: { ...body, Name: `Burst ${i}` } }),
      ),
    );
    await t.app.settle();

    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(','),
    ).toBe(true);
    for (const a of answers.filter((x) => x.status === 409))
      expect(JSON.parse(a.body).ErrorMessage).toBe(changeMessages.notOpen(orderNum));
    // The cancel ran at some place in the line: every change after it is refused.
    expect(answers[BURST / 2]!.status).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe(OrderStatus.Cancelled);
    expect(calls.file(orderNum)).toBeNull();
    expect(calls.leftovers()).toEqual([]);
  });

  it('without a cancel, the file is the version the last change saved', async () => {
    const { id, orderNum } = await calls.place(cookie, body);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        request(`${base}/Order/${id}`, {
          method: 'PUT',
          headers: { cookie },
          body: { ...body, Name: `Burst ${i}` },
        }),
      ),
    );
    await t.app.settle();
    expect(answers.map((a) => a.status)).toEqual(Array(BURST).fill(200));
    expect(calls.file(orderNum)).toBe(await calls.savedText(id));
    expect(calls.leftovers()).toEqual([]);
  });
});
