import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readOpenApi, signInAdmin, signInCustomer, type TestApp } from '#support/helpers.js';
import { customerProducts, customers, products } from '../../db/schema.js';

describe('customers', () => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  let own: { id: number; customerTypeId: number };
  let other: { id: number };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
    own = (await t.db.select().from(customers).where(eq(customers.companyId, 1001)))[0]!;
    other = (await t.db.select().from(customers).where(eq(customers.companyId, 6001)))[0]!;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} });
  const newCustomer = { CompanyId: 4321, CustomerTypeId: 2, Name: 'Corner Tap', Zipcode: 60622 };
  const create = async (body: object = newCustomer) => {
    const res = await call('POST', '/Customer', admin, body);
    expect(res.statusCode).toBe(201);
    return res.json() as { Id: number; CompanyId: number };
  };

  it.each([
    ['GET', '/Customers'],
    ['POST', '/Customer'],
    ['DELETE', '/Customer/1'],
    ['POST', '/Customer/1/Product'],
    ['DELETE', '/Customer/1/Product/1'],
  ] as const)('%s %s: 401 for nobody, 403 for a customer', async (method, url) => {
    const payload = method === 'POST' ? {} : undefined;
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method, url, customer, payload)).statusCode).toBe(403);
  });

  it('lists customers sorted by CompanyId with their type names', async () => {
    const res = await call('GET', '/Customers', admin);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { CompanyId: number; CustomerTypeName: string }[];
    expect(list.length).toBe(await t.db.$count(customers));
    expect(list.map((c) => c.CompanyId)).toEqual(list.map((c) => c.CompanyId).sort((a, b) => a - b));
    expect(list.find((c) => c.CompanyId === 1002)).toMatchObject({ IsActive: false });
    expect(list.find((c) => c.CompanyId === 1001)).toMatchObject({
      CustomerTypeId: 1,
      CustomerTypeName: 'Bars & Taverns',
    });
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'CompanyId',
        'CustomerTypeId',
        'CustomerTypeName',
        'Id',
        'IsActive',
        'LicenseExpires',
        'LicenseNumber',
        'Name',
        'PaymentTerms',
        'SharedSignIn',
        'Zipcode',
      ].sort(),
    );
  });

  it('gives a customer their own record with products sorted by description, and 404 for another (as for an unknown id)', async () => {
    const res = await call('GET', `/Customer/${own.id}`, customer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ Id: own.id, CompanyId: 1001, Zipcode: 60601, CustomerTypeId: 1 });
    const descriptions = (body.Products as { Description: string }[]).map((p) => p.Description.toLowerCase());
    expect(descriptions.length).toBeGreaterThan(0);
    expect(descriptions).toEqual([...descriptions].sort());
    expect(Object.keys(body.Products[0]).sort()).toEqual(
      [
        'Availability',
        'CasePrice',
        'Code',
        'DepositPerCase',
        'Description',
        'EndDate',
        'IsActive',
        'IsCaseOnly',
        'OrderNo',
        'PriceBreaks',
        'ProductId',
        'ProductLinkId',
        'StartDate',
        'Substitution',
        'Type',
        'TypeName',
        'UnitPrice',
        'UnitsPerCase',
      ].sort(),
    );
    expect((await call('GET', `/Customer/${other.id}`, customer)).statusCode).toBe(404);
    expect((await call('GET', '/Customer/999999', customer)).statusCode).toBe(404);
    expect((await call('GET', `/Customer/${other.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/Customer/${other.id}`)).statusCode).toBe(401);
  });

  it('creates and updates a customer, and deletes one without orders', async () => {
    const created = await create();
    expect(created).toMatchObject({
      ...newCustomer,
      IsActive: true,
      CustomerTypeName: 'Restaurants',
      Products: [],
    });
    const updated = await call('POST', '/Customer', admin, {
      ...newCustomer,
      Id: created.Id,
      Name: ' Corner Tap II ',
      IsActive: false,
      Products: [],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ Id: created.Id, Name: 'Corner Tap II', IsActive: false });
    const deleted = await call('DELETE', `/Customer/${created.Id}`, admin);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/Customer/${created.Id}`, admin)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown customer', async () => {
    expect((await call('GET', '/Customer/999999', admin)).json()).toEqual({
      ErrorMessage: 'Customer was not found',
    });
    expect((await call('DELETE', '/Customer/999999', admin)).statusCode).toBe(404);
    expect((await call('POST', '/Customer', admin, { ...newCustomer, Id: 999999 })).statusCode).toBe(404);
    expect((await call('POST', '/Customer/999999/Product', admin, { Code: 'X' })).statusCode).toBe(404);
  });

  it('answers 409 for a CompanyId another customer has, and for deleting a customer with orders', async () => {
    const res = await call('POST', '/Customer', admin, { ...newCustomer, CompanyId: 1001 });
    expect(res.statusCode).toBe(409);
    expect(res.json().ErrorMessage).toBe('Company Id 1001 already exists');
    const del = await call('DELETE', `/Customer/${own.id}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().ErrorMessage).toMatch(
      /^Customer 1001 cannot be deleted: it has \d+ orders?\. Make it inactive instead\.$/,
    );
  });

  it('answers 422 naming each field that breaks a rule', async () => {
    const res = await call('POST', '/Customer', admin, { CompanyId: 10000, Zipcode: 0, Name: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().Errors).toEqual(
      expect.arrayContaining([
        { Field: 'CompanyId', Message: 'Company Id must be a whole number from 1 to 9999' },
        { Field: 'CustomerTypeId', Message: 'Customer Type required' },
        { Field: 'Name', Message: 'Customer Name is required' },
        { Field: 'Zipcode', Message: 'Zip Code must be a whole number from 1 to 99999' },
      ]),
    );
    const unknownType = await call('POST', '/Customer', admin, { ...newCustomer, CustomerTypeId: 99 });
    expect(unknownType.statusCode).toBe(422);
    expect(unknownType.json()).toEqual({
      ErrorMessage: 'Customer Type 99 does not exist',
      Errors: [{ Field: 'CustomerTypeId', Message: 'Customer Type 99 does not exist' }],
    });
  });

  it('links a product by Code or by ProductId, refuses a second link, and removes a link', async () => {
    const { Id } = await create({ ...newCustomer, CompanyId: 4322 });
    const [a, b] = await t.db.select().from(products).orderBy(products.id).limit(2);
    const byCode = await call('POST', `/Customer/${Id}/Product`, admin, {
      Code: a!.code,
      StartDate: '2026-01-01',
      EndDate: '2026-12-31',
      OrderNo: 3,
    });
    expect(byCode.statusCode).toBe(201);
    expect(byCode.json()).toMatchObject({
      ProductId: a!.id,
      Code: a!.code,
      StartDate: '2026-01-01',
      EndDate: '2026-12-31',
      OrderNo: 3,
    });
    const byId = await call('POST', `/Customer/${Id}/Product`, admin, { ProductId: b!.id, StartDate: '' });
    expect(byId.statusCode).toBe(201);
    expect(byId.json()).toMatchObject({ ProductId: b!.id, StartDate: null, EndDate: null, OrderNo: 0 });

    const again = await call('POST', `/Customer/${Id}/Product`, admin, { ProductId: a!.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().ErrorMessage).toBe(`Product ${a!.code} is already linked to this customer`);

    const view = (await call('GET', `/Customer/${Id}`, admin)).json();
    expect(view.Products).toHaveLength(2);

    const linkId = byCode.json().ProductLinkId;
    expect((await call('DELETE', `/Customer/${own.id}/Product/${linkId}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/Customer/${Id}/Product/${linkId}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/Customer/${Id}/Product/${linkId}`, admin)).statusCode).toBe(404);
    expect(await t.db.$count(customerProducts, eq(customerProducts.customerId, Id))).toBe(1);
    // The link goes with the customer.
    expect((await call('DELETE', `/Customer/${Id}`, admin)).statusCode).toBe(204);
    expect(await t.db.$count(customerProducts, eq(customerProducts.customerId, Id))).toBe(0);
  });

  it('answers 422 for a link without a product, an unknown product or dates out of order', async () => {
    const url = `/Customer/${own.id}/Product`;
    const none = await call('POST', url, admin, { Code: '  ' });
    expect(none.statusCode).toBe(422);
    expect(none.json().Errors).toEqual([{ Field: 'ProductId', Message: 'Product is required' }]);
    const unknown = await call('POST', url, admin, { Code: 'NO-SUCH-CODE' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().Errors).toEqual([
      { Field: 'Code', Message: 'Product NO-SUCH-CODE does not exist' },
    ]);
    const dates = await call('POST', url, admin, {
      ProductId: 1,
      StartDate: '2026-02-01',
      EndDate: '2026-01-31',
    });
    expect(dates.json().Errors).toEqual([
      { Field: 'EndDate', Message: 'End Date must not be before Start Date' },
    ]);
    const badDate = await call('POST', url, admin, { ProductId: 1, StartDate: '2026-02-30' });
    expect(badDate.json().Errors).toEqual([
      { Field: 'StartDate', Message: 'Start Date must be a valid date (YYYY-MM-DD)' },
    ]);
  });

  it('never answers with a password or hash', async () => {
    for (const url of ['/Customers', `/Customer/${own.id}`]) {
      expect((await call('GET', url, admin)).body).not.toMatch(/password|argon2/i);
    }
  });

  it('publishes its calls in the OpenAPI document', async () => {
    const doc = await readOpenApi(t.app);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/Customers',
        '/api/v1/Customer/{id}',
        '/api/v1/Customer',
        '/api/v1/Customer/{id}/Product',
        '/api/v1/Customer/{id}/Product/{productLinkId}',
      ]),
    );
  });
});
