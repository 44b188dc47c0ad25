import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInCustomer, type TestApp } from '#support/helpers.js';
import { customerByCompany } from '#support/order-fixtures.js';
import { orders } from '../../src/server/db/schema.js';

/**
 * A customer who walks ids through the URL (or a body) cannot tell another customer's order
 * or record from an id that does not exist: both answer 404 with the same body and headers
 * that matter, on every customer route that takes an order id, customer id or company id
 * (issue 15, item 8). Over a real socket, as a script would probe.
 */
describe('order and customer ids cannot be probed', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  let idB: number;
  let orderOfB: number;
  const unknownId = 2_000_000_000;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    cookie = await signInCustomer(t.app, 1001, 60601);
    idB = (await customerByCompany(t.db, 6001)).id;
    orderOfB = (await t.db.select().from(orders).where(eq(orders.customerId, idB)).limit(1))[0]!.id;
  });
  afterAll(() => t.close());

  async function call(method: string, path: string, body?: unknown) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.status,
      body: await res.text(),
      type: res.headers.get('content-type'),
      length: res.headers.get('content-length'),
    };
  }

  // [route, another customer's, an unknown one]
  const cases: [string, () => [string, string, unknown?], () => [string, string, unknown?]][] = [
    [
      'GET Order/{id}',
      () => ['GET', `/api/v1/Order/${orderOfB}`],
      () => ['GET', `/api/v1/Order/${unknownId}`],
    ],
    [
      'GET Order/{id}/Worksheet',
      () => ['GET', `/api/v1/Order/${idB}/Worksheet/`],
      () => ['GET', `/api/v1/Order/${unknownId}/Worksheet/`],
    ],
    [
      'GET Order/{customerId}/Last',
      () => ['GET', `/api/v1/Order/${idB}/Last`],
      () => ['GET', `/api/v1/Order/${unknownId}/Last`],
    ],
    [
      'POST Order/Copy',
      () => ['POST', '/api/v1/Order/Copy', { OrderId: orderOfB }],
      () => ['POST', '/api/v1/Order/Copy', { OrderId: unknownId }],
    ],
    ['GET Orders/{companyId}', () => ['GET', '/api/v1/Orders/6001'], () => ['GET', '/api/v1/Orders/9876']],
    [
      'GET Customer/{id}',
      () => ['GET', `/api/v1/Customer/${idB}`],
      () => ['GET', `/api/v1/Customer/${unknownId}`],
    ],
    [
      'GET Customer/{id}/OrderGuide',
      () => ['GET', `/api/v1/Customer/${idB}/OrderGuide`],
      () => ['GET', `/api/v1/Customer/${unknownId}/OrderGuide`],
    ],
    [
      'PUT Customer/{id}/Pars',
      () => ['PUT', `/api/v1/Customer/${idB}/Pars`, [{ Code: 'X', Par: 1 }]],
      () => ['PUT', `/api/v1/Customer/${unknownId}/Pars`, [{ Code: 'X', Par: 1 }]],
    ],
    [
      'GET Customer/{id}/Draft',
      () => ['GET', `/api/v1/Customer/${idB}/Draft`],
      () => ['GET', `/api/v1/Customer/${unknownId}/Draft`],
    ],
    [
      'PUT Customer/{id}/Draft',
      () => ['PUT', `/api/v1/Customer/${idB}/Draft`, { Name: 'x' }],
      () => ['PUT', `/api/v1/Customer/${unknownId}/Draft`, { Name: 'x' }],
    ],
    [
      'DELETE Customer/{id}/Draft',
      () => ['DELETE', `/api/v1/Customer/${idB}/Draft`],
      () => ['DELETE', `/api/v1/Customer/${unknownId}/Draft`],
    ],
    [
      'GET Customer/{id}/DeliveryDates',
      () => ['GET', `/api/v1/Customer/${idB}/DeliveryDates`],
      () => ['GET', `/api/v1/Customer/${unknownId}/DeliveryDates`],
    ],
  ];

  it.each(cases)('%s: another customer’s id answers exactly as an unknown id', async (_, other, unknown) => {
    const [a, b] = await Promise.all([call(...other()), call(...unknown())]);
    expect(a.status).toBe(404);
    expect(a).toEqual(b);
    expect(JSON.parse(a.body)).toEqual({ ErrorMessage: expect.stringMatching(/ was not found$/) });
  });
});
