import { gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, type TestApp } from '#support/helpers.js';
import { ApiErrorSchema } from '../../src/domain/auth.schema.js';

/**
 * Plain examples of what `fuzz.api.test.ts` found (each was a 500 before its fix), kept so
 * that a regression fails with a readable name whatever the fuzz happens to draw.
 */

function expectContract4xx(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(ApiErrorSchema.safeParse(res.json()).success, res.body.slice(0, 300)).toBe(true);
}

describe('what the fuzz found', () => {
  let t: TestApp;
  let customer: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    [customer, admin] = await Promise.all([signInCustomer(t.app), signInAdmin(t.app)]);
  });
  afterAll(() => t.close());

  const postJson = (url: string, body: string, cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { 'content-type': 'application/json', cookie, ...headers },
    });

  it('POST Order with a body that is not an object: 422 with a message, not a 500 from the answer schema', async () => {
    for (const body of ['"x"', '[]', '42', 'null']) {
      const res = await postJson('/api/v1/Order', body, customer);
      expectContract4xx(res, 422);
      expect(res.json().ErrorMessage).toBe(
        'The order must be an object with DeliveryDate, Name, Phone, Email and ProductQuantities',
      );
    }
    const longKey = await postJson('/api/v1/Order', '{}', customer, { 'idempotency-key': 'k'.repeat(201) });
    expectContract4xx(longKey, 422);
  });

  it('a NUL character in any text field or query value: 422 naming the field, before PostgreSQL refuses it', async () => {
    const signIn = await postJson(
      '/api/v1/Maint/Authenticate',
      '{"User":"a\\u0000b","Password":"x"}',
      customer,
    );
    expectContract4xx(signIn, 422);
    expect(signIn.json()).toMatchObject({
      ErrorMessage: 'Text must not contain NUL characters',
      Errors: [{ Field: 'User', Message: 'Text must not contain NUL characters' }],
    });
    const nested = await postJson(
      '/api/v1/Customer',
      '{"CompanyId":9000,"CustomerTypeId":1,"Zipcode":60601,"Name":"ok","Extra":[{"x":"\\u0000"}]}',
      admin,
    );
    expectContract4xx(nested, 422);
    expect(nested.json().Errors[0].Field).toBe('Extra.0.x');
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Orders?OrderNum=a%00b',
      headers: { cookie: admin },
    });
    expectContract4xx(query, 422);
  });

  it('an id past PostgreSQL integer in POST Order/Copy: 422, not an out-of-range error from the database', async () => {
    for (const id of [2_147_483_648, Number.MAX_SAFE_INTEGER]) {
      expectContract4xx(await postJson('/api/v1/Order/Copy', JSON.stringify({ OrderId: id }), customer), 422);
      expectContract4xx(
        await postJson('/api/v1/Order/Copy', JSON.stringify({ OrderId: 1, CustomerId: id }), admin),
        422,
      );
    }
  });

  it('a compressed request body: 415 on any route, never decompressed or parsed as garbage', async () => {
    const gz = gzipSync(Buffer.from('{"CompanyId":1001,"Zipcode":60601}'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Authenticate',
      payload: gz,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expectContract4xx(res, 415);
    const identity = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Authenticate',
      payload: { CompanyId: 1001, Zipcode: 60601 },
      headers: { 'content-encoding': 'identity' },
    });
    expect(identity.statusCode).toBe(200);
  });
});
