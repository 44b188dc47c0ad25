import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signInCustomer, TEST_ADMIN, TEST_NOW } from '#support/helpers.js';
import { createOrderTestApp, type OrderTestApp } from '#support/order-app.js';
import { orderCalls } from '#support/order-change-fixtures.js';
import { customerByCompany, orderableCodes, validOrderBody } from '#support/order-fixtures.js';
import type { OrderDetail, OrderList } from '../../../domain/order-view.schema.js';
import type { WebOrderListItem } from '../../../domain/regenerate.schema.js';
import { orders } from '../../db/schema.js';

/**
 * Who placed an order (design.md 8.2): `PlacedBy` in GET Order/{id}, GET Orders/{companyId} (the
 * history) and Regenerate Orders' GET Orders, for the customer's shared sign-in, a staff order,
 * and the ERP's history; a change or cancel by someone else leaves it as it was.
 */
describe('PlacedBy: who placed an order', () => {
  let t: OrderTestApp;
  let calls: ReturnType<typeof orderCalls>;
  let admin: string;
  let dana: string;
  let customer: string;
  let bar: number;
  let body: Awaited<ReturnType<typeof validOrderBody>>;
  beforeAll(async () => {
    t = await createOrderTestApp('placed-by', { now: () => TEST_NOW });
    calls = orderCalls(t);
    admin = await signInAdmin(t.app);
    customer = await signInCustomer(t.app);
    bar = (await customerByCompany(t.db, 1001)).id;
    body = await validOrderBody(t.db, 1001, TEST_NOW);
    // A second staff user, so the name is the one who entered the order, not a constant.
    const created = await calls.call('POST', '/User', admin, {
      Id: 0,
      Name: 'Dana Kim',
      UserName: 'dana.k',
      Password: 'a-long-enough-password',
    });
    expect(created.statusCode).toBe(201);
    dana = await signInAdmin(t.app, 'dana.k', 'a-long-enough-password');
  });
  afterAll(() => t?.close());

  const detail = async (id: number, cookie: string) => {
    const res = await calls.call('GET', `/Order/${id}`, cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as OrderDetail;
  };
  const inHistory = async (id: number, cookie: string) => {
    const res = await calls.call('GET', '/Orders/1001', cookie);
    expect(res.statusCode).toBe(200);
    return (res.json() as OrderList).Orders.find((o) => o.Id === id)!;
  };
  const inRegenerate = async (id: number) => {
    const res = await calls.call('GET', '/Orders?CompanyId=1001', admin);
    expect(res.statusCode).toBe(200);
    return (res.json() as WebOrderListItem[]).find((o) => o.Id === id)!;
  };
  /** PlacedBy as the customer and staff read the order, in its detail and the two lists. */
  const everywhere = async (id: number) => [
    (await detail(id, customer)).PlacedBy,
    (await detail(id, admin)).PlacedBy,
    (await inHistory(id, customer)).PlacedBy,
    (await inHistory(id, admin)).PlacedBy,
    (await inRegenerate(id)).PlacedBy,
  ];

  it("says Shared sign-in for the customer's own order, in its detail, the history and Regenerate Orders", async () => {
    const { id } = await calls.place(customer, body);
    expect(await everywhere(id)).toEqual(Array(5).fill('Shared sign-in'));
    expect((await detail(id, customer)).EnteredBy).toBeNull();
  });

  it('names the staff user who entered a staff order, everywhere it is shown', async () => {
    const byAdmin = await calls.place(admin, { ...body, CustomerId: bar });
    const byDana = await calls.place(dana, { ...body, CustomerId: bar });
    expect(await everywhere(byAdmin.id)).toEqual(Array(5).fill(TEST_ADMIN.user));
    expect(await everywhere(byDana.id)).toEqual(Array(5).fill('dana.k'));
    // One fact, not two: the name is the one EnteredBy already carries (design.md 7.5).
    expect((await detail(byDana.id, customer)).EnteredBy).toBe('dana.k');
  });

  it('stays who placed it after a change or a cancel by the other party', async () => {
    const codes = await orderableCodes(t.db, 1001, body.DeliveryDate);
    const other = {
      ...body,
      ProductQuantities: [{ Code: codes[1]!.code, CaseQuantity: 7, UnitQuantity: 0 }],
    };
    const customers = await calls.place(customer, body);
    expect((await calls.change(admin, customers.id, other)).statusCode).toBe(200);
    expect(await everywhere(customers.id)).toEqual(Array(5).fill('Shared sign-in'));

    const staffs = await calls.place(admin, { ...body, CustomerId: bar });
    expect((await calls.change(customer, staffs.id, other)).statusCode).toBe(200);
    expect((await calls.cancel(customer, staffs.id)).statusCode).toBe(200);
    expect(await everywhere(staffs.id)).toEqual(Array(5).fill(TEST_ADMIN.user));
  });

  it("is null for the ERP's imported history, and Shared sign-in for web orders placed before it existed", async () => {
    const history = (await calls.call('GET', '/Orders/1001', customer)).json() as OrderList;
    const imported = history.Orders.filter((o) => !o.IsWebOrder);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.every((o) => o.PlacedBy === null)).toBe(true);
    expect((await detail(imported[0]!.Id, customer)).PlacedBy).toBeNull();
    // The demo's web orders were there before PlacedBy: nothing stored, nothing to backfill.
    const [seeded] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, bar), eq(orders.source, 'web')))
      .orderBy(orders.id)
      .limit(1);
    expect((await inHistory(seeded!.id, customer)).PlacedBy).toBe('Shared sign-in');
  });
});
