import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readOpenApi, signInAdmin, signInCustomer, type TestApp } from '#support/helpers.js';
import { customerProducts, customers, products } from '../../db/schema.js';

describe('products (admin)', () => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} });
  const newProduct = { Code: 'TEST-001', Description: 'Test Lager 24/12oz', Type: 2, Units: 24 };

  it.each([
    ['GET', '/Products'],
    ['GET', '/Product/1'],
    ['POST', '/Product'],
    ['DELETE', '/Product/1'],
  ] as const)('%s %s: 401 for nobody, 403 for a customer', async (method, url) => {
    const payload = method === 'POST' ? {} : undefined;
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    const res = await call(method, url, customer, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json().ErrorMessage).toBeTypeOf('string');
  });

  it('lists every product sorted by Code with its type name', async () => {
    const res = await call('GET', '/Products', admin);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { Code: string; Type: number; TypeName: string }[];
    const count = await t.db.$count(products);
    expect(list).toHaveLength(count);
    expect(list.map((p) => p.Code)).toEqual(list.map((p) => p.Code).sort());
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'CaseUom',
        'Code',
        'Description',
        'Id',
        'IsActive',
        'IsCaseOnly',
        'Type',
        'TypeName',
        'UnitUom',
        'Units',
      ].sort(),
    );
    for (const p of list) expect(p.TypeName).toBe({ 1: 'Frozen', 2: 'Non-Frozen' }[p.Type] ?? 'Unknown');
  });

  it('creates, reads, updates and deletes a product', async () => {
    const created = await call('POST', '/Product', admin, { ...newProduct, Id: 0 });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      ...newProduct,
      TypeName: 'Non-Frozen',
      IsCaseOnly: true,
      IsActive: true,
      UnitUom: '',
    });

    const got = await call('GET', `/Product/${body.Id}`, admin);
    expect(got.json()).toEqual(body);

    const updated = await call('POST', '/Product', admin, {
      ...newProduct,
      Id: body.Id,
      Description: '  Test Lager, frozen  ',
      Type: 1,
      IsActive: false,
      IsCaseOnly: false,
      CaseUom: 'CS',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      Id: body.Id,
      Description: 'Test Lager, frozen',
      TypeName: 'Frozen',
      IsActive: false,
      CaseUom: 'CS',
    });

    const deleted = await call('DELETE', `/Product/${body.Id}`, admin);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await call('GET', `/Product/${body.Id}`, admin)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    const res = await call('GET', '/Product/999999', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ErrorMessage: 'Product was not found' });
    expect((await call('DELETE', '/Product/999999', admin)).statusCode).toBe(404);
    expect(
      (await call('POST', '/Product', admin, { ...newProduct, Code: 'TEST-404', Id: 999999 })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/Product/abc', admin)).statusCode).toBe(400);
    expect((await call('GET', '/Product/99999999999', admin)).statusCode).toBe(400);
  });

  it('answers 409 for a Code another product has, on create and on update', async () => {
    const [existing] = await t.db.select().from(products).limit(2);
    const res = await call('POST', '/Product', admin, { ...newProduct, Code: existing!.code });
    expect(res.statusCode).toBe(409);
    expect(res.json().ErrorMessage).toBe(`Product Code ${existing!.code} already exists`);

    const mine = (await call('POST', '/Product', admin, { ...newProduct, Code: 'TEST-409' })).json();
    expect((await call('POST', '/Product', admin, { ...mine, Code: existing!.code })).statusCode).toBe(409);
    // Saving a product under its own code is no conflict.
    expect((await call('POST', '/Product', admin, { ...mine, Description: 'Renamed' })).statusCode).toBe(200);
  });

  it('answers 422 naming each field that breaks a rule', async () => {
    const res = await call('POST', '/Product', admin, {
      Code: ' ',
      Description: '',
      Type: 5,
      Units: 0,
      IsActive: 'yes',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().Errors).toEqual(
      expect.arrayContaining([
        { Field: 'Code', Message: 'Code is required' },
        { Field: 'Description', Message: 'Description is required' },
        { Field: 'Type', Message: 'Type must be 0 (Unknown), 1 (Frozen) or 2 (Non-Frozen)' },
        { Field: 'Units', Message: 'Units/Case must be a whole number from 1 to 9999' },
        { Field: 'IsActive', Message: 'Active must be true or false' },
      ]),
    );
    const missing = await call('POST', '/Product', admin, { Code: 'X', Description: 'Y' });
    expect(missing.json().Errors).toEqual([{ Field: 'Units', Message: 'Units/Case is required' }]);
  });

  it('refuses to delete a product on order lines or linked to customers, saying which', async () => {
    const [linked] = await t.db
      .select({ id: products.id, code: products.code })
      .from(products)
      .innerJoin(customerProducts, eq(customerProducts.productId, products.id))
      .limit(1);
    const res = await call('DELETE', `/Product/${linked!.id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().ErrorMessage).toMatch(
      new RegExp(`^Product ${linked!.code} cannot be deleted: .*(order line|linked to \\d+ customer)`),
    );

    // Only a link, no order line: the message names the link.
    const lone = (await call('POST', '/Product', admin, { ...newProduct, Code: 'TEST-LINK' })).json();
    const [someone] = await t.db.select({ id: customers.id }).from(customers).limit(1);
    await t.db.insert(customerProducts).values({ customerId: someone!.id, productId: lone.Id });
    const refused = await call('DELETE', `/Product/${lone.Id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ErrorMessage).toBe(
      'Product TEST-LINK cannot be deleted: it is linked to 1 customer. Make it inactive instead.',
    );
    expect((await call('GET', `/Product/${lone.Id}`, admin)).statusCode).toBe(200);
  });

  it('never answers with a password or hash', async () => {
    const res = await call('GET', '/Products', admin);
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('publishes its calls in the OpenAPI document', async () => {
    const doc = await readOpenApi(t.app);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/Products', '/api/v1/Product/{id}', '/api/v1/Product']),
    );
  });
});
