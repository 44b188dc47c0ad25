import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, type TestApp } from '#support/helpers.js';

/**
 * Issue 17, item 6: a malformed id in a path (or the Re-Order body) answers in plain words,
 * '{Thing} id must be a whole number', in the error shape; never the schema library's own
 * text ('Invalid input: expected number, received NaN').
 */
describe('malformed ids', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  // [method, path with {x} for the malformed id, field, thing]
  const routes: [string, string, string, string][] = [
    ['GET', '/api/v1/Order/{x}', 'id', 'Order'],
    ['GET', '/api/v1/Order/{x}/Worksheet/', 'id', 'Customer'],
    ['GET', '/api/v1/Order/{x}/Last', 'customerId', 'Customer'],
    ['GET', '/api/v1/Customer/{x}', 'id', 'Customer'],
    ['DELETE', '/api/v1/Customer/{x}', 'id', 'Customer'],
    ['POST', '/api/v1/Customer/{x}/Product', 'id', 'Customer'],
    ['DELETE', '/api/v1/Customer/1/Product/{x}', 'productLinkId', 'Product link'],
    ['GET', '/api/v1/Customer/{x}/OrderGuide', 'id', 'Customer'],
    ['PUT', '/api/v1/Customer/{x}/Pars', 'id', 'Customer'],
    ['GET', '/api/v1/Customer/{x}/Draft', 'id', 'Customer'],
    ['PUT', '/api/v1/Customer/{x}/Draft', 'id', 'Customer'],
    ['DELETE', '/api/v1/Customer/{x}/Draft', 'id', 'Customer'],
    ['GET', '/api/v1/Product/{x}', 'id', 'Product'],
    ['DELETE', '/api/v1/Product/{x}', 'id', 'Product'],
    ['GET', '/api/v1/CustomerType/{x}', 'id', 'Customer type'],
    ['DELETE', '/api/v1/CustomerType/{x}', 'id', 'Customer type'],
    ['GET', '/api/v1/User/{x}', 'id', 'User'],
    ['DELETE', '/api/v1/User/{x}', 'id', 'User'],
    ['GET', '/api/v1/Message/{x}', 'id', 'Message'],
    ['DELETE', '/api/v1/Message/{x}', 'id', 'Message'],
    ['GET', '/api/v1/DisplayMessages/{x}', 'customerTypeId', 'Customer type'],
  ];
  const malformed = ['abc', '1.5', '0', '-3', '99999999999', '1e400', '%20'];

  it.each(routes)('%s %s: 400 "<Thing> id must be a whole number"', async (method, path, field, thing) => {
    for (const bad of malformed) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: path.replace('{x}', bad),
        headers: { cookie: admin },
        ...(method === 'POST' ? { payload: {} } : method === 'PUT' ? { payload: [] } : {}),
      });
      expect(res.statusCode, `${method} ${path} with ${bad}`).toBe(400);
      const message = `${thing} id must be a whole number`;
      expect(res.json()).toEqual({ ErrorMessage: message, Errors: [{ Field: field, Message: message }] });
    }
  });

  it('words a malformed company id in GET Orders/{companyId} the same way', async () => {
    for (const bad of ['abc', '0', '10000', '12.5']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/Orders/${bad}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().ErrorMessage).toBe('Company id must be a whole number from 1 to 9999');
    }
  });

  it('words a malformed order id in the Re-Order body the same way', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Order/Copy',
      payload: { OrderId: 'abc' },
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      ErrorMessage: 'Order id must be a whole number',
      Errors: [{ Field: 'OrderId', Message: 'Order id must be a whole number' }],
    });
  });
});
