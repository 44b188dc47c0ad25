import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { customerByCompany, validOrderBody } from '#support/order-fixtures.js';
import { DRAFT_MAX_BYTES } from '../../../domain/order-draft.schema.js';
import { auditEntries, orderDrafts } from '../../db/schema.js';

/** Drafts (design.md 7.3, issue 20): one unsent order per customer, kept by the server. */
describe('Customer/{id}/Draft', () => {
  let t: TestApp;
  let own: string; // customer 1001
  let other: string; // customer 6001
  let admin: string;
  let id: number;
  let otherId: number;
  beforeAll(async () => {
    t = await createTestApp();
    [own, other, admin] = await Promise.all([
      signInCustomer(t.app, 1001, 60601),
      signInCustomer(t.app, 6001, 60611),
      signInAdmin(t.app),
    ]);
    id = (await customerByCompany(t.db, 1001)).id;
    otherId = (await customerByCompany(t.db, 6001)).id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', cookie: string, customerId = id, body?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1/Customer/${customerId}/Draft`,
      headers: { cookie, ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const rows = () => t.db.select().from(orderDrafts);

  // Half-typed: no name yet, a quantity still being typed, a date not chosen.
  const halfTyped = {
    DeliveryDate: '',
    Name: 'Pat',
    Phone: '(312) 555',
    ProductQuantities: [
      { Code: 'BUD12', CaseQuantity: 2 },
      { Code: 'COORS24', CaseQuantity: '1.', UnitQuantity: '' },
    ],
  };

  it('answers 404 naming the draft while there is none, then keeps a half-typed order as it is', async () => {
    const none = await call('GET', own);
    expect(none.statusCode).toBe(404);
    expect(none.json().ErrorMessage).toBe('The draft was not found');

    const saved = await call('PUT', own, id, halfTyped);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ SavedAt: TEST_NOW.toISOString(), Order: halfTyped });

    const read = await call('GET', own);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(saved.json());
  });

  it('keeps one draft per customer: a second save replaces the first', async () => {
    await call('PUT', own, id, halfTyped);
    const next = { ...halfTyped, Name: 'Pat Murphy', ProductQuantities: [] };
    expect((await call('PUT', own, id, next)).statusCode).toBe(200);
    expect((await call('GET', own)).json().Order).toEqual(next);
    expect((await rows()).filter((r) => r.customerId === id)).toHaveLength(1);
  });

  it("keeps the form's step (0 to 2), so Continue opens the form where it was left (decision 041)", async () => {
    const onPreview = { ...halfTyped, Step: 2 };
    expect((await call('PUT', own, id, onPreview)).json().Order).toEqual(onPreview);
    for (const Step of [3, -1, 1.5, '1']) {
      expect((await call('PUT', own, id, { ...halfTyped, Step })).statusCode, String(Step)).toBe(422);
    }
    expect((await call('GET', own)).json().Order).toEqual(onPreview);
  });

  it("keeps a line's substitution choice for this order (design.md 8.3), and refuses one that is none of the three", async () => {
    const chosen = {
      ...halfTyped,
      ProductQuantities: [
        { Code: 'BUD12', CaseQuantity: 2, Substitution: 'Never' },
        { Code: 'COORS24', CaseQuantity: '1.', UnitQuantity: '', Substitution: 'CallMe' },
      ],
    };
    expect((await call('PUT', own, id, chosen)).json().Order).toEqual(chosen);
    const refused = await call('PUT', own, id, {
      ...halfTyped,
      ProductQuantities: [{ Code: 'BUD12', CaseQuantity: 2, Substitution: 'Maybe' }],
    });
    expect(refused.statusCode).toBe(422);
    expect((await call('GET', own)).json().Order).toEqual(chosen);
  });

  it('checks the shape only, and a refused draft changes nothing', async () => {
    await call('PUT', own, id, halfTyped);
    for (const bad of [
      { ProductQuantities: 'BUD12' },
      { ProductQuantities: [{ CaseQuantity: 1 }] },
      { Name: 42 },
      { Name: 'x'.repeat(101) },
      { ProductQuantities: [{ Code: 'BUD12', CaseQuantity: { n: 1 } }] },
      [],
    ]) {
      const res = await call('PUT', own, id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().ErrorMessage, JSON.stringify(bad)).toBeTruthy();
    }
    expect((await call('GET', own)).json().Order).toEqual(halfTyped);
  });

  it('keeps half a surrogate pair as U+FFFD, as a text column does, in every string of the draft', async () => {
    const half = {
      DeliveryDate: '\uD800',
      Name: 'Half \uD83D pair',
      ProductQuantities: [{ Code: 'x\uDC00', CaseQuantity: '1\uD800' }],
    };
    const saved = await call('PUT', own, id, half);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      DeliveryDate: '\uFFFD',
      Name: 'Half \uFFFD pair',
      ProductQuantities: [{ Code: 'x\uFFFD', CaseQuantity: '1\uFFFD' }],
    };
    expect(saved.json().Order).toEqual(expected);
    expect((await call('GET', own)).json().Order).toEqual(expected);
  });

  it('refuses a draft over 64 kB with 413 and keeps the one saved', async () => {
    await call('PUT', own, id, halfTyped);
    const lines = Array.from({ length: 999 }, (_, i) => ({
      Code: `CODE-${i}-${'x'.repeat(50)}`,
      CaseQuantity: 1,
    }));
    const body = JSON.stringify({ ProductQuantities: lines });
    expect(body.length).toBeGreaterThan(DRAFT_MAX_BYTES);
    const res = await call('PUT', own, id, body);
    expect(res.statusCode).toBe(413);
    expect(res.json().ErrorMessage).toBe('The request is too large');
    expect((await call('GET', own)).json().Order).toEqual(halfTyped);
  });

  it("is the customer's own: another customer's id answers as an unknown one; an admin sees any", async () => {
    await call('PUT', own, id, halfTyped);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, other, id, method === 'PUT' ? { Name: 'Not yours' } : undefined);
      const unknown = await call(
        method,
        other,
        999_999,
        method === 'PUT' ? { Name: 'Not yours' } : undefined,
      );
      expect(res.statusCode, method).toBe(404);
      expect(res.json(), method).toEqual(unknown.json());
    }
    expect((await call('GET', own)).json().Order).toEqual(halfTyped);
    expect((await call('GET', admin)).json().Order).toEqual(halfTyped);
    expect((await call('GET', admin, 999_999)).json().ErrorMessage).toBe('The customer was not found');
    const nobody = await t.app.inject({ method: 'GET', url: `/api/v1/Customer/${id}/Draft` });
    expect(nobody.statusCode).toBe(401);
  });

  it("records staff writes to a customer's draft in the audit trail, and not the customer's own (issue 33)", async () => {
    const trail = () => t.db.select().from(auditEntries).where(eq(auditEntries.entity, 'Draft'));
    const before = (await trail()).length;
    await call('PUT', own, id, halfTyped);
    expect(await trail()).toHaveLength(before);

    expect((await call('PUT', admin, id, { ...halfTyped, DeliveryDate: '2026-11-30' })).statusCode).toBe(200);
    expect((await call('DELETE', admin)).statusCode).toBe(204);
    // Nothing to discard: nothing happened, nothing recorded.
    expect((await call('DELETE', admin)).statusCode).toBe(204);
    const rowsNow = (await trail()).slice(before);
    expect(rowsNow).toEqual([
      expect.objectContaining({
        userName: 'admin',
        action: 'Update',
        entityId: String(id),
        summary: 'Saved the draft of customer 1001 Blue Heron Tavern',
        changes: [
          { Field: 'DeliveryDate', Before: null, After: '2026-11-30' },
          { Field: 'Products', Before: null, After: 'BUD12: 2 cases 0 units, COORS24: 1. cases 0 units' },
        ],
      }),
      expect.objectContaining({
        userName: 'admin',
        action: 'Delete',
        summary: 'Discarded the draft of customer 1001 Blue Heron Tavern',
      }),
    ]);
    // A refused staff save writes no row either.
    const stale = await call('PUT', admin, id, { ...halfTyped, BaseSavedAt: '2020-01-01T00:00:00.000Z' });
    expect(stale.statusCode).toBe(409);
    expect((await trail()).length).toBe(before + 2);
  });

  it('DELETE forgets it, twice is fine', async () => {
    await call('PUT', own, id, halfTyped);
    expect((await call('DELETE', own)).statusCode).toBe(204);
    expect((await call('DELETE', own)).statusCode).toBe(204);
    expect((await call('GET', own)).statusCode).toBe(404);
  });

  it("is deleted by the customer's order, and not by another customer's", async () => {
    await call('PUT', own, id, halfTyped);
    await call('PUT', other, otherId, { Name: 'Their draft' });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order',
      headers: { cookie: own },
      payload: await validOrderBody(t.db, 1001, TEST_NOW),
    });
    expect(order.statusCode).toBe(201);
    expect((await call('GET', own)).statusCode).toBe(404);
    expect((await call('GET', other, otherId)).json().Order).toEqual({ Name: 'Their draft' });
    const [left] = await t.db.select().from(orderDrafts).where(eq(orderDrafts.customerId, otherId));
    expect(left?.body).toEqual({ Name: 'Their draft' });
  });
});
