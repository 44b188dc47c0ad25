import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOpenApi, signInAdmin, signInCustomer, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { customerByCompany, firstDeliveryDate, orderableCodes } from '#support/order-fixtures.js';
import { minimumCasesMessage } from '../../../domain/order-minimum.js';
import { staffOrderMessages } from '../../../domain/staff-order.js';
import { auditEntries, orders } from '../../db/schema.js';

// Customer 1001 is type 1 (Bars & Taverns). The test gives type 1 a minimum of 5 cases.
const MINIMUM = 5;

describe('the order minimum (design.md 7.11)', () => {
  let t: OrderTestApp;
  let admin: string;
  let customer: string;
  let bar: number;
  let date: string;
  /** A product sold by the case only, and one sold by the unit with its units per case. */
  let caseOnly: string;
  let loose: { code: string; units: number };
  beforeAll(async () => {
    t = await createOrderTestApp('order-minimum');
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
    bar = (await customerByCompany(t.db, 1001)).id;
    date = await firstDeliveryDate(t.db, 1001, TEST_NOW);
    const codes = await orderableCodes(t.db, 1001, date);
    caseOnly = codes.find((c) => c.isCaseOnly)!.code;
    const unit = codes.find((c) => !c.isCaseOnly && c.units > 1 && c.code !== caseOnly)!;
    loose = { code: unit.code, units: unit.units };
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { cookie } });
  const ordersCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;
  /** An order of `cases` cases and `units` loose units (half a case when units is half the case). */
  const body = (cases: number, units: number, extra: Record<string, unknown> = {}) => ({
    DeliveryDate: date,
    Name: 'Pat Murphy',
    Phone: '(312) 555-0142',
    Email: 'pat@bar.example.com',
    ProductQuantities: [
      { Code: caseOnly, CaseQuantity: cases, UnitQuantity: 0 },
      ...(units > 0 ? [{ Code: loose.code, CaseQuantity: 0, UnitQuantity: units }] : []),
    ],
    ...extra,
  });
  const type1 = async () => (await call('GET', '/CustomerType/1', admin)).json();

  it('keeps MinimumCases on the type: 0 by default, saved, audited, and kept when a save leaves it out', async () => {
    const before = await type1();
    expect(before.MinimumCases).toBe(0);
    const list = (await call('GET', '/CustomerTypes', customer)).json() as {
      Id: number;
      MinimumCases: number;
    }[];
    expect(list.find((x) => x.Id === 1)?.MinimumCases).toBe(0);

    const { MinimumCases: _, Footer: _f, ...rest } = before;
    const saved = await call('POST', '/CustomerType', admin, { ...rest, MinimumCases: MINIMUM });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().MinimumCases).toBe(MINIMUM);
    const audit = (await call('GET', '/Audit?entity=CustomerType', admin)).json() as {
      Entries: { EntityId: string; Changes: unknown[] }[];
    };
    expect(audit.Entries[0]).toMatchObject({ EntityId: '1' });
    expect(audit.Entries[0]!.Changes).toEqual([{ Field: 'MinimumCases', Before: 0, After: MINIMUM }]);

    // Left out (an older caller): kept.
    expect((await call('POST', '/CustomerType', admin, rest)).json().MinimumCases).toBe(MINIMUM);
    for (const bad of [-1, 1000, 2.5, 'x']) {
      const res = await call('POST', '/CustomerType', admin, { ...rest, MinimumCases: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().Errors).toEqual([{ Field: 'MinimumCases', Message: minimumCasesMessage }]);
    }
    expect((await type1()).MinimumCases).toBe(MINIMUM);
  });

  it("refuses a customer's order below the minimum with the cases to one decimal, and saves nothing", async () => {
    const n = await ordersCount();
    const half = loose.units / 2;
    const res = await call('POST', '/Order', customer, body(3, half));
    expect(res.statusCode).toBe(422);
    const message = `Orders need at least ${MINIMUM} cases; this one has ${Number.isInteger(half) ? '3.5' : '3.4'}`;
    expect(res.json()).toEqual({
      IsSuccessful: false,
      OrderNum: null,
      ErrorMessage: message,
      Errors: [{ Field: 'ProductQuantities', Message: message }],
    });
    // One unit short of the minimum reads below it, never as the minimum itself.
    const oneShort = await call('POST', '/Order', customer, body(MINIMUM - 1, loose.units - 1));
    expect(oneShort.statusCode).toBe(422);
    expect(oneShort.json().ErrorMessage).toMatch(
      new RegExp(`^Orders need at least ${MINIMUM} cases; this one has 4\\.\\d$`),
    );
    expect(await ordersCount()).toBe(n);
  });

  it('accepts an order exactly at the minimum, units making up the last case', async () => {
    const res = await call('POST', '/Order', customer, body(MINIMUM - 1, loose.units));
    expect(res.statusCode).toBe(201);
    expect(res.json().IsSuccessful).toBe(true);
  });

  it('a customer cannot override the minimum: the override is staff only (403)', async () => {
    const n = await ordersCount();
    const res = await call(
      'POST',
      '/Order',
      customer,
      body(1, 0, { OverrideLeadTime: true, OverrideReason: 'Just this once' }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().ErrorMessage).toBe(staffOrderMessages.staffOnlyOverride);
    expect(await ordersCount()).toBe(n);
  });

  it('staff go below it only with the override and its reason, which the audit trail keeps', async () => {
    const n = await ordersCount();
    const plain = await call('POST', '/Order', admin, body(1, 0, { CustomerId: bar }));
    expect(plain.statusCode).toBe(422);
    expect(plain.json().ErrorMessage).toBe(`Orders need at least ${MINIMUM} cases; this one has 1`);
    const noReason = await call(
      'POST',
      '/Order',
      admin,
      body(1, 0, { CustomerId: bar, OverrideLeadTime: true, OverrideReason: '  ' }),
    );
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().Errors).toEqual([
      { Field: 'OverrideReason', Message: staffOrderMessages.reasonRequired },
    ]);
    expect(await ordersCount()).toBe(n);

    const reason = 'Top-up after a short delivery';
    const audits = (await t.db.select({ n: count() }).from(auditEntries))[0]!.n;
    const res = await call(
      'POST',
      '/Order',
      admin,
      body(1, 0, { CustomerId: bar, OverrideLeadTime: true, OverrideReason: reason }),
    );
    expect(res.statusCode).toBe(201);
    expect(await ordersCount()).toBe(n + 1);
    expect((await t.db.select({ n: count() }).from(auditEntries))[0]!.n).toBe(audits + 1);
    const audit = (await call('GET', '/Audit?entity=Order', admin)).json() as {
      Entries: { Summary: string; Changes: { Field: string; After: unknown }[] }[];
    };
    expect(audit.Entries[0]!.Summary).toContain(`below the minimum of ${MINIMUM} cases (1.0): ${reason}`);
    expect(audit.Entries[0]!.Changes).toContainEqual({
      Field: 'OverrideReason',
      Before: null,
      After: reason,
    });
  });

  it('is none at 0: one case is an order again', async () => {
    const { MinimumCases: _, Footer: _f, ...rest } = await type1();
    expect((await call('POST', '/CustomerType', admin, { ...rest, MinimumCases: 0 })).statusCode).toBe(200);
    expect((await call('POST', '/Order', customer, body(1, 0))).statusCode).toBe(201);
  });

  it('describes MinimumCases in the OpenAPI document', async () => {
    const doc = await readOpenApi(t.app);
    const text = (p: string) => JSON.stringify(doc.paths[p]);
    expect(text('/api/v1/CustomerType')).toMatch(/"MinimumCases":\{[^}]*"minimum":0[^}]*"maximum":999/);
    expect(text('/api/v1/CustomerTypes')).toContain('"MinimumCases"');
    expect(text('/api/v1/CustomerType/{id}')).toContain('"MinimumCases"');
  });
});
