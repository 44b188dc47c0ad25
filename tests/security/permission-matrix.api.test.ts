import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  readOpenApi,
  signInAdmin,
  signInCustomer,
  TEST_NOW,
  type TestApp,
} from '#support/helpers.js';
import { customerByCompany } from '#support/order-fixtures.js';
import { invite, signInByCode } from '#support/people.js';
import { startSmtpSink } from '#support/smtp-sink.js';
import { TEST_SECRET } from '#support/test-config.js';
import { VENUE_ROUTES, venueRoleMay } from '../../src/domain/venue-roles.js';
import {
  adminUsers,
  customerProducts,
  customers,
  invoices,
  messages,
  orders,
  standingOrders,
} from '../../src/server/db/schema.js';
import { stopToken } from '../../src/server/modules/reminders/stop-token.js';

/**
 * Every route of the OpenAPI document, for four callers: nobody, customer A (the resource's
 * owner), customer B (another customer), an admin. A route with no row here fails the test,
 * so a new route cannot ship unchecked. A status list means "one of these".
 *
 * Three more callers are people at customer A (design.md 8.2): its Owner, an Orderer and a
 * Counter. Unless a row says otherwise, each gets what A's shared sign-in (an Orderer) gets
 * where their role may act (src/domain/venue-roles.ts), and 403 where it may not.
 */
type Expect = number | number[];
interface Row {
  nobody: Expect;
  a: Expect;
  b: Expect;
  admin: Expect;
  owner?: Expect;
  orderer?: Expect;
  counter?: Expect;
  url?: (c: Ctx) => string;
  body?: (c: Ctx) => unknown;
}
interface Ctx {
  aId: number;
  bId: number;
  orderOfA: number;
  /** An invoice for A's order. */
  invoiceOfA: number;
  linkOfA: number;
  productId: number;
  messageId: number;
  adminId: number;
  /** A customer who is neither A nor B (the reminder stop link's page names its customer). */
  otherId: number;
  /** A second device's session of the staff user: nobody else's to end. */
  adminOtherSession: string;
  /** The Counter at customer A, whose role the rows change. */
  counterId: number;
  /** A standing order of A's (design.md 8.6), and another the DELETE row removes. */
  standingOfA: number;
  standingToDelete: number;
}

// Shorthands: who gets in where.
const adminOnly = (admin: Expect = [200, 201, 204, 400, 404, 406, 409, 415, 422]): Row => ({
  nobody: 401,
  a: 403,
  b: 403,
  admin,
});
// Another customer's record answers as an unknown id would (404): ids cannot be probed.
const ownOrAdmin: Row = { nobody: 401, a: 200, b: 404, admin: 200 };
const lockedForPeople = { owner: [401, 429], orderer: [401, 429], counter: [401, 429] };
const anyone = (status: Expect): Row => ({ nobody: status, a: status, b: status, admin: status });

const rows: Record<string, Row> = {
  // Seven callers, one address, one wrong account: past the 5 failures an account may take
  // (decision 003), the people's tries find it locked.
  'POST /api/v1/Authenticate': {
    ...anyone(401),
    ...lockedForPeople,
    body: () => ({ CompanyId: 9999, Zipcode: 11111 }),
  },
  'POST /api/v1/Maint/Authenticate': {
    ...anyone(401),
    ...lockedForPeople,
    body: () => ({ User: 'nobody', Password: 'wrong-password' }),
  },
  'POST /api/v1/Logout': anyone(204),
  'POST /api/v1/Logout/Everywhere': { nobody: 401, a: 204, b: 204, admin: 204 },
  'GET /api/v1/Sessions': { nobody: 401, a: 200, b: 200, admin: 200 },
  // One of the caller's own sessions only (decision 066): a customer cannot end staff's.
  'DELETE /api/v1/Session/{id}': {
    nobody: 401,
    a: 404,
    b: 404,
    admin: 204,
    url: (c) => `/api/v1/Session/${c.adminOtherSession}`,
  },
  'GET /api/v1/Session': anyone(200),
  // People's own sign-in (design.md 8.2): public, and never telling whether an email is known.
  'POST /api/v1/SignIn/Code': { ...anyone(202), body: () => ({ Email: 'nobody-known@example.com' }) },
  'POST /api/v1/SignIn/Person': {
    ...anyone([401, 429]),
    body: () => ({ Email: 'nobody-known@example.com', Code: '000000' }),
  },
  'POST /api/v1/Invitation/Accept': { ...anyone(401), body: () => ({ Token: 'not-a-token' }) },
  // Only a person has venues to move between: the shared sign-in and staff have none (404).
  'POST /api/v1/Session/Venue': {
    nobody: 401,
    a: 404,
    b: 404,
    admin: 404,
    owner: 200,
    orderer: 200,
    counter: 200,
    body: (c) => ({ CustomerId: c.aId }),
  },
  // Passkeys (decision 069): signing in with one is public, like the code; a person's own are
  // theirs whatever their role, and the shared sign-in and staff have none (403).
  'POST /api/v1/SignIn/Passkey/Options': anyone(200),
  'POST /api/v1/SignIn/Passkey': {
    ...anyone([401, 429]),
    body: () => ({
      Response: {
        id: 'bm90LWEtcGFzc2tleQ',
        rawId: 'bm90LWEtcGFzc2tleQ',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
        clientExtensionResults: {},
      },
    }),
  },
  'POST /api/v1/Passkey/Options': {
    nobody: 401,
    a: 403,
    b: 403,
    admin: 403,
    owner: 200,
    orderer: 200,
    counter: 200,
  },
  // The shared sign-in is a venue's caller: its body is read before the route's 403.
  'POST /api/v1/Passkey': {
    nobody: 401,
    a: 422,
    b: 422,
    admin: 403,
    owner: 422,
    orderer: 422,
    counter: 422,
    body: () => ({}),
  },
  'GET /api/v1/Passkeys': { nobody: 401, a: 403, b: 403, admin: 403, owner: 200, orderer: 200, counter: 200 },
  'DELETE /api/v1/Passkey/{id}': {
    nobody: 401,
    a: 403,
    b: 403,
    admin: 403,
    owner: 404,
    orderer: 404,
    counter: 404,
    url: () => '/api/v1/Passkey/bm90LWEtcGFzc2tleQ',
  },
  // A venue's people and its shared sign-in: its Owner and staff.
  'GET /api/v1/Customer/{id}/People': {
    nobody: 401,
    a: 403,
    b: 403,
    admin: 200,
    owner: 200,
    url: (c) => `/api/v1/Customer/${c.aId}/People`,
  },
  'POST /api/v1/Customer/{id}/People': {
    nobody: 401,
    a: 403,
    b: 403,
    admin: 422,
    owner: 422,
    url: (c) => `/api/v1/Customer/${c.aId}/People`,
    body: () => ({}),
  },
  'PUT /api/v1/Customer/{id}/People/{personId}': {
    nobody: 401,
    a: 403,
    b: 403,
    admin: 422,
    owner: 422,
    url: (c) => `/api/v1/Customer/${c.aId}/People/${c.counterId}`,
    body: () => ({}),
  },
  'DELETE /api/v1/Customer/{id}/People/{personId}': {
    nobody: 401,
    a: 403,
    b: 403,
    admin: 404,
    owner: 404,
    url: (c) => `/api/v1/Customer/${c.aId}/People/999999`,
  },
  'PUT /api/v1/Customer/{id}/SharedSignIn': {
    nobody: 401,
    a: 403,
    b: 403,
    admin: 422,
    owner: 422,
    url: (c) => `/api/v1/Customer/${c.aId}/SharedSignIn`,
    body: () => ({}),
  },
  'GET /api/v1/Footer': anyone(200),
  'POST /api/v1/Footer': { ...adminOnly(200), body: () => ({ Footer: '<p>Matrix</p>' }) },
  // Customers order for themselves only (the body is checked after the role, so 422 here);
  // staff order for a customer they name (design.md 7.5: 422 without CustomerId). A customer
  // naming another customer is 403: staff-order.routes.test.ts.
  'POST /api/v1/Order': { nobody: 401, a: 422, b: 422, admin: 422, body: () => ({}) },
  'GET /api/v1/Order/{id}': { ...ownOrAdmin, url: (c) => `/api/v1/Order/${c.orderOfA}` },
  // Change and cancel (design.md 7.10): the owner and staff get past the guard to the window
  // (409 for a demo order that is imported or past its cutoff) or the body's rules (422).
  'PUT /api/v1/Order/{id}': {
    nobody: 401,
    a: [200, 409, 422],
    b: 404,
    admin: [200, 409, 422],
    url: (c) => `/api/v1/Order/${c.orderOfA}`,
    body: () => ({}),
  },
  'POST /api/v1/Order/{id}/Cancel': {
    nobody: 401,
    a: [200, 409],
    b: 404,
    admin: [200, 409],
    url: (c) => `/api/v1/Order/${c.orderOfA}/Cancel`,
  },
  'GET /api/v1/Orders/{companyId}': { ...ownOrAdmin, url: () => '/api/v1/Orders/1001' },
  // Invoices (design.md 8.4): every role at the venue reads them, as it reads the orders.
  'GET /api/v1/Customer/{id}/Invoices': { ...ownOrAdmin, url: (c) => `/api/v1/Customer/${c.aId}/Invoices` },
  'GET /api/v1/Invoice/{id}': { ...ownOrAdmin, url: (c) => `/api/v1/Invoice/${c.invoiceOfA}` },
  // Standing orders (design.md 8.6): another customer's answers 404 before the body's rules.
  'GET /api/v1/Customer/{id}/StandingOrders': {
    ...ownOrAdmin,
    url: (c) => `/api/v1/Customer/${c.aId}/StandingOrders`,
  },
  'POST /api/v1/Customer/{id}/StandingOrders': {
    nobody: 401,
    a: 422,
    b: 404,
    admin: 422,
    url: (c) => `/api/v1/Customer/${c.aId}/StandingOrders`,
    body: () => ({}),
  },
  'PUT /api/v1/StandingOrder/{id}': {
    nobody: 401,
    a: 422,
    b: 404,
    admin: 422,
    url: (c) => `/api/v1/StandingOrder/${c.standingOfA}`,
    body: () => ({}),
  },
  'POST /api/v1/StandingOrder/{id}/Skip': {
    nobody: 401,
    a: 422,
    b: 404,
    admin: 422,
    url: (c) => `/api/v1/StandingOrder/${c.standingOfA}/Skip`,
    body: () => ({}),
  },
  // The first caller allowed deletes it; the others find it gone.
  'DELETE /api/v1/StandingOrder/{id}': {
    nobody: 401,
    a: [204, 404],
    b: 404,
    admin: [204, 404],
    url: (c) => `/api/v1/StandingOrder/${c.standingToDelete}`,
  },
  'POST /api/v1/StandingOrders/Run': adminOnly(200),
  // Backups (design.md 8.8): 201 on PGlite, 409 on PostgreSQL.
  'POST /api/v1/Backup': adminOnly([201, 409]),
  'GET /api/v1/Backups': adminOnly(200),
  'GET /api/v1/Order/{customerId}/Last': { ...ownOrAdmin, url: (c) => `/api/v1/Order/${c.aId}/Last` },
  'POST /api/v1/Order/Copy': { ...ownOrAdmin, body: (c) => ({ OrderId: c.orderOfA }) },
  'GET /api/v1/Order/{id}/Worksheet': { ...ownOrAdmin, url: (c) => `/api/v1/Order/${c.aId}/Worksheet/` },
  'GET /api/v1/Orders': adminOnly(200),
  'POST /api/v1/RegenerateOrders': { ...adminOnly(), body: () => [] },
  'POST /api/v1/ResendOrderMails': { ...adminOnly(), body: () => ({ Ids: [] }) },
  'GET /api/v1/Products': adminOnly(200),
  'GET /api/v1/Product/{id}': { ...adminOnly(200), url: (c) => `/api/v1/Product/${c.productId}` },
  'DELETE /api/v1/Product/{id}': { ...adminOnly(409), url: (c) => `/api/v1/Product/${c.productId}` },
  'POST /api/v1/Product': { ...adminOnly(422), body: () => ({}) },
  'GET /api/v1/Customers': adminOnly(200),
  'GET /api/v1/Customer/{id}': { ...ownOrAdmin, url: (c) => `/api/v1/Customer/${c.aId}` },
  'DELETE /api/v1/Customer/{id}': { ...adminOnly(409), url: (c) => `/api/v1/Customer/${c.aId}` },
  'POST /api/v1/Customer': { ...adminOnly(422), body: () => ({}) },
  'POST /api/v1/Customer/{id}/Product': {
    ...adminOnly(422),
    url: (c) => `/api/v1/Customer/${c.aId}/Product`,
    body: () => ({}),
  },
  'DELETE /api/v1/Customer/{id}/Product/{productLinkId}': {
    ...adminOnly(404),
    url: (c) => `/api/v1/Customer/${c.bId}/Product/${c.linkOfA}`,
  },
  'GET /api/v1/Customer/{id}/OrderGuide': {
    ...ownOrAdmin,
    url: (c) => `/api/v1/Customer/${c.aId}/OrderGuide`,
  },
  'POST /api/v1/Customer/{id}/QuickOrder': {
    ...ownOrAdmin,
    url: (c) => `/api/v1/Customer/${c.aId}/QuickOrder`,
    body: () => ({ Text: '2 cs cola' }),
  },
  'PUT /api/v1/Customer/{id}/Pars': {
    ...ownOrAdmin,
    url: (c) => `/api/v1/Customer/${c.aId}/Pars`,
    body: () => [],
  },
  'PUT /api/v1/Customer/{id}/Substitutions': {
    ...ownOrAdmin,
    url: (c) => `/api/v1/Customer/${c.aId}/Substitutions`,
    body: () => [],
  },
  // Customer A has no draft: its own id answers the draft's 404, as an admin's does.
  'GET /api/v1/Customer/{id}/Draft': {
    nobody: 401,
    a: 404,
    b: 404,
    admin: 404,
    url: (c) => `/api/v1/Customer/${c.aId}/Draft`,
  },
  'PUT /api/v1/Customer/{id}/Draft': {
    ...ownOrAdmin,
    url: (c) => `/api/v1/Customer/${c.aId}/Draft`,
    body: () => ({}),
  },
  'DELETE /api/v1/Customer/{id}/Draft': {
    nobody: 401,
    a: 204,
    b: 404,
    admin: 204,
    url: (c) => `/api/v1/Customer/${c.aId}/Draft`,
  },
  'GET /api/v1/CustomerTypes': { nobody: 401, a: 200, b: 200, admin: 200 },
  'GET /api/v1/CustomerType/{id}': { ...adminOnly(200), url: () => '/api/v1/CustomerType/1' },
  'DELETE /api/v1/CustomerType/{id}': { ...adminOnly(409), url: () => '/api/v1/CustomerType/1' },
  'POST /api/v1/CustomerType': { ...adminOnly(422), body: () => ({}) },
  'GET /api/v1/Messages': adminOnly(200),
  'GET /api/v1/Message/{id}': { ...adminOnly(200), url: (c) => `/api/v1/Message/${c.messageId}` },
  'DELETE /api/v1/Message/{id}': { ...adminOnly(404), url: () => '/api/v1/Message/999999' },
  'POST /api/v1/Message': { ...adminOnly(422), body: () => ({}) },
  // Customer A is of type 1, B of type 6: each sees only their own type's messages.
  'GET /api/v1/DisplayMessages/{customerTypeId}': {
    ...ownOrAdmin,
    b: 403,
    url: () => '/api/v1/DisplayMessages/1',
  },
  // The delivery calendar (design.md 7.2): anyone signed in reads holidays, staff change them.
  'GET /api/v1/Holidays': { nobody: 401, a: 200, b: 200, admin: 200 },
  'POST /api/v1/Holiday': { ...adminOnly(422), body: () => ({}) },
  'DELETE /api/v1/Holiday/{id}': { ...adminOnly(404), url: () => '/api/v1/Holiday/999999' },
  'GET /api/v1/Holiday/Orders': { ...adminOnly(200), url: () => '/api/v1/Holiday/Orders?Dates=2026-11-27' },
  'GET /api/v1/Customer/{id}/DeliveryDates': {
    ...ownOrAdmin,
    url: (c) => `/api/v1/Customer/${c.aId}/DeliveryDates`,
  },
  // Cutoff reminders (design.md 7.4): staff run and read them; the mail's signed stop link is public.
  'POST /api/v1/Reminders/Run': adminOnly(200),
  'GET /api/v1/Reminders': adminOnly(200),
  'GET /api/v1/Reminders/Off': {
    ...anyone(200),
    url: (c) => `/api/v1/Reminders/Off?token=${stopToken(TEST_SECRET, c.otherId)}`,
  },
  'GET /api/v1/Customer/{id}/Reminders': {
    ...adminOnly(200),
    url: (c) => `/api/v1/Customer/${c.aId}/Reminders`,
  },
  'PUT /api/v1/Customer/{id}/Reminders': {
    ...adminOnly(422),
    url: (c) => `/api/v1/Customer/${c.aId}/Reminders`,
    body: () => ({}),
  },
  'GET /api/v1/SignInAttacks': adminOnly(200),
  // The audit trail (design.md 7.6): staff only.
  'GET /api/v1/Audit': adminOnly(200),
  // The dashboard (design.md 7.8): staff only.
  'GET /api/v1/Dashboard': adminOnly(200),
  'GET /api/v1/Users': adminOnly(200),
  'GET /api/v1/User/{id}': { ...adminOnly(200), url: (c) => `/api/v1/User/${c.adminId}` },
  'DELETE /api/v1/User/{id}': { ...adminOnly(409), url: (c) => `/api/v1/User/${c.adminId}` },
  'POST /api/v1/User': { ...adminOnly(422), body: () => ({}) },
  'POST /api/ItemImport': adminOnly(),
  'POST /api/CustomerImport': adminOnly(),
  'POST /api/CustomerItemsImport': adminOnly(),
  'POST /api/OrderHistoryImport': adminOnly(),
  'POST /api/AvailabilityImport': adminOnly(),
  'POST /api/PriceImport': adminOnly(),
  'POST /api/InvoiceImport': adminOnly(),
};

const callers = ['nobody', 'a', 'b', 'admin', 'owner', 'orderer', 'counter'] as const;
type Caller = (typeof callers)[number];
const venueRoleOf = { owner: 'Owner', orderer: 'Orderer', counter: 'Counter' } as const;

/** What a person at customer A gets where the row does not say: A's answer, or 403 where their role may not act. */
function expectedFor(row: Row, route: string, caller: Caller): Expect {
  if (caller === 'nobody' || caller === 'a' || caller === 'b' || caller === 'admin') return row[caller];
  const given = row[caller];
  if (given !== undefined) return given;
  const [method, template] = route.split(' ') as [string, string];
  const key = `${method} ${template.replace(/^\/api\/v1/, '').replace(/\{(\w+)\}/g, ':$1')}`;
  const action = VENUE_ROUTES[key];
  return action && !venueRoleMay(venueRoleOf[caller], action) ? 403 : row.a;
}

describe('permission matrix', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: Ctx;
  let cookies: Record<Caller, string>;
  let routes: string[];
  let names: { a: string; b: string };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ config: { smtpUrl: sink.url } });
    const [a, b] = await Promise.all([customerByCompany(t.db, 1001), customerByCompany(t.db, 6001)]);
    names = { a: a.name, b: b.name };
    const [orderOfA] = await t.db.select().from(orders).where(eq(orders.customerId, a.id)).limit(1);
    const [link] = await t.db
      .select()
      .from(customerProducts)
      .where(eq(customerProducts.customerId, a.id))
      .limit(1);
    const [message] = await t.db.select().from(messages).limit(1);
    const [admin] = await t.db.select().from(adminUsers).limit(1);
    const [other] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(ne(customers.id, a.id), ne(customers.id, b.id)))
      .limit(1);
    const [invoiceOfA] = await t.db
      .insert(invoices)
      .values({
        invoiceNum: 'MATRIX-1',
        orderId: orderOfA!.id,
        invoiceDate: orderOfA!.deliveryDate,
        dueDate: orderOfA!.deliveryDate,
        importedAt: TEST_NOW,
      })
      .returning({ id: invoices.id });
    ctx = {
      aId: a.id,
      bId: b.id,
      orderOfA: orderOfA!.id,
      invoiceOfA: invoiceOfA!.id,
      linkOfA: link!.id,
      productId: link!.productId,
      messageId: message!.id,
      adminId: admin!.id,
      otherId: other!.id,
      adminOtherSession: '',
      counterId: 0,
      standingOfA: 0,
      standingToDelete: 0,
    };
    const standing = await t.db
      .insert(standingOrders)
      .values(
        [1, 2].map(() => ({
          customerId: a.id,
          weekdays: [5],
          name: 'Matrix',
          phone: '3125550142',
          email: 'matrix@example.com',
          startDate: '2026-11-25',
          savedBy: 'Shared sign-in',
          savedAt: TEST_NOW,
        })),
      )
      .returning({ id: standingOrders.id });
    ctx.standingOfA = standing[0]!.id;
    ctx.standingToDelete = standing[1]!.id;
    const staff = await signInAdmin(t.app);
    await invite(t.app, sink, staff, a.id, {
      Email: 'owner@example.com',
      Name: 'Matrix Owner',
      Role: 'Owner',
    });
    await invite(t.app, sink, staff, a.id, {
      Email: 'orderer@example.com',
      Name: 'Matrix Orderer',
      Role: 'Orderer',
    });
    const counter = await invite(t.app, sink, staff, a.id, {
      Email: 'counter@example.com',
      Name: 'Matrix Counter',
      Role: 'Counter',
    });
    ctx.counterId = counter.personId;
    cookies = await signInAll();
    const doc = await readOpenApi(t.app);
    routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`),
    );
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const signInAll = async () => {
    // The staff user's second device first: a row's Logout/Everywhere ends it with the rest.
    const second = await signInAdmin(t.app);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Sessions',
      headers: { cookie: second },
    });
    ctx.adminOtherSession = (listed.json() as { Id: string; Current: boolean }[]).find((s) => s.Current)!.Id;
    return {
      nobody: '',
      a: await signInCustomer(t.app, 1001, 60601),
      b: await signInCustomer(t.app, 6001, 60611),
      admin: await signInAdmin(t.app),
      owner: (await signInByCode(t.app, sink, 'owner@example.com')).cookie,
      orderer: (await signInByCode(t.app, sink, 'orderer@example.com')).cookie,
      counter: (await signInByCode(t.app, sink, 'counter@example.com')).cookie,
    };
  };

  it('has a row for every route in the OpenAPI document, and no row for a route that is gone', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => !(r in rows))).toEqual([]);
    expect(Object.keys(rows).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it.each(Object.keys(rows))('%s', async (route) => {
    const row = rows[route]!;
    const [method, template] = route.split(' ') as [string, string];
    const url = row.url?.(ctx) ?? template;
    const body = row.body?.(ctx);
    for (const caller of callers) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: cookies[caller] ? { cookie: cookies[caller] } : {},
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      const expected = [expectedFor(row, route, caller)].flat();
      expect(expected, `${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      if (res.statusCode >= 400)
        expect(res.json()).toEqual(expect.objectContaining({ ErrorMessage: expect.any(String) }));
      // A customer's answer never carries the other customer's data.
      if (caller !== 'b' && caller !== 'admin') expect(res.body).not.toContain(names.b);
      if (caller === 'b') expect(res.body).not.toContain(names.a);
    }
    // These end the callers' sessions (decision 066): the rows after them sign in again.
    if (route === 'POST /api/v1/Logout' || route === 'POST /api/v1/Logout/Everywhere')
      cookies = await signInAll();
  });
});
