import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standardGuideCustomer } from '#support/guide-fixtures.js';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { customerByCompany } from '#support/order-fixtures.js';
import { statementsDuring } from '#support/statements.js';
import { addDays, businessToday } from '../../../domain/business-date.js';
import { OrderGuideSchema } from '../../../domain/order-guide.schema.js';
import { availabilityFile, customerPars, products } from '../../db/schema.js';

const today = businessToday(TEST_NOW, 'America/Chicago');
const ago = (days: number) => addDays(today, -days);

describe('GET Customer/{id}/OrderGuide', () => {
  let t: TestApp;
  let id: number;
  let own: string; // the guide's customer, 4701
  let other: string; // customer 1001
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    id = (await standardGuideCustomer(t.db, today)).id;
    // No availability file yet (the demo data has one).
    await t.db.delete(availabilityFile);
    [own, other, admin] = await Promise.all([
      signInCustomer(t.app, 4701, 60701),
      signInCustomer(t.app, 1001, 60601),
      signInAdmin(t.app),
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('gives the offered products that have a figure with their history, times ordered, average and suggested par', async () => {
    const res = await get(`/api/v1/Customer/${id}/OrderGuide`, own);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The answer is sent as text: it must be exactly the contract, no field more or less.
    expect(OrderGuideSchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      // The 5 most recent before today, oldest first: the ERP item's date counts too.
      DeliveryDates: [ago(28), ago(21), ago(14), ago(7), ago(3)],
      // No availability file yet: no time, and no product's stock known.
      StockAsOf: null,
      Products: [
        {
          Code: 'G-1',
          Description: 'Zeta Lager',
          UnitsPerCase: 24,
          CaseOnly: true,
          Availability: null,
          Substitution: 'Allow',
          // The guide's test products have no posted price ("Price on invoice").
          CasePrice: null,
          UnitPrice: null,
          DepositPerCase: null,
          PriceBreaks: [],
          // Two orders on today-7: 2 + 1 cases. Today's 50 cases do not count.
          History: { [ago(28)]: 2, [ago(21)]: 2, [ago(14)]: 2, [ago(7)]: 3 },
          // The last 8 dates are today-3 (not G-1) and today-7 ... today-49.
          TimesOrdered: 7,
          // today-7 ... today-56: 8 weeks of 2 cases, plus 1: 17 / 8.
          AverageWeeklyCases: 2.125,
          Par: null,
          SuggestedPar: 5,
        },
        {
          Code: 'G-2',
          Description: 'alpha Ale',
          UnitsPerCase: 12,
          CaseOnly: false,
          Availability: null,
          Substitution: 'Allow',
          CasePrice: null,
          UnitPrice: null,
          DepositPerCase: null,
          PriceBreaks: [],
          History: { [ago(14)]: 3 },
          TimesOrdered: 2, // in units on today-7, in cases on today-14
          AverageWeeklyCases: 0.375,
          Par: null,
          SuggestedPar: 1,
        },
        // G-3 (a line of zeros only, and next week's order not yet) and the products never
        // ordered have no figure: not listed (decision 046).
      ],
    });
  });

  it('offers the products of the delivery date in `date`, with the same figures', async () => {
    // A saved par lists a product without orders: G-3, G-5 and G-6 are listed by theirs.
    const parsOf = ['G-3', 'G-5', 'G-6'];
    const parProducts = await t.db
      .select({ code: products.code })
      .from(products)
      .where(inArray(products.code, parsOf));
    await t.db
      .insert(customerPars)
      .values(parProducts.map((p) => ({ customerId: id, code: p.code, par: 1 })));
    const codes = async (date: string) => {
      const res = await get(`/api/v1/Customer/${id}/OrderGuide?date=${date}`, own);
      expect(res.statusCode).toBe(200);
      return res.json().Products.map((p: { Code: string }) => p.Code);
    };
    expect(await codes(today)).toEqual(['G-1', 'G-2', 'G-3']);
    // The link that ended yesterday offered yesterday's products; the inactive one never.
    expect(await codes(ago(1))).toEqual(['G-1', 'G-2', 'G-5', 'G-3']);
    expect(await codes(addDays(today, 14))).toEqual(['G-1', 'G-2', 'G-3', 'G-6']);
    const later = await get(`/api/v1/Customer/${id}/OrderGuide?date=${addDays(today, 14)}`, own);
    expect(later.json().DeliveryDates).toEqual([ago(28), ago(21), ago(14), ago(7), ago(3)]);
    expect(later.json().Products[0].TimesOrdered).toBe(7);
    await t.db.delete(customerPars).where(eq(customerPars.customerId, id));
    expect(await codes(today)).toEqual(['G-1', 'G-2']);
  });

  it.each(['2026-02-30', '11/25/2026', 'tomorrow', ''])('refuses the date %j with 422', async (date) => {
    const res = await get(`/api/v1/Customer/${id}/OrderGuide?date=${encodeURIComponent(date)}`, own);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      ErrorMessage: 'date must be a valid date (YYYY-MM-DD)',
      Errors: [{ Field: 'date', Message: 'date must be a valid date (YYYY-MM-DD)' }],
    });
  });

  it('reads the account, then everything in one statement', async () => {
    const res = await get(`/api/v1/Customer/${(await customerByCompany(t.db, 1001)).id}/OrderGuide`, other);
    expect(res.statusCode).toBe(200);
    expect(res.json().Products.length).toBeGreaterThan(0);
    const seen = await statementsDuring(t.database, () => get(`/api/v1/Customer/${id}/OrderGuide`, own));
    expect(seen).toHaveLength(2);
  });

  it('answers a customer their own, an admin any, nobody 401; another customer’s id as an unknown one', async () => {
    const url = `/api/v1/Customer/${id}/OrderGuide`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, own)).statusCode).toBe(200);
    expect((await get(url, admin)).statusCode).toBe(200);
    const theirs = await get(url, other);
    const unknown = await get('/api/v1/Customer/2000000000/OrderGuide', other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(unknown.body);
    expect(theirs.json()).toEqual({ ErrorMessage: 'The customer was not found' });
    expect((await get('/api/v1/Customer/2000000000/OrderGuide', admin)).body).toBe(unknown.body);
    const malformed = await get('/api/v1/Customer/abc/OrderGuide', admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().ErrorMessage).toBe('Customer id must be a whole number');
  });
});
