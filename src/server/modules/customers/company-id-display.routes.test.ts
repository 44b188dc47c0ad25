import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAdmin, signInCustomer, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';

/**
 * Issue 17, item 5: a customer number below 1000 signs in as 0099 and is named 0099 in
 * every message, as the spec's 4-digit masks show it (never 99).
 */
describe('customer numbers below 1000', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  const upload = async (url: string, content: string) => {
    const body = multipartFile(content);
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('signs in as 0099 and is named 0099 in the messages that name it', async () => {
    expect(await upload('/api/CustomerImport', '0099\tLow Number Bar\t60601\t1\n')).toMatchObject({
      Inserted: 1,
    });
    const cookie = await signInCustomer(t.app, 99, 60601);
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/Session', headers: { cookie } });
    expect(session.json().Customer).toMatchObject({ CompanyId: 99, Name: 'Low Number Bar' });

    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Customer',
      payload: { CompanyId: 99, CustomerTypeId: 1, Name: 'Second', Zipcode: 60601 },
      headers: { cookie: admin },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().ErrorMessage).toBe('Company Id 0099 already exists');

    const items = await upload('/api/CustomerItemsImport', '0098\tBR-1105\t\t\t1\n0099\tBR-1105\t\t\t1\n');
    expect(items.Rejected[0]).toMatchObject({
      Line: 1,
      Message: 'Customer 0098 does not exist (import the customers file first)',
    });

    expect(
      await upload(
        '/api/OrderHistoryImport',
        '11/02/2026\t0099\tLow Number Bar\t11/04/2026\tH-0099\tPat\t\tREG\tBR-1105\tIPA\t24\t0\t1\n',
      ),
    ).toMatchObject({ Inserted: 1, RejectedCount: 0 });
    const customers = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Customers',
      headers: { cookie: admin },
    });
    const id = customers.json().find((c: { CompanyId: number }) => c.CompanyId === 99).Id;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/Customer/${id}`,
      headers: { cookie: admin },
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().ErrorMessage).toBe(
      'Customer 0099 cannot be deleted: it has 1 order. Make it inactive instead.',
    );
  });
});
