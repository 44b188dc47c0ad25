import { randomBytes, randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, TEST_NOW, type TestApp } from '#support/helpers.js';
import { multipartFile } from '#support/multipart.js';
import { invite, signInByCode } from '#support/people.js';
import { startSmtpSink } from '#support/smtp-sink.js';
import { loopbackAddress, request } from '#support/socket-client.js';
import { testConfig } from '#support/test-config.js';
import { buildApp } from '../../src/server/app.js';
import { adminUsers, customers } from '../../src/server/db/schema.js';
import { hashPassword } from '../../src/server/modules/auth/auth.service.js';

/**
 * Issue 15, item 4: a cookie copied before logout (or before a password or zip code change)
 * must not keep working. Issue 36: signing out ends this device's session only, and "sign out
 * everywhere" or ending one session from the list ends them at once on every process. Each
 * device has a session row in the database, named by the cookie and read with the account on
 * every request (decision 066). Two app instances on one database stand for two processes: the
 * cookie is issued by one and replayed on the other, through real sockets.
 */
describe('sessions end everywhere when the account says so', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const bases: string[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ config: { smtpUrl: sink.url } });
    second = await buildApp({
      config: testConfig(),
      database: t.database,
      skipMigrate: true,
      logger: false,
      now: () => TEST_NOW,
    });
    for (const app of [t.app, second]) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await sink.close();
  });

  const phone =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
  const call = (
    app: 0 | 1,
    method: string,
    path: string,
    cookie: string,
    body?: unknown,
    userAgent?: string,
  ) =>
    request(`${bases[app]}/api/v1/${path}`, {
      method,
      body,
      localAddress: loopbackAddress(),
      headers: { ...(cookie ? { cookie } : {}), ...(userAgent ? { 'user-agent': userAgent } : {}) },
    });
  const session = (a: { cookies: string[] }) => a.cookies.find((c) => c.startsWith('bev_session='))!;

  async function newCustomer() {
    const zipcode = randomInt(10_000, 99_999);
    for (;;) {
      const companyId = randomInt(1000, 10_000);
      const [taken] = await t.db.select().from(customers).where(eq(customers.companyId, companyId));
      if (taken) continue;
      const [row] = await t.db
        .insert(customers)
        .values({ companyId, customerTypeId: 1, name: 'Session test', zipcode })
        .returning();
      const signIn = await call(0, 'POST', 'Authenticate', '', { CompanyId: companyId, Zipcode: zipcode });
      expect(signIn.status).toBe(200);
      return { row: row!, cookie: session(signIn) };
    }
  }

  /** Two guarded reads: one that loads the account in the guard, one on the hot path (decision 017). */
  const customerReads = (app: 0 | 1, cookie: string, companyId: number) =>
    Promise.all([
      call(app, 'GET', 'CustomerTypes', cookie).then((a) => a.status),
      call(app, 'GET', `Orders/${companyId}`, cookie).then((a) => a.status),
    ]);

  async function adminCookie(app: 0 | 1, User: string, Password: string) {
    const res = await call(app, 'POST', 'Maint/Authenticate', '', { User, Password });
    expect(res.status).toBe(200);
    return session(res);
  }

  it('refuses a cookie replayed after logout, on the other process too', async () => {
    const { row, cookie } = await newCustomer();
    expect(await customerReads(1, cookie, row.companyId)).toEqual([200, 200]);
    expect((await call(0, 'POST', 'Logout', cookie)).status).toBe(204);
    expect(await customerReads(1, cookie, row.companyId)).toEqual([401, 401]);
    expect(await customerReads(0, cookie, row.companyId)).toEqual([401, 401]);
    expect(JSON.parse((await call(1, 'GET', 'Session', cookie)).body).Role).toBeNull();

    // The replayed cookie cannot log out the session the customer starts next.
    const next = session(
      await call(0, 'POST', 'Authenticate', '', { CompanyId: row.companyId, Zipcode: row.zipcode }),
    );
    expect((await call(1, 'POST', 'Logout', cookie)).status).toBe(204);
    expect(await customerReads(1, next, row.companyId)).toEqual([200, 200]);
  });

  it("signs out this device only; the customer's other device stays signed in on either process", async () => {
    const { row, cookie: tablet } = await newCustomer();
    const signIn = await call(
      1,
      'POST',
      'Authenticate',
      '',
      { CompanyId: row.companyId, Zipcode: row.zipcode },
      phone,
    );
    const managerPhone = session(signIn);
    expect((await call(0, 'POST', 'Logout', tablet)).status).toBe(204);
    expect(await customerReads(1, tablet, row.companyId)).toEqual([401, 401]);
    expect(await customerReads(1, managerPhone, row.companyId)).toEqual([200, 200]);
    expect(await customerReads(0, managerPhone, row.companyId)).toEqual([200, 200]);
  });

  it('lists the devices, ends one from another process at once, then signs out everywhere', async () => {
    const { row, cookie: tablet } = await newCustomer();
    const login = { CompanyId: row.companyId, Zipcode: row.zipcode };
    const phoneCookie = session(await call(1, 'POST', 'Authenticate', '', login, phone));
    const third = session(await call(0, 'POST', 'Authenticate', '', login));

    const listed = await call(1, 'GET', 'Sessions', phoneCookie);
    expect(listed.status).toBe(200);
    const devices = JSON.parse(listed.body) as {
      Id: string;
      Device: string;
      LastSeen: string;
      Current: boolean;
    }[];
    expect(devices).toHaveLength(3);
    expect(devices[0]!.Current).toBe(true);
    expect(devices.filter((d) => d.Current)).toEqual([
      expect.objectContaining({ Device: 'Chrome on Android', LastSeen: TEST_NOW.toISOString() }),
    ]);
    // The list names the device, never the cookie's value.
    expect(listed.body).not.toContain(phoneCookie.split('=')[1]!.slice(0, 20));

    // The phone ends the tablet's session; the tablet is out at once on the other process.
    const tabletId = JSON.parse((await call(0, 'GET', 'Sessions', tablet)).body).find(
      (d: { Current: boolean }) => d.Current,
    ).Id;
    expect((await call(1, 'DELETE', `Session/${tabletId}`, phoneCookie)).status).toBe(204);
    expect(await customerReads(0, tablet, row.companyId)).toEqual([401, 401]);
    expect(await customerReads(0, third, row.companyId)).toEqual([200, 200]);
    // Ended already, or another account's: not found, and nothing else ends.
    expect((await call(1, 'DELETE', `Session/${tabletId}`, phoneCookie)).status).toBe(404);
    const other = await newCustomer();
    const otherId = JSON.parse((await call(0, 'GET', 'Sessions', other.cookie)).body)[0].Id;
    expect((await call(1, 'DELETE', `Session/${otherId}`, phoneCookie)).status).toBe(404);
    expect(await customerReads(1, other.cookie, other.row.companyId)).toEqual([200, 200]);

    // Everywhere: every device of this customer's shared sign-in, on both processes; not the other's.
    expect((await call(0, 'POST', 'Logout/Everywhere', third)).status).toBe(204);
    expect(await customerReads(1, phoneCookie, row.companyId)).toEqual([401, 401]);
    expect(await customerReads(1, third, row.companyId)).toEqual([401, 401]);
    expect(await customerReads(0, other.cookie, other.row.companyId)).toEqual([200, 200]);
    // Nobody cannot sign everyone out or list anything.
    expect((await call(0, 'POST', 'Logout/Everywhere', '')).status).toBe(401);
    expect((await call(0, 'GET', 'Sessions', phoneCookie)).status).toBe(401);
  });

  it("ends a person's session at once on the other process: their own sign-out, then their access removed", async () => {
    const { row } = await newCustomer();
    const admin = await adminCookie(0, TEST_ADMIN.user, TEST_ADMIN.password);
    const email = `pat-${randomBytes(4).toString('hex')}@example.com`;
    const { personId } = await invite(t.app, sink, admin, row.id, {
      Email: email,
      Name: 'Pat',
      Role: 'Orderer',
    });
    // Two devices, both signed in by a mailed code on the first process.
    const phoneCookie = (await signInByCode(t.app, sink, email, { 'user-agent': phone })).cookie;
    const laptop = (await signInByCode(t.app, sink, email)).cookie;
    expect(await customerReads(1, phoneCookie, row.companyId)).toEqual([200, 200]);
    expect(await customerReads(1, laptop, row.companyId)).toEqual([200, 200]);

    // Signing out on the phone, on one process: the phone is out on the other, the laptop is not.
    expect((await call(0, 'POST', 'Logout', phoneCookie)).status).toBe(204);
    expect(await customerReads(1, phoneCookie, row.companyId)).toEqual([401, 401]);
    expect(await customerReads(1, laptop, row.companyId)).toEqual([200, 200]);

    // Staff remove Pat's access on the second process: the laptop is out on the first at once.
    const removed = await call(1, 'DELETE', `Customer/${row.id}/People/${personId}`, admin);
    expect(removed.status).toBe(204);
    expect(await customerReads(0, laptop, row.companyId)).toEqual([401, 401]);
    expect(await customerReads(1, laptop, row.companyId)).toEqual([401, 401]);
  });

  it('ends the sessions of a customer whose zip code changed (POST Customer and the import)', async () => {
    const admin = await adminCookie(1, TEST_ADMIN.user, TEST_ADMIN.password);
    const viaForm = await newCustomer();
    const changed = await call(1, 'POST', 'Customer', admin, {
      Id: viaForm.row.id,
      CompanyId: viaForm.row.companyId,
      CustomerTypeId: 1,
      Name: viaForm.row.name,
      Zipcode: (viaForm.row.zipcode % 99_999) + 1,
      IsActive: true,
    });
    expect(changed.status).toBe(200);
    expect(await customerReads(0, viaForm.cookie, viaForm.row.companyId)).toEqual([401, 401]);

    const viaImport = await newCustomer();
    const file = multipartFile(
      `${viaImport.row.companyId}\tSession test\t${(viaImport.row.zipcode % 99_999) + 1}\t1\n`,
      {
        fileName: 'customers.txt',
      },
    );
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/CustomerImport',
      payload: file.payload,
      headers: { ...file.headers, cookie: admin },
    });
    expect(imported.json()).toMatchObject({ Updated: 1 });
    expect(await customerReads(1, viaImport.cookie, viaImport.row.companyId)).toEqual([401, 401]);

    // A change that keeps the zip code (the name) keeps the session.
    const kept = await newCustomer();
    await t.db.update(customers).set({ name: 'Renamed' }).where(eq(customers.id, kept.row.id));
    expect(await customerReads(1, kept.cookie, kept.row.companyId)).toEqual([200, 200]);
  });

  it('keeps a deactivated customer out after reactivation', async () => {
    const { row, cookie } = await newCustomer();
    await t.db.update(customers).set({ isActive: false }).where(eq(customers.id, row.id));
    await t.db.update(customers).set({ isActive: true }).where(eq(customers.id, row.id));
    expect(await customerReads(0, cookie, row.companyId)).toEqual([401, 401]);
  });

  it('ends the sessions of an admin whose password was reset: the old cookie cannot create a user', async () => {
    const userName = `reset-${randomBytes(4).toString('hex')}`;
    const [victim] = await t.db
      .insert(adminUsers)
      .values({ userName, name: 'Reset me', passwordHash: await hashPassword('old-password') })
      .returning();
    const old = await adminCookie(0, userName, 'old-password');
    expect((await call(1, 'GET', 'Users', old)).status).toBe(200);

    const admin = await adminCookie(1, TEST_ADMIN.user, TEST_ADMIN.password);
    const reset = await call(1, 'POST', 'User', admin, {
      Id: victim!.id,
      Name: 'Reset me',
      UserName: userName,
      Password: 'new-password-123',
      Company: '',
      Email: '',
      Phone: '',
      Fax: '',
      IsActive: true,
    });
    expect(reset.status).toBe(200);

    expect((await call(0, 'GET', 'Users', old)).status).toBe(401);
    const intruder = `intruder-${randomBytes(4).toString('hex')}`;
    const created = await call(0, 'POST', 'User', old, {
      Id: 0,
      Name: 'Intruder',
      UserName: intruder,
      Password: 'intruder-password',
      Company: '',
      Email: '',
      Phone: '',
      Fax: '',
      IsActive: true,
    });
    expect(created.status).toBe(401);
    expect(await t.db.select().from(adminUsers).where(eq(adminUsers.userName, intruder))).toEqual([]);
    // The new password signs in.
    await adminCookie(0, userName, 'new-password-123');
  });

  it('keeps the session of an admin who sets their own password, and ends their others', async () => {
    const userName = `self-${randomBytes(4).toString('hex')}`;
    const [me] = await t.db
      .insert(adminUsers)
      .values({ userName, passwordHash: await hashPassword('first-password') })
      .returning();
    const other = await adminCookie(0, userName, 'first-password');
    const mine = await adminCookie(1, userName, 'first-password');
    const saved = await call(1, 'POST', 'User', mine, {
      Id: me!.id,
      Name: '',
      UserName: userName,
      Password: 'second-password',
      Company: '',
      Email: '',
      Phone: '',
      Fax: '',
      IsActive: true,
    });
    expect(saved.status).toBe(200);
    const renewed = session(saved);
    expect((await call(0, 'GET', 'Users', renewed)).status).toBe(200);
    expect((await call(0, 'GET', 'Users', other)).status).toBe(401);
  });
});
