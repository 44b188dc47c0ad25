import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { customerByCompany, validOrderBody } from '#support/order-fixtures.js';
import { orders } from '../../src/server/db/schema.js';
import { KEY_REUSED_MESSAGE } from '../../src/server/modules/orders/place-order.js';

/**
 * An Idempotency-Key reused with a different body (issue 15, item 9): the API client must not
 * be told that its different order was placed under the first order's Web Conf #. Through a
 * real socket, with bursts fired in one tick.
 */
describe('Idempotency-Key reused with a different body', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  let customerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    cookie = await signInCustomer(t.app);
    customerId = (await customerByCompany(t.db, 1001)).id;
  });
  afterAll(() => t.close());

  const post = async (body: unknown, key: string) => {
    const res = await fetch(`${base}/api/v1/Order`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  };
  const ordersWithKey = async (key: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)))
    )[0]!.n;
  const allOrders = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;

  it('answers the same body with the first answer, the same order written differently too, and another body with 422', async () => {
    const body = await validOrderBody(t.db, 1001, TEST_NOW);
    const first = await post(body, 'reuse-1');
    expect(first.status).toBe(201);
    const before = await allOrders();

    expect(await post(body, 'reuse-1')).toEqual(first);
    // The same order: spaces around the name, the phone masked differently, lines reordered.
    const sameOrder = {
      ...body,
      Name: ` ${body.Name} `,
      Phone: '312.555.0142',
      ProductQuantities: [...body.ProductQuantities].reverse(),
    };
    expect(await post(sameOrder, 'reuse-1')).toEqual(first);

    const more = {
      ...body,
      ProductQuantities: body.ProductQuantities.map((l, i) => (i === 0 ? { ...l, CaseQuantity: 5 } : l)),
    };
    const refused = await post(more, 'reuse-1');
    expect(refused).toEqual({
      status: 422,
      json: { IsSuccessful: false, OrderNum: null, ErrorMessage: KEY_REUSED_MESSAGE },
    });
    expect(await post({ ...body, Name: 'Someone Else' }, 'reuse-1')).toEqual(refused);
    expect(await allOrders()).toBe(before);
  });

  it('places exactly one order from a burst of one key with two bodies; the others get the first answer or 422', async () => {
    const a = await validOrderBody(t.db, 1001, TEST_NOW);
    const b = { ...a, Name: 'Another Contact' };
    const before = await allOrders();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => post(i % 2 === 0 ? a : b, 'burst-two-bodies')),
    );
    expect(await ordersWithKey('burst-two-bodies')).toBe(1);
    expect(await allOrders()).toBe(before + 1);

    const ofA = answers.filter((_, i) => i % 2 === 0);
    const ofB = answers.filter((_, i) => i % 2 === 1);
    const [winners, losers] = ofA[0]!.status === 201 ? [ofA, ofB] : [ofB, ofA];
    const orderNum = winners[0]!.json.OrderNum;
    expect(orderNum).toMatch(/^W\d+$/);
    for (const w of winners) expect(w).toEqual({ status: 201, json: winners[0]!.json });
    for (const l of losers)
      expect(l).toEqual({ status: 422, json: expect.objectContaining({ OrderNum: null }) });
    const [stored] = await t.db.select().from(orders).where(eq(orders.orderNum, orderNum));
    expect(stored!.name).toBe(winners === ofA ? a.Name : b.Name);
  });
});
