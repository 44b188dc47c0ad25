import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideCustomer, guideOrder } from '#support/guide-fixtures.js';
import {
  createTestApp,
  readOpenApi,
  signInAdmin,
  signInCustomer,
  TEST_NOW,
  type TestApp,
} from '#support/helpers.js';
import { customerByCompany } from '#support/order-fixtures.js';
import { addDays, businessToday } from '../../../domain/business-date.js';
import { QUICK_ORDER_MAX_TEXT, QuickOrderSchema } from '../../../domain/quick-order.schema.js';
import { customerProducts, orderDrafts, orders, products } from '../../db/schema.js';

const today = businessToday(TEST_NOW, 'America/Chicago');

/**
 * POST Customer/{id}/QuickOrder (design.md 8.7, issue 41): the lines of a message with the
 * products they name among those the customer may order, ranked by the customer's own history.
 * Who may call it is in the permission matrix (tests/security); here, what it answers.
 */
describe('POST Customer/{id}/QuickOrder', () => {
  let t: TestApp;
  let customer: string;
  let admin: string;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp();
    id = (await customerByCompany(t.db, 1001)).id;
    [customer, admin] = await Promise.all([signInCustomer(t.app, 1001, 60601), signInAdmin(t.app)]);
  });
  afterAll(() => t.close());

  const quick = (Text: unknown, cookie = customer, customerId = id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/Customer/${customerId}/QuickOrder`,
      headers: { cookie },
      payload: { Text },
    });
  const linked = async (customerId: number) =>
    t.db
      .select({ code: products.code, description: products.description, isCaseOnly: products.isCaseOnly })
      .from(customerProducts)
      .innerJoin(products, eq(products.id, customerProducts.productId))
      .where(and(eq(customerProducts.customerId, customerId), eq(products.isActive, true)));

  it("answers each line with its product, cases or units, and whether it is sure, in the contract's shape", async () => {
    const mine = await linked(id);
    const first = mine[0]!;
    const res = await quick(`Hi Mike,\n${first.code} x 3\n${first.description} 2 cs\nthanks - Joe`);
    expect(res.statusCode).toBe(200);
    const body = QuickOrderSchema.parse(res.json());
    expect(body.Lines).toEqual([
      { Text: 'Hi Mike,', Code: null, Description: null, Cases: 0, Units: 0, Sure: false, Alternatives: [] },
      {
        Text: `${first.code} x 3`,
        Code: first.code,
        Description: first.description,
        Cases: 3,
        Units: 0,
        Sure: true,
        Alternatives: [],
      },
      {
        Text: `${first.description} 2 cs`,
        Code: first.code,
        Description: first.description,
        Cases: 2,
        Units: 0,
        Sure: true,
        Alternatives: [],
      },
      {
        Text: 'thanks - Joe',
        Code: null,
        Description: null,
        Cases: 0,
        Units: 0,
        Sure: false,
        Alternatives: [],
      },
    ]);
  });

  it('matches only what the customer may order: another customer’s product is not offered', async () => {
    const mine = new Set((await linked(id)).map((p) => p.code));
    const other = (await linked((await customerByCompany(t.db, 5001)).id)).find((p) => !mine.has(p.code))!;
    const res = await quick(`${other.code} x 2`);
    expect(res.json().Lines[0]).toMatchObject({ Code: null });
    const staff = await quick(`${other.code} x 2`, admin, (await customerByCompany(t.db, 5001)).id);
    expect(staff.json().Lines[0]).toMatchObject({ Code: other.code, Cases: 2, Sure: true });
  });

  it('ranks by the customer’s own history, and is unsure between products the words fit alike', async () => {
    const c = await guideCustomer(t.db, 4711, 60711, [
      { code: 'Q-1', description: 'Quarry Pale Ale 24x12oz Can' },
      { code: 'Q-2', description: 'Quarry Pale Ale 24x12oz Btl' },
      { code: 'Q-3', description: 'Quarry Stout 24x12oz Btl' },
      { code: 'Q-4', description: 'Ended Pale Ale 24x12oz Can', end: addDays(today, -1) },
    ]);
    const before = (await quick('3 quarry pale ale', admin, c.id)).json().Lines[0];
    expect(before).toMatchObject({ Cases: 3, Sure: false });
    // The stout fits one word of three, and the ended link is not offered.
    expect([before.Code, ...before.Alternatives.map((a: { Code: string }) => a.Code)].sort()).toEqual([
      'Q-1',
      'Q-2',
    ]);
    // The bottles ordered every week: they come first, and the can is the alternative.
    for (let week = 1; week <= 6; week++) await guideOrder(t.db, c.id, today, 7 * week, [['Q-2', 2]]);
    const after = (await quick('3 quarry pale ale', admin, c.id)).json().Lines[0];
    expect(after.Code).toBe('Q-2');
    // The words say which: no history needed, and sure.
    expect((await quick('3 quarry pale ale cans', admin, c.id)).json().Lines[0]).toMatchObject({
      Code: 'Q-1',
      Sure: true,
    });
  });

  it('reads units, and leaves units of a product sold only by the case unsure for the person to fix', async () => {
    const caseOnly = (await linked(id)).find((p) => p.isCaseOnly)!;
    const res = (await quick(`${caseOnly.code} 6 btls`)).json().Lines[0];
    expect(res).toMatchObject({ Code: caseOnly.code, Cases: 0, Units: 6, Sure: false });
  });

  it('saves nothing: no order, no draft', async () => {
    const before = await t.db.select({ n: count() }).from(orders);
    await quick('5 cs windy city cans\n2 cola');
    expect(await t.db.select({ n: count() }).from(orders)).toEqual(before);
    expect(await t.db.select().from(orderDrafts).where(eq(orderDrafts.customerId, id))).toEqual([]);
  });

  it('refuses a body without Text, or too long, with the field named; an unknown customer is 404 for staff', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/v1/Customer/${id}/QuickOrder`,
      headers: { cookie: customer },
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ ErrorMessage: 'Text is required', Errors: [{ Field: 'Text' }] });
    const long = await quick('x'.repeat(QUICK_ORDER_MAX_TEXT + 1));
    expect(long.statusCode).toBe(422);
    expect(long.json().ErrorMessage).toBe(`Text must be at most ${QUICK_ORDER_MAX_TEXT} characters`);
    const unknown = await quick('2 cola', admin, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ ErrorMessage: 'The customer was not found' });
    expect((await quick('', customer)).json()).toEqual({ Lines: [] });
  });

  it('publishes the call in the OpenAPI document', async () => {
    const doc = await readOpenApi(t.app);
    expect(doc.paths['/api/v1/Customer/{id}/QuickOrder']?.post).toBeDefined();
  });
});
