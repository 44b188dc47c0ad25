import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideCustomer, standardGuideCustomer } from '#support/guide-fixtures.js';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { orderableCodes } from '#support/order-fixtures.js';
import { businessToday } from '../../../domain/business-date.js';
import { parMessage } from '../../../domain/order-guide.schema.js';
import { customerPars, customerProducts } from '../../db/schema.js';

const today = businessToday(TEST_NOW, 'America/Chicago');

describe('PUT Customer/{id}/Pars', () => {
  let t: TestApp;
  let id: number;
  let productIds: Map<string, number>;
  let own: string; // the guide's customer, 4701
  let other: string; // customer 1001
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ id, productIds } = await standardGuideCustomer(t.db, today));
    [own, other, admin] = await Promise.all([
      signInCustomer(t.app, 4701, 60701),
      signInCustomer(t.app, 1001, 60601),
      signInAdmin(t.app),
    ]);
  });
  afterAll(() => t.close());

  const put = (body: unknown, cookie = own, customerId = id, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/Customer/${customerId}/Pars`,
      headers: { cookie, ...headers },
      payload: body as object,
    });
  const pars = async (cookie = own) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Customer/${id}/OrderGuide`,
      headers: { cookie },
    });
    return Object.fromEntries(
      res.json().Products.map((p: { Code: string; Par: number | null }) => [p.Code, p.Par]),
    );
  };
  const worksheetPars = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Order/${id}/Worksheet/`,
      headers: { cookie: own },
    });
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(
      res.json().Orders.map((r: { Code: string; Par: number | null }) => [r.Code, r.Par]),
    );
  };
  const stored = () =>
    t.db
      .select({ Code: customerPars.code, Par: customerPars.par })
      .from(customerPars)
      .where(eq(customerPars.customerId, id));

  it('saves, changes and forgets pars, shown in the guide and on the worksheet', async () => {
    let res = await put([
      { Code: 'G-3', Par: 0 },
      { Code: 'G-1', Par: 6 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { Code: 'G-1', Par: 6 },
      { Code: 'G-3', Par: 0 },
    ]);
    expect(await pars()).toEqual({ 'G-1': 6, 'G-2': null, 'G-3': 0 });
    expect(await worksheetPars()).toEqual({ 'G-1': 6, 'G-2': null, 'G-3': 0, 'OLD-1': null });

    // A number changes the par, null forgets it, a code left out keeps its own; the last of two wins.
    res = await put([
      { Code: 'G-1', Par: 9 },
      { Code: 'G-2', Par: 2 },
      { Code: 'G-2', Par: 4 },
      { Code: 'G-3', Par: null },
    ]);
    expect(res.json()).toEqual([
      { Code: 'G-1', Par: 9 },
      { Code: 'G-2', Par: 4 },
    ]);
    // G-3 has no orders: with its par forgotten, the guide has no figure of it to list.
    expect(await pars()).toEqual({ 'G-1': 9, 'G-2': 4 });
    expect(await worksheetPars()).toEqual({ 'G-1': 9, 'G-2': 4, 'G-3': null, 'OLD-1': null });
    // An empty list saves nothing and answers what is saved; an admin saves for the customer.
    expect((await put([])).json()).toEqual(res.json());
    expect((await put([{ Code: 'G-3', Par: 1 }], admin)).statusCode).toBe(200);
    expect((await put([{ Code: 'G-3', Par: null }], admin)).json()).toEqual(res.json());
  });

  it.each([
    ['par 10000', { Code: 'G-1', Par: 10000 }, '1.Par', parMessage],
    ['par -1', { Code: 'G-1', Par: -1 }, '1.Par', parMessage],
    ['par 2.5', { Code: 'G-1', Par: 2.5 }, '1.Par', parMessage],
    ['par "3"', { Code: 'G-1', Par: '3' }, '1.Par', parMessage],
    ['no code', { Par: 3 }, '1.Code', 'Code is required'],
    [
      'a code of no product',
      { Code: 'NOPE', Par: 3 },
      '1.Code',
      "Product NOPE is not one of the customer's products",
    ],
    // Customer 1001's product ($1001), not linked to this one. G-5, whose link has ended, is
    // still this customer's: pars are kept by code, whatever the link's dates.
    [
      'another customer’s product',
      { Code: '$1001', Par: 3 },
      '1.Code',
      "Product $1001 is not one of the customer's products",
    ],
  ])('refuses %s with 422 naming the field, and saves nothing', async (_, bad, field, text) => {
    const before = await stored();
    const theirs = (await orderableCodes(t.db, 1001, today))[0]!.code;
    const res = await put([
      { Code: 'G-5', Par: 1 },
      'Code' in bad && bad.Code === '$1001' ? { ...bad, Code: theirs } : bad,
    ]);
    const message = text.replace('$1001', theirs);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ ErrorMessage: message, Errors: [{ Field: field, Message: message }] });
    expect(await stored()).toEqual(before);
  });

  it('keeps a par by code when its link is removed and added again', async () => {
    await put([{ Code: 'G-3', Par: 7 }]);
    const where = and(
      eq(customerProducts.customerId, id),
      eq(customerProducts.productId, productIds.get('G-3')!),
    );
    const [link] = await t.db.select().from(customerProducts).where(where);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/Customer/${id}/Product/${link!.id}`,
      headers: { cookie: admin },
    });
    expect(removed.statusCode).toBe(204);
    expect(await pars()).not.toHaveProperty('G-3');
    // No link, no new par: 422, and the saved one stays.
    expect((await put([{ Code: 'G-3', Par: 8 }])).statusCode).toBe(422);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/Customer/${id}/Product`,
      headers: { cookie: admin },
      payload: { Code: 'G-3' },
    });
    expect(added.statusCode).toBe(201);
    expect((await pars())['G-3']).toBe(7);
  });

  it('answers nobody 401, another customer’s id as an unknown one (404), and refuses another site', async () => {
    const body = [{ Code: 'G-1', Par: 1 }];
    expect((await put(body, '')).statusCode).toBe(401);
    const theirs = await put(body, other);
    const unknown = await put(body, other, 2_000_000_000);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(unknown.body);
    expect(theirs.json()).toEqual({ ErrorMessage: 'The customer was not found' });
    expect((await put(body, admin, 2_000_000_000)).body).toBe(unknown.body);
    const crossSite = await put(body, own, id, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(await pars()).toMatchObject({ 'G-1': 9 });
  });

  it('goes with its customer', async () => {
    const c = await guideCustomer(t.db, 4702, 60702, [{ code: 'G-7', description: 'Gone Tonic' }]);
    expect((await put([{ Code: 'G-7', Par: 3 }], admin, c.id)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/Customer/${c.id}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(customerPars).where(eq(customerPars.customerId, c.id))).toEqual([]);
  });
});
