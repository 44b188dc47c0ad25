import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardGuideCustomer } from '#support/guide-fixtures.js';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { businessToday } from '../../../domain/business-date.js';
import { OrderGuideSchema } from '../../../domain/order-guide.schema.js';
import {
  auditEntries,
  availability,
  availabilityFile,
  customerSubstitutions,
  products,
} from '../../db/schema.js';

const today = businessToday(TEST_NOW, 'America/Chicago');

/**
 * Will it arrive (design.md 8.3), as the customer reads it: each product of the guide and of the
 * order form (`GET Customer/{id}`) carries its stock as the last availability file gave it, and
 * the customer's substitution preference, which `PUT Customer/{id}/Substitutions` sets.
 */
describe('availability and substitution preferences on the guide and the form', () => {
  let t: TestApp;
  let id: number;
  let own: string; // customer 4701, the guide's
  let other: string; // customer 1001
  let admin: string;
  const appliedAt = new Date('2026-11-25T16:40:00.000Z');

  beforeAll(async () => {
    t = await createTestApp();
    id = (await standardGuideCustomer(t.db, today)).id;
    [own, other, admin] = await Promise.all([
      signInCustomer(t.app, 4701, 60701),
      signInCustomer(t.app, 1001, 60601),
      signInAdmin(t.app),
    ]);
    // What an availability file leaves (the import is tested with the import's own tests).
    const ids = new Map(
      (
        await t.db
          .select({ id: products.id, code: products.code })
          .from(products)
          .where(inArray(products.code, ['G-1', 'G-2', 'G-3']))
      ).map((p) => [p.code, p.id]),
    );
    await t.db.delete(availability);
    await t.db.insert(availability).values([
      {
        productId: ids.get('G-1')!,
        status: 'OUT',
        cases: 0,
        expectedDate: '2026-12-02',
        substituteId: ids.get('G-3')!,
      },
      { productId: ids.get('G-2')!, status: 'LOW', cases: 3 },
    ]);
    // The demo's file is replaced by this one.
    await t.db.insert(availabilityFile).values({ id: 1, appliedAt }).onConflictDoUpdate({
      target: availabilityFile.id,
      set: { appliedAt },
    });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

  const guideOf = async (cookie = own) => {
    const res = await call('GET', `Customer/${id}/OrderGuide`, cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(OrderGuideSchema.parse(body)).toEqual(body);
    return body as {
      StockAsOf: string | null;
      Products: { Code: string; Availability: unknown; Substitution: string }[];
    };
  };
  const formOf = async (cookie = own) =>
    (await call('GET', `Customer/${id}`, cookie)).json().Products as {
      Code: string;
      Availability: unknown;
      Substitution: string;
    }[];

  const out = {
    Status: 'OUT',
    Cases: 0,
    ExpectedDate: '2026-12-02',
    SubstituteCode: 'G-3',
    SubstituteDescription: 'Mid Stout',
  };
  const low = {
    Status: 'LOW',
    Cases: 3,
    ExpectedDate: null,
    SubstituteCode: null,
    SubstituteDescription: null,
  };

  it('gives each product its stock, null for one the file did not name, and the time the file was applied', async () => {
    const guide = await guideOf();
    expect(guide.StockAsOf).toBe(appliedAt.toISOString());
    expect(guide.Products.map((p) => [p.Code, p.Availability, p.Substitution])).toEqual([
      ['G-1', out, 'Allow'],
      ['G-2', low, 'Allow'],
    ]);
    const form = new Map((await formOf()).map((p) => [p.Code, p]));
    expect(form.get('G-1')).toMatchObject({ Availability: out, Substitution: 'Allow' });
    expect(form.get('G-2')).toMatchObject({ Availability: low });
    expect(form.get('G-5')).toMatchObject({ Availability: null, Substitution: 'Allow' });
  });

  it("gives the worksheet each offered product's stock and the file's time too", async () => {
    const res = await call('GET', `Order/${id}/Worksheet/`, own);
    expect(res.statusCode).toBe(200);
    const sheet = res.json() as {
      StockAsOf: string | null;
      Orders: { Code: string; IsOffered: boolean; Availability: unknown; Substitution: string }[];
    };
    expect(sheet.StockAsOf).toBe(appliedAt.toISOString());
    const rows = new Map(sheet.Orders.map((r) => [r.Code, r]));
    expect(rows.get('G-1')).toMatchObject({ IsOffered: true, Availability: out, Substitution: 'Allow' });
    expect(rows.get('G-2')).toMatchObject({ Availability: low });
    expect(rows.get('G-3')).toMatchObject({ Availability: null });
  });

  it('keeps a preference per product for the customer, Allow as none, and shows it on the guide and the form', async () => {
    const saved = await call('PUT', `Customer/${id}/Substitutions`, own, [
      { Code: 'G-1', Preference: 'Never' },
      { Code: 'G-2', Preference: 'CallMe' },
      { Code: 'G-2', Preference: 'Never' }, // given twice: the last wins
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual([
      { Code: 'G-1', Preference: 'Never' },
      { Code: 'G-2', Preference: 'Never' },
    ]);
    expect((await guideOf()).Products.map((p) => p.Substitution)).toEqual(['Never', 'Never']);
    expect((await formOf()).find((p) => p.Code === 'G-1')!.Substitution).toBe('Never');

    // Back to Allow: no row is kept. A product without a link today (G-5 ended) keeps one too.
    const back = await call('PUT', `Customer/${id}/Substitutions`, own, [
      { Code: 'G-2', Preference: 'Allow' },
      { Code: 'G-5', Preference: 'CallMe' },
    ]);
    expect(back.json()).toEqual([
      { Code: 'G-1', Preference: 'Never' },
      { Code: 'G-5', Preference: 'CallMe' },
    ]);
    const rows = await t.db
      .select()
      .from(customerSubstitutions)
      .where(eq(customerSubstitutions.customerId, id));
    expect(rows.map((r) => r.code).sort()).toEqual(['G-1', 'G-5']);
  });

  it("refuses a product that is not the customer's, or a preference that is not one, changing nothing", async () => {
    const before = await t.db.select().from(customerSubstitutions);
    const unknown = await call('PUT', `Customer/${id}/Substitutions`, own, [
      { Code: 'G-1', Preference: 'Allow' },
      { Code: 'NOPE-1', Preference: 'Never' },
    ]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      ErrorMessage: "Product NOPE-1 is not one of the customer's products",
      Errors: [{ Field: '1.Code', Message: "Product NOPE-1 is not one of the customer's products" }],
    });
    const bad = await call('PUT', `Customer/${id}/Substitutions`, own, [
      { Code: 'G-1', Preference: 'Maybe' },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().ErrorMessage).toBe('Substitution must be Allow, Never or CallMe');
    expect(await t.db.select().from(customerSubstitutions)).toEqual(before);
    // Another customer's: not found, as for an unknown id.
    expect((await call('PUT', `Customer/${id}/Substitutions`, other, [])).statusCode).toBe(404);
  });

  it("keeps staff's change in the audit trail, with what it was and what it is", async () => {
    const res = await call('PUT', `Customer/${id}/Substitutions`, admin, [
      { Code: 'G-1', Preference: 'CallMe' },
    ]);
    expect(res.statusCode).toBe(200);
    const entries = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'CustomerSubstitutions'), eq(auditEntries.entityId, String(id))));
    // The customer's own save is not an admin write: one row, staff's.
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'Update',
      summary: 'Changed a substitution preference for customer 4701 Guide Test 4701',
      changes: [{ Field: 'Substitution G-1', Before: 'Never', After: 'CallMe' }],
    });
  });
});
