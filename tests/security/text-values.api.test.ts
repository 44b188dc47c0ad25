import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, TEST_NOW, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { firstDeliveryDate, orderableCodes } from '#support/order-fixtures.js';
import { orders } from '../../src/server/db/schema.js';

/**
 * Quotes, `%`, `_`, backslashes and Unicode are text everywhere: in the one filter the server
 * runs as SQL LIKE (Regenerate Orders' Web Conf #), and in what is stored and read back (names,
 * descriptions, import cells). The Items and Customers lists filter in the browser: their
 * matchers are tested with the same values in `src/web/features/filters-text-values.test.ts`.
 */

const awkward = `O'Brien's "Corner" Bar; 100% _real_ C:\\temp\\ -- 😀 עברית \u202Eevil\u202C É`;

describe('text values', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: unknown, cookie = admin) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });

  describe('the Web Conf # filter (SQL LIKE on the server)', () => {
    const nums = ['TV%100', 'TV_200', 'TV\\300', "TV'400", 'TVX500', 'TV"600'];
    let customer: string;
    beforeAll(async () => {
      customer = await signInCustomer(t.app, 1001, 60601);
      const date = await firstDeliveryDate(t.db, 1001, TEST_NOW);
      const [code] = await orderableCodes(t.db, 1001, date);
      const ids: number[] = [];
      for (const _ of nums) {
        const res = await post(
          '/api/v1/Order',
          {
            DeliveryDate: date,
            Name: 'Pat',
            Phone: '3125550142',
            Email: 'pat@example.com',
            ProductQuantities: [{ Code: code!.code, CaseQuantity: 1, UnitQuantity: 0 }],
          },
          customer,
        );
        expect(res.statusCode, res.body).toBe(201);
        const [row] = await t.db.select().from(orders).where(eq(orders.orderNum, res.json().OrderNum));
        ids.push(row!.id);
      }
      // Web Conf # come from a sequence (digits only); these stand for any text the column may hold.
      for (const [i, id] of ids.entries()) {
        await t.db.update(orders).set({ orderNum: nums[i]! }).where(eq(orders.id, id));
      }
      const stored = await t.db.select().from(orders).where(inArray(orders.id, ids));
      expect(stored.map((o) => o.orderNum).sort()).toEqual([...nums].sort());
    });

    const found = async (orderNum: string) => {
      const res = await get(`/api/v1/Orders?OrderNum=${encodeURIComponent(orderNum)}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { OrderNum: string }[]).map((o) => o.OrderNum).sort();
    };

    it.each([
      ['%', ['TV%100']],
      ['_', ['TV_200']],
      ['\\', ['TV\\300']],
      ["'", ["TV'400"]],
      ['"', ['TV"600']],
      ['v%1', ['TV%100']], // lower case: the filter is case-insensitive, the % still literal
      ['TV_', ['TV_200']],
      ['%_', []],
      ["' OR '1'='1", []],
    ])('%s matches only the orders holding it literally', async (filter, expected) => {
      expect(await found(filter)).toEqual(expected);
    });

    it('a filter of digits still finds web orders by part of their number (the control)', async () => {
      expect(await found('TV')).toEqual([...nums].sort());
    });
  });

  it('keeps a customer name with quotes, %, _, backslashes and Unicode exactly as saved', async () => {
    const saved = await post('/api/v1/Customer', {
      Id: 0,
      CompanyId: 9911,
      CustomerTypeId: 1,
      Name: awkward,
      Zipcode: 60601,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().Id;
    expect((await get(`/api/v1/Customer/${id}`)).json().Name).toBe(awkward);
    const list = (await get('/api/v1/Customers')).json() as { CompanyId: number; Name: string }[];
    expect(list.find((c) => c.CompanyId === 9911)?.Name).toBe(awkward);
  });

  it('stores a lone surrogate (invalid UTF-16) as U+FFFD, and the rest of the name as sent', async () => {
    const saved = await post('/api/v1/Customer', {
      Id: 0,
      CompanyId: 9912,
      CustomerTypeId: 1,
      Name: 'Half \uD83D pair',
      Zipcode: 60601,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await get(`/api/v1/Customer/${saved.json().Id}`)).json().Name).toBe('Half \uFFFD pair');
  });

  it('keeps an item code and description with the same characters exactly as saved', async () => {
    const code = `Q'1%_\\"`;
    const saved = await post('/api/v1/Product', {
      Id: 0,
      Code: code,
      Description: awkward,
      Units: 12,
      Type: 1,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const product = (await get(`/api/v1/Product/${saved.json().Id}`)).json();
    expect(product).toMatchObject({ Code: code, Description: awkward });
  });

  it('keeps the name on an order, and a Reference PO, as typed', async () => {
    const customer = await signInCustomer(t.app, 6001, 60611);
    const date = await firstDeliveryDate(t.db, 6001, TEST_NOW);
    const [code] = await orderableCodes(t.db, 6001, date);
    const name = `O'Brien "Q" 50% _x_ \\ 😀`;
    const res = await post(
      '/api/v1/Order',
      {
        DeliveryDate: date,
        Name: name,
        Phone: '3125550142',
        Email: "o'brien@example.com",
        ReferencePO: `PO'%_\\1`,
        ProductQuantities: [{ Code: code!.code, CaseQuantity: 1, UnitQuantity: 0 }],
      },
      customer,
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(orders).where(eq(orders.orderNum, res.json().OrderNum));
    const detail = (await get(`/api/v1/Order/${row!.id}`, customer)).json();
    expect(detail).toMatchObject({ Name: name, ReferencePO: `PO'%_\\1`, Email: "o'brien@example.com" });
  });

  it('keeps import cells with quotes, %, _, backslashes and Unicode as text', async () => {
    const description = `O'Brien 100% _x_ C:\\dir\\ "Cask" 😀 עברית`;
    const items = multipartFile(
      `TXT-1\t${description}\t12\t2\tY\tBTL\tCS\nTXT-%_\\\tPlain\t6\t1\tN\tEA\tCS\n`,
    );
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/ItemImport',
      payload: items.payload,
      headers: { ...items.headers, cookie: admin },
    });
    expect(imported.json()).toMatchObject({ Inserted: 2, RejectedCount: 0 });
    const customersFile = multipartFile(`9922\t${awkward}\t60601\t1\n`);
    const customers = await t.app.inject({
      method: 'POST',
      url: '/api/CustomerImport',
      payload: customersFile.payload,
      headers: { ...customersFile.headers, cookie: admin },
    });
    expect(customers.json()).toMatchObject({ Inserted: 1, RejectedCount: 0 });

    const products = (await get('/api/v1/Products')).json() as { Code: string; Description: string }[];
    expect(products.find((p) => p.Code === 'TXT-1')?.Description).toBe(description);
    expect(products.find((p) => p.Code === 'TXT-%_\\')?.Description).toBe('Plain');
    const list = (await get('/api/v1/Customers')).json() as { CompanyId: number; Name: string }[];
    expect(list.find((c) => c.CompanyId === 9922)?.Name).toBe(awkward.trim());
  });
});
