import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, signInAdmin, TEST_NOW, type TestApp } from '#support/helpers.js';
import { customerByCompany, validOrderBody } from '#support/order-fixtures.js';
import { codeIn, invite, lastMailTo, signInByCode } from '#support/people.js';
import { startSmtpSink } from '#support/smtp-sink.js';
import { personSignInMessages } from '../../../domain/sign-in-code.js';
import { venueRoleMessages } from '../../../domain/venue-roles.js';
import { auditEntries, customers, sessions, signInCodes, venuePeople } from '../../db/schema.js';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

/**
 * People and their own sign-in (design.md 8.2, decision 068), through the API on the real
 * app, with a real SMTP server taking the mails: invitations, codes, venues, roles, the shared
 * sign-in turned off, and who placed an order.
 */
describe('people', () => {
  let t: TestApp;
  let sink: Sink;
  let now = TEST_NOW;
  let admin: string;
  let bar: number; // customer 1001, zip 60601
  let shop: number; // customer 6001, zip 60611

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ config: { smtpUrl: sink.url }, now: () => now });
    admin = await signInAdmin(t.app);
    bar = (await customerByCompany(t.db, 1001)).id;
    shop = (await customerByCompany(t.db, 6001)).id;
    // This file's people are its own: the demo's (seed/demo-catalog.ts) leave the venues.
    await t.db.delete(venuePeople);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const call = (method: string, url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api/v1/${url}`,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload }),
    });
  const sharedSignIn = async (companyId = 1001, zipcode = 60601) =>
    call('POST', 'Authenticate', '', { CompanyId: companyId, Zipcode: zipcode });

  describe('invitations', () => {
    it('staff invite by email: the person gets the role, a mail with a link, and the audit trail a row', async () => {
      const res = await call('POST', `Customer/${bar}/People`, admin, {
        Email: 'Ann.Lee@Example.com',
        Name: 'Ann Lee',
        Role: 'Owner',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ Name: 'Ann Lee', Email: 'Ann.Lee@Example.com', Role: 'Owner' });
      const mail = await lastMailTo(t.app, sink, 'ann.lee@example.com', /invited you to order for/);
      expect(mail.raw).toContain('/invite/');
      const people = await call('GET', `Customer/${bar}/People`, admin);
      expect(people.json()).toEqual([
        { Id: res.json().Id, Name: 'Ann Lee', Email: 'Ann.Lee@Example.com', Role: 'Owner' },
      ]);
      const [audit] = await t.db
        .select()
        .from(auditEntries)
        .where(
          and(eq(auditEntries.entity, 'VenuePerson'), eq(auditEntries.entityId, `${bar}:${res.json().Id}`)),
        );
      expect(audit).toMatchObject({ action: 'Update', userName: 'admin' });
      // Once there, twice is a conflict, however the email is cased.
      const again = await call('POST', `Customer/${bar}/People`, admin, {
        Email: 'ann.lee@example.COM',
        Name: 'Someone',
        Role: 'Counter',
      });
      expect(again.statusCode).toBe(409);
    });

    it('the link signs in once, within 7 days; a forged or changed token signs nobody in', async () => {
      const { token } = await invite(t.app, sink, admin, bar, {
        Email: 'bo@example.com',
        Name: 'Bo',
        Role: 'Counter',
      });
      const forged = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      for (const bad of [forged, `9${token}`, 'nonsense'])
        expect((await call('POST', 'Invitation/Accept', '', { Token: bad })).json()).toEqual({
          ErrorMessage:
            'This invitation has expired or was already used: ask for a new one, or sign in with your email',
        });
      const accepted = await call('POST', 'Invitation/Accept', '', { Token: token });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({
        Person: { Name: 'Bo', Email: 'bo@example.com' },
        Venues: [{ CustomerId: bar, CompanyId: 1001, Role: 'Counter' }],
      });
      const session = await call('GET', 'Session', sessionCookie(accepted));
      expect(session.json()).toMatchObject({
        Role: 'customer',
        VenueRole: 'Counter',
        Person: { Name: 'Bo' },
      });
      expect((await call('POST', 'Invitation/Accept', '', { Token: token })).statusCode).toBe(401);

      const late = await invite(t.app, sink, admin, shop, {
        Email: 'bo@example.com',
        Name: 'Bo',
        Role: 'Orderer',
      });
      now = new Date(TEST_NOW.getTime() + 7 * 24 * 3600_000);
      try {
        expect((await call('POST', 'Invitation/Accept', '', { Token: late.token })).statusCode).toBe(401);
      } finally {
        now = TEST_NOW;
      }
      admin = await signInAdmin(t.app);
    });
  });

  describe('sign-in by code', () => {
    it('answers 202 for an unknown email too, and mails nothing', async () => {
      const before = sink.received.length;
      const res = await call('POST', 'SignIn/Code', '', { Email: 'nobody-here@example.com' });
      expect(res.statusCode).toBe(202);
      await t.app.settle();
      expect(sink.received.length).toBe(before);
    });

    it('a code signs in once; a wrong one, an old one or a used one answers 401 with one message', async () => {
      await invite(t.app, sink, admin, bar, { Email: 'cy@example.com', Name: 'Cy', Role: 'Orderer' });
      expect((await call('POST', 'SignIn/Code', '', { Email: 'CY@example.com ' })).statusCode).toBe(202);
      const code = codeIn(await lastMailTo(t.app, sink, 'cy@example.com', /is your sign-in code/));
      expect(code).toMatch(/^\d{6}$/);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const refused = await call('POST', 'SignIn/Person', '', { Email: 'cy@example.com', Code: wrong });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ ErrorMessage: personSignInMessages.failed });
      const ok = await call('POST', 'SignIn/Person', '', {
        Email: 'Cy@Example.com',
        Code: `${code.slice(0, 3)} ${code.slice(3)}`,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().Venues).toEqual([
        { CustomerId: bar, CompanyId: 1001, Name: expect.any(String), Role: 'Orderer' },
      ]);
      const reused = await call('POST', 'SignIn/Person', '', { Email: 'cy@example.com', Code: code });
      expect(reused.statusCode).toBe(401);

      // Ten minutes after it was sent, a code is gone.
      await call('POST', 'SignIn/Code', '', { Email: 'cy@example.com' });
      const late = codeIn(await lastMailTo(t.app, sink, 'cy@example.com', /is your sign-in code/));
      now = new Date(TEST_NOW.getTime() + 10 * 60_000);
      try {
        expect(
          (await call('POST', 'SignIn/Person', '', { Email: 'cy@example.com', Code: late })).statusCode,
        ).toBe(401);
      } finally {
        now = TEST_NOW;
      }
    });

    it('a new device gets a "New sign-in" mail; the same browser signing in again does not', async () => {
      await invite(t.app, sink, admin, bar, { Email: 'di@example.com', Name: 'Di', Role: 'Orderer' });
      const first = await signInByCode(t.app, sink, 'di@example.com');
      const mail = await lastMailTo(t.app, sink, 'di@example.com', /^New sign-in to your account$/);
      expect(mail.raw).toContain('signed in as you on 11/25/2026');
      const device = first.res.cookies.find((c) => c.name === 'bev_device')!;
      const count = sink.received.filter((m) => m.subject === 'New sign-in to your account').length;
      await signInByCode(t.app, sink, 'di@example.com', { cookie: `bev_device=${device.value}` });
      expect(sink.received.filter((m) => m.subject === 'New sign-in to your account').length).toBe(count);
    });

    it('stores a keyed hash of the code, never its digits', async () => {
      await invite(t.app, sink, admin, bar, { Email: 'ed@example.com', Name: 'Ed', Role: 'Orderer' });
      await call('POST', 'SignIn/Code', '', { Email: 'ed@example.com' });
      const code = codeIn(await lastMailTo(t.app, sink, 'ed@example.com', /is your sign-in code/));
      const [row] = await t.db.select().from(signInCodes).where(eq(signInCodes.email, 'ed@example.com'));
      expect(row!.codeHash).not.toContain(code);
      expect(row!.tries).toBe(0);
    });
  });

  describe('venues and roles', () => {
    let owner: string;
    let counter: string;
    let counterId: number;

    beforeAll(async () => {
      await invite(t.app, sink, admin, bar, { Email: 'flo@example.com', Name: 'Flo Owner', Role: 'Owner' });
      await invite(t.app, sink, admin, shop, {
        Email: 'flo@example.com',
        Name: 'Flo Owner',
        Role: 'Orderer',
      });
      owner = (await signInByCode(t.app, sink, 'flo@example.com')).cookie;
      const c = await invite(t.app, sink, owner, bar, {
        Email: 'gus@example.com',
        Name: 'Gus Counter',
        Role: 'Counter',
      });
      counterId = c.personId;
      counter = (await signInByCode(t.app, sink, 'gus@example.com')).cookie;
    });

    it('a person with two venues picks one; a venue not theirs, or the shared sign-in, gets 404', async () => {
      const s = (await call('GET', 'Session', owner)).json();
      expect(s.Venues.map((v: { CompanyId: number }) => v.CompanyId).sort()).toEqual([1001, 6001]);
      const moved = await call('POST', 'Session/Venue', owner, { CustomerId: shop });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ Customer: { CompanyId: 6001 }, VenueRole: 'Orderer' });
      // At the shop Flo is an Orderer: its people are not Flo's to see.
      expect((await call('GET', `Customer/${shop}/People`, owner)).json()).toEqual({
        ErrorMessage: venueRoleMessages.people,
      });
      // The role that counts is the one at the venue the session is at: Orderer, here.
      expect((await call('GET', `Customer/${bar}/People`, owner)).statusCode).toBe(403);
      expect((await call('POST', 'Session/Venue', owner, { CustomerId: bar })).statusCode).toBe(200);
      expect((await call('GET', `Customer/${bar}/People`, owner)).statusCode).toBe(200);
      expect((await call('POST', 'Session/Venue', counter, { CustomerId: shop })).statusCode).toBe(404);
      const asShared = await call('POST', 'Session/Venue', sessionCookie(await sharedSignIn()), {
        CustomerId: bar,
      });
      expect(asShared.statusCode).toBe(404);
    });

    it('a Counter saves the draft but cannot send it; the Owner sends it and is named as who placed it', async () => {
      const body = await validOrderBody(t.db, 1001, now);
      const sent = await call('POST', 'Order', counter, body);
      expect(sent.statusCode).toBe(403);
      expect(sent.json()).toEqual({ ErrorMessage: venueRoleMessages.order });
      const draft = await call('PUT', `Customer/${bar}/Draft`, counter, { Order: body });
      expect(draft.statusCode).toBe(200);
      expect((await call('GET', `Customer/${bar}/People`, counter)).statusCode).toBe(403);
      const placed = await call('POST', 'Order', owner, { ...body, BaseSavedAt: draft.json().SavedAt });
      expect(placed.statusCode).toBe(201);
      const history = (await call('GET', 'Orders/1001', owner)).json();
      const mine = history.Orders.find((o: { OrderNum: string }) => o.OrderNum === placed.json().OrderNum);
      expect(mine.PlacedBy).toBe('Flo Owner');
      expect((await call('GET', `Order/${mine.Id}`, owner)).json().PlacedBy).toBe('Flo Owner');
    });

    it('the last Owner cannot step down or leave; staff can change anyone', async () => {
      const flo = (await call('GET', 'Session', owner)).json().Person.Id;
      const people = (await call('GET', `Customer/${bar}/People`, owner)).json();
      const ann = people.find((p: { Name: string }) => p.Name === 'Ann Lee').Id;
      // Staff make Flo the only Owner, then Flo tries to step down or leave.
      expect(
        (await call('PUT', `Customer/${bar}/People/${ann}`, admin, { Role: 'Orderer' })).statusCode,
      ).toBe(204);
      const demote = await call('PUT', `Customer/${bar}/People/${flo}`, owner, { Role: 'Orderer' });
      expect(demote.statusCode).toBe(409);
      expect((await call('DELETE', `Customer/${bar}/People/${flo}`, owner)).statusCode).toBe(409);
      expect((await call('PUT', `Customer/${bar}/People/${ann}`, admin, { Role: 'Owner' })).statusCode).toBe(
        204,
      );
      expect(demote.json().ErrorMessage).toBe(
        'A venue keeps at least one Owner: make someone else Owner first',
      );
      expect(
        (await call('PUT', `Customer/${bar}/People/${counterId}`, owner, { Role: 'Orderer' })).statusCode,
      ).toBe(204);
      expect(
        (await call('PUT', `Customer/${bar}/People/${counterId}`, admin, { Role: 'Counter' })).statusCode,
      ).toBe(204);
      expect(
        (await call('PUT', `Customer/${bar}/People/999999`, owner, { Role: 'Counter' })).statusCode,
      ).toBe(404);
    });

    it("removing a person's access ends their sessions at that venue at once", async () => {
      const gus = await signInByCode(t.app, sink, 'gus@example.com');
      expect((await call('GET', `Customer/${bar}/OrderGuide`, gus.cookie)).statusCode).toBe(200);
      expect((await call('DELETE', `Customer/${bar}/People/${counterId}`, owner)).statusCode).toBe(204);
      expect((await call('GET', `Customer/${bar}/OrderGuide`, gus.cookie)).statusCode).toBe(401);
      expect((await call('GET', `Customer/${bar}/OrderGuide`, counter)).statusCode).toBe(401);
      const rows = await t.db.select().from(sessions).where(eq(sessions.personId, counterId));
      expect(rows).toEqual([]);
      // Without a venue, a code signs nobody in.
      await call('POST', 'SignIn/Code', '', { Email: 'gus@example.com' });
      await t.app.settle();
      expect(
        sink.received.filter((m) => m.to.includes('gus@example.com') && /code/.test(m.subject)).length,
      ).toBe(2);
    });
  });

  describe('the shared sign-in', () => {
    it('an Owner turns it off: its sessions end, it answers 401 with 8.2 message, people stay in; on again, it works', async () => {
      const { cookie: owner } = await signInByCode(t.app, sink, 'ann.lee@example.com');
      const sharedCookie = sessionCookie(await sharedSignIn());
      const off = await call('PUT', `Customer/${bar}/SharedSignIn`, owner, { SharedSignIn: false });
      expect(off.json()).toEqual({ SharedSignIn: false });
      expect((await call('GET', `Customer/${bar}`, sharedCookie)).statusCode).toBe(401);
      const refused = await sharedSignIn();
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        ErrorMessage: 'This customer signs in with personal accounts: use your email',
      });
      // A wrong zip code still gets the spec's own message: the new one tells nothing to a guesser.
      expect((await sharedSignIn(1001, 60699)).json().ErrorMessage).not.toContain('personal');
      expect((await call('GET', `Customer/${bar}`, owner)).json().SharedSignIn).toBe(false);
      expect(
        (await call('PUT', `Customer/${bar}/SharedSignIn`, admin, { SharedSignIn: true })).statusCode,
      ).toBe(200);
      expect((await sharedSignIn()).statusCode).toBe(200);
      const [audit] = await t.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.entity, 'Customer'), eq(auditEntries.entityId, String(bar))));
      expect(audit?.summary).toContain('Shared sign-in on');
    });

    it('a new zip code ends the shared sessions only: people stay signed in', async () => {
      const { cookie: person } = await signInByCode(t.app, sink, 'ann.lee@example.com');
      const shared = sessionCookie(await sharedSignIn());
      await t.db.update(customers).set({ zipcode: 60699 }).where(eq(customers.id, bar));
      try {
        expect((await call('GET', `Customer/${bar}`, shared)).statusCode).toBe(401);
        expect((await call('GET', `Customer/${bar}`, person)).statusCode).toBe(200);
      } finally {
        await t.db.update(customers).set({ zipcode: 60601 }).where(eq(customers.id, bar));
      }
    });

    it("a person's Sign out everywhere ends their sessions only, not the shared sign-in's", async () => {
      const a = await signInByCode(t.app, sink, 'ann.lee@example.com');
      const b = await signInByCode(t.app, sink, 'ann.lee@example.com');
      const shared = sessionCookie(await sharedSignIn());
      expect((await call('POST', 'Logout/Everywhere', a.cookie)).statusCode).toBe(204);
      expect((await call('GET', `Customer/${bar}`, b.cookie)).statusCode).toBe(401);
      expect((await call('GET', `Customer/${bar}`, shared)).statusCode).toBe(200);
    });
  });
});
