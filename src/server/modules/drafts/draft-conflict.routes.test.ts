import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAdmin, signInCustomer, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { customerByCompany, validOrderBody } from '#support/order-fixtures.js';
import { request } from '#support/socket-client.js';
import { draftConflictMessages } from '../../../domain/order-draft.schema.js';
import { orderDrafts, orders } from '../../db/schema.js';

const { changed, sent, discarded } = draftConflictMessages;

/**
 * Two tabs or two devices on one draft (issue 32, decision 061): a save, a Discard or an order
 * carries `BaseSavedAt`, the SavedAt it started from, and is refused (409) once that draft was
 * changed, sent or discarded elsewhere, so a stale tab never brings a sent draft back and one
 * draft never becomes two orders.
 */
describe('Customer/{id}/Draft and POST Order with BaseSavedAt', () => {
  let t: OrderTestApp;
  let cookie: string;
  let admin: string;
  let id: number;
  let order: Awaited<ReturnType<typeof validOrderBody>>;
  beforeAll(async () => {
    t = await createOrderTestApp('draft-conflict', { now: () => TEST_NOW, ordersPerMinute: 100_000 });
    [cookie, admin] = await Promise.all([signInCustomer(t.app, 1001, 60601), signInAdmin(t.app)]);
    id = (await customerByCompany(t.db, 1001)).id;
    order = await validOrderBody(t.db, 1001, TEST_NOW);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.delete(orderDrafts).where(eq(orderDrafts.customerId, id));
  });

  const put = (body: object, who = cookie) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/Customer/${id}/Draft`,
      headers: { cookie: who },
      payload: body,
    });
  const get = () => t.app.inject({ method: 'GET', url: `/api/v1/Customer/${id}/Draft`, headers: { cookie } });
  const discard = (base?: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v1/Customer/${id}/Draft${base ? `?BaseSavedAt=${encodeURIComponent(base)}` : ''}`,
      headers: { cookie },
    });
  const place = (BaseSavedAt?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      headers: { cookie },
      payload: { ...order, ...(BaseSavedAt ? { BaseSavedAt } : {}) },
    });
  const orderCount = async () => (await t.db.select().from(orders).where(eq(orders.customerId, id))).length;
  const refusedWith = (res: { statusCode: number; json: () => unknown }, message: string) => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      ErrorMessage: message,
      Errors: [{ Field: 'BaseSavedAt', Message: message }],
    });
  };
  /** Tab A's first save; tab B continues it (both start from its SavedAt). */
  const started = async () => {
    const first = await put({ Name: 'Tab A', ProductQuantities: [{ Code: 'BR-1381', CaseQuantity: 4 }] });
    expect(first.statusCode).toBe(200);
    return first.json().SavedAt as string;
  };

  it('saves over the draft it started from, each save with a later SavedAt, even on a fixed clock', async () => {
    const base = await started();
    const next = await put({ Name: 'Tab A again', BaseSavedAt: base });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().Order).toEqual({ Name: 'Tab A again' });
    expect(Date.parse(next.json().SavedAt)).toBeGreaterThan(Date.parse(base));
    expect((await get()).json()).toEqual(next.json());
  });

  it('refuses a save from a tab whose draft another tab changed since, and keeps the other tab’s', async () => {
    const base = await started();
    const b = await put({ Name: 'Tab B', BaseSavedAt: base });
    expect(b.statusCode).toBe(200);
    refusedWith(await put({ Name: 'Tab A, stale', BaseSavedAt: base }), changed);
    expect((await get()).json()).toEqual(b.json());
  });

  it('refuses a save from a device that started before the order was sent, and never brings the draft back', async () => {
    const base = await started();
    expect((await place(base)).statusCode).toBe(201);
    refusedWith(await put({ Name: 'Phone 2, stale', BaseSavedAt: base }), sent);
    refusedWith(await put({ Name: 'Phone 2, stale', BaseSavedAt: base }), sent);
    expect((await get()).statusCode).toBe(404);
    // Its row stays, emptied, to say why.
    const [row] = await t.db.select().from(orderDrafts).where(eq(orderDrafts.customerId, id));
    expect(row).toMatchObject({ state: 'sent', body: {} });
  });

  it('refuses a save and a Discard once the draft was discarded elsewhere', async () => {
    const base = await started();
    expect((await discard()).statusCode).toBe(204);
    refusedWith(await put({ Name: 'Stale', BaseSavedAt: base }), discarded);
    refusedWith(await discard(base), discarded);
    expect((await get()).statusCode).toBe(404);
  });

  it('a Discard with BaseSavedAt discards only that draft', async () => {
    const base = await started();
    const b = await put({ Name: 'Tab B', BaseSavedAt: base });
    refusedWith(await discard(base), changed);
    expect((await get()).json()).toEqual(b.json());
    expect((await discard(b.json().SavedAt)).statusCode).toBe(204);
    expect((await get()).statusCode).toBe(404);
  });

  it('a save without BaseSavedAt starts a new draft: over none, a sent one or an open one', async () => {
    const base = await started();
    expect((await place(base)).statusCode).toBe(201);
    const fresh = await put({ Name: 'New order' });
    expect(fresh.statusCode).toBe(200);
    expect(Date.parse(fresh.json().SavedAt)).toBeGreaterThan(Date.parse(base));
    // The old draft's SavedAt is not the new draft's: the stale device is still refused.
    refusedWith(await put({ Name: 'Stale', BaseSavedAt: base }), changed);
    const reorder = await put({ Name: 'Re-Order' });
    expect(reorder.statusCode).toBe(200);
    expect((await get()).json()).toEqual(reorder.json());
  });

  it('places one order from a draft: a second tab sending the same draft is refused (409) and no order is added', async () => {
    const base = await started();
    const before = await orderCount();
    const a = await place(base);
    expect(a.statusCode, a.body).toBe(201);
    refusedWith(await place(base), sent);
    expect(await orderCount()).toBe(before + 1);
  });

  it('refuses an order sent from a draft another tab changed since; the draft stays', async () => {
    const base = await started();
    const b = await put({ Name: 'Tab B', BaseSavedAt: base });
    const before = await orderCount();
    refusedWith(await place(base), changed);
    expect(await orderCount()).toBe(before);
    expect((await get()).json()).toEqual(b.json());
    expect((await place(b.json().SavedAt)).statusCode).toBe(201);
  });

  it('an order without BaseSavedAt (another client of the API) still ends the draft; staff never touch it', async () => {
    const base = await started();
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      headers: { cookie: admin },
      payload: { ...order, CustomerId: id, BaseSavedAt: '2020-01-01T00:00:00.000Z' },
    });
    expect(staff.statusCode, staff.body).toBe(201);
    expect((await get()).json().SavedAt).toBe(base);
    expect((await place()).statusCode).toBe(201);
    refusedWith(await put({ Name: 'Stale', BaseSavedAt: base }), sent);
  });

  it('refuses a BaseSavedAt that is not a time (422) and changes nothing', async () => {
    const base = await started();
    for (const BaseSavedAt of ['yesterday', 12, '2026-11-25']) {
      expect((await put({ Name: 'x', BaseSavedAt })).statusCode, String(BaseSavedAt)).toBe(422);
    }
    expect((await get()).json().SavedAt).toBe(base);
  });

  describe('at once, through real sockets', () => {
    let base: string;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`;
    });
    const headers = () => ({ cookie, origin: base.replace('/api/v1', '') });

    it('of saves and orders from one draft, exactly one wins and at most one order is placed', async () => {
      for (let round = 0; round < 3; round++) {
        await t.db.delete(orderDrafts).where(eq(orderDrafts.customerId, id));
        const from = await started();
        const before = await orderCount();
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            i % 3 === 0
              ? request(`${base}/Order`, {
                  method: 'POST',
                  headers: { ...headers(), 'idempotency-key': `race-${round}-${i}` },
                  body: { ...order, BaseSavedAt: from },
                })
              : request(`${base}/Customer/${id}/Draft`, {
                  method: 'PUT',
                  headers: headers(),
                  body: { Name: `Tab ${i}`, BaseSavedAt: from },
                }),
          ),
        );
        const won = answers.filter((a) => a.status === 200 || a.status === 201);
        expect(won, answers.map((a) => a.status).join(',')).toHaveLength(1);
        const lost = answers.filter((a) => a.status === 409).map((a) => JSON.parse(a.body).ErrorMessage);
        expect(lost).toHaveLength(11);
        // The winner decides what the others are told: its order was sent, or its save changed the draft.
        const placed = won[0]!.status === 201;
        expect(new Set(lost)).toEqual(new Set([placed ? sent : changed]));
        expect(await orderCount()).toBe(before + (placed ? 1 : 0));
        const draft = await get();
        if (placed) expect(draft.statusCode).toBe(404);
        else expect(draft.json()).toEqual(JSON.parse(won[0]!.body));
      }
    });

    it('of orders only, from one draft: one order, every other told it was sent', async () => {
      const from = await started();
      const before = await orderCount();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          request(`${base}/Order`, {
            method: 'POST',
            headers: { ...headers(), 'idempotency-key': `orders-only-${i}` },
            body: { ...order, BaseSavedAt: from },
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      const lost = answers.filter((a) => a.status !== 201);
      expect(lost.map((a) => a.status)).toEqual(Array(9).fill(409));
      expect(new Set(lost.map((a) => JSON.parse(a.body).ErrorMessage))).toEqual(new Set([sent]));
      expect(await orderCount()).toBe(before + 1);
      await t.app.settle();
    });
  });
});
