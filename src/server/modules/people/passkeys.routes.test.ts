import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  sessionCookie,
  signInAdmin,
  signInCustomer,
  TEST_NOW,
  type TestApp,
} from '#support/helpers.js';
import { customerByCompany } from '#support/order-fixtures.js';
import { testAuthenticator } from '#support/passkey-authenticator.js';
import { codeIn, invite, lastMailTo, signInByCode } from '#support/people.js';
import { startSmtpSink } from '#support/smtp-sink.js';
import { passkeyMessages } from '../../../domain/passkeys.js';
import { passkeys } from '../../db/schema.js';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
type Authenticator = ReturnType<typeof testAuthenticator>;

/** The test app's PUBLIC_URL (tests/support/test-config.ts): the site the passkeys are for. */
const ORIGIN = 'https://orders.example.test';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/**
 * Passkeys (design.md 8.2, decision 069) through the API on the real app, with an authenticator
 * in software (tests/support/passkey-authenticator.ts) making what a device would: a person adds
 * one and signs in with it; an answer is good once, for this site, within 5 minutes; a removed
 * passkey or a person without access signs nobody in.
 */
describe('passkeys', () => {
  let t: TestApp;
  let sink: Sink;
  let now = TEST_NOW;
  let admin: string;
  let bar: number; // customer 1001
  let shop: number; // customer 6001
  let address = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ config: { smtpUrl: sink.url }, now: () => now });
    admin = await signInAdmin(t.app);
    bar = (await customerByCompany(t.db, 1001)).id;
    shop = (await customerByCompany(t.db, 6001)).id;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** Each step a second after the last, as a person's taps are. */
  const later = (ms = 1000) => {
    now = new Date(now.getTime() + ms);
  };
  const call = (
    method: string,
    url: string,
    cookie: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api/v1/${url}`,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      // Each call from its own address, so the address's failure count never decides a test.
      remoteAddress: `10.9.${(address >> 8) & 255}.${address++ & 255}`,
      ...(payload === undefined ? {} : { payload }),
    });
  /** The cookie an answer set, or the one sent when it set none. */
  const cookieAfter = (res: LightMyRequestResponse, sent: string) =>
    res.headers['set-cookie'] ? sessionCookie(res) : sent;

  async function person(email: string, name: string, venues: number[]) {
    let personId = 0;
    for (const venue of venues)
      personId = (await invite(t.app, sink, admin, venue, { Email: email, Name: name, Role: 'Orderer' }))
        .personId;
    const { cookie, res } = await signInByCode(t.app, sink, email);
    const device = res.cookies.find((c) => c.name === 'bev_device')!;
    return { personId, cookie, deviceCookie: `bev_device=${device.value}` };
  }

  /** Options, the device's answer, and POST Passkey, from a phone. */
  async function addPasskey(cookie: string, device: Authenticator, origin = ORIGIN) {
    const options = await call('POST', 'Passkey/Options', cookie);
    expect(options.statusCode).toBe(200);
    const withChallenge = cookieAfter(options, cookie);
    later();
    const res = await call(
      'POST',
      'Passkey',
      withChallenge,
      { Response: device.register(options.json(), origin) },
      {
        'user-agent': PHONE,
      },
    );
    return { res, options: options.json(), withChallenge, cookie: cookieAfter(res, withChallenge) };
  }

  /** Options and POST SignIn/Passkey on a browser with no session; `cookie` is the options' own. */
  async function passkeySignIn(
    device: Authenticator,
    opts: { origin?: string; rpId?: string; deviceCookie?: string } = {},
  ) {
    const options = await call('POST', 'SignIn/Passkey/Options', '');
    expect(options.statusCode).toBe(200);
    const cookie = sessionCookie(options);
    later();
    const response = device.authenticate(options.json(), opts.origin ?? ORIGIN, opts.rpId);
    const sent = opts.deviceCookie ? `${cookie}; ${opts.deviceCookie}` : cookie;
    const res = await call('POST', 'SignIn/Passkey', sent, { Response: response });
    later();
    return { res, cookie, response };
  }

  const refused = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ErrorMessage: passkeyMessages.signInFailed });
  };

  it('a person adds a passkey and signs in with it, no email asked, at their first venue', async () => {
    const pam = await person('pam@example.com', 'Pam Poe', [bar, shop]);
    const device = testAuthenticator({ counting: true });
    const added = await addPasskey(pam.cookie, device);
    // Options for this site, a passkey the device keeps (so sign-in needs no email), none excluded yet.
    expect(added.options).toMatchObject({
      rp: { name: 'Beverage Ordering', id: 'orders.example.test' },
      user: { name: 'pam@example.com', displayName: 'Pam Poe' },
      timeout: 5 * 60_000,
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'preferred',
      },
      extensions: { credProps: true },
    });
    expect(added.res.statusCode).toBe(201);
    const passkey = {
      Id: device.credentialId,
      Device: 'Chrome on Android',
      CreatedAt: now.toISOString(),
      LastUsed: null,
    };
    expect(added.res.json()).toEqual(passkey);
    expect((await call('GET', 'Passkeys', added.cookie)).json()).toEqual([passkey]);

    const { res } = await passkeySignIn(device);
    expect(res.statusCode).toBe(200);
    const venues = (await call('GET', 'Session', pam.cookie)).json().Venues;
    expect(res.json()).toEqual({
      Person: { Id: pam.personId, Name: 'Pam Poe', Email: 'pam@example.com' },
      Venues: venues,
    });
    expect(venues).toHaveLength(2);
    const session = (await call('GET', 'Session', sessionCookie(res))).json();
    expect(session).toMatchObject({ Role: 'customer', Person: { Id: pam.personId }, VenueRole: 'Orderer' });
    expect(session.Customer.Id).toBe(venues[0].CustomerId);

    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, device.credentialId));
    expect(row).toMatchObject({ personId: pam.personId, counter: 1, transports: 'internal' });
    const listed = (await call('GET', 'Passkeys', sessionCookie(res))).json();
    expect(listed).toEqual([{ ...passkey, LastUsed: row!.lastUsedAt!.toISOString() }]);

    // Adding another: the device that has one already is named, so it is not asked twice.
    const again = await call('POST', 'Passkey/Options', pam.cookie);
    expect(again.json().excludeCredentials).toEqual([
      { id: device.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('keeps a counter anywhere in its unsigned 32-bit range, up to the top, and refuses one that goes back', async () => {
    const ivy = await person('ivy@example.com', 'Ivy', [bar]);
    // A security key that has signed two billion times: past a signed integer's top.
    const device = testAuthenticator({ counting: true, counter: 2 ** 32 - 3 });
    expect((await addPasskey(ivy.cookie, device)).res.statusCode).toBe(201);
    const counterOf = async () =>
      (await t.db.select().from(passkeys).where(eq(passkeys.id, device.credentialId)))[0]!.counter;
    expect(await counterOf()).toBe(2 ** 32 - 3);
    expect((await passkeySignIn(device)).res.statusCode).toBe(200);
    expect((await passkeySignIn(device)).res.statusCode).toBe(200);
    expect(await counterOf()).toBe(2 ** 32 - 1);
    // A copy of the key, its counter behind the stored one, signs nobody in and changes nothing.
    device.setCounter(5);
    refused((await passkeySignIn(device)).res);
    expect(await counterOf()).toBe(2 ** 32 - 1);
  });

  it('an answer is good once: replayed with the cookie after, or a copy of the one before, it signs nobody in', async () => {
    const quinn = await person('quinn@example.com', 'Quinn', [bar]);
    // Counter 0 every time, as a passkey synced between devices: only the challenge stops a replay.
    const device = testAuthenticator();
    const added = await addPasskey(quinn.cookie, device);
    expect(added.res.statusCode).toBe(201);
    const replayedAdd = await call('POST', 'Passkey', added.withChallenge, {
      Response: device.register(added.options, ORIGIN),
    });
    expect(replayedAdd.statusCode).toBe(422);
    expect(replayedAdd.json()).toEqual({ ErrorMessage: passkeyMessages.addFailed });

    const first = await passkeySignIn(device);
    expect(first.res.statusCode).toBe(200);
    refused(await call('POST', 'SignIn/Passkey', sessionCookie(first.res), { Response: first.response }));
    refused(await call('POST', 'SignIn/Passkey', first.cookie, { Response: first.response }));
    // A new challenge, a new sign-in.
    expect((await passkeySignIn(device)).res.statusCode).toBe(200);
  });

  it('another site, another RP ID, a late answer or a challenge given for adding sign nobody in', async () => {
    const rae = await person('rae@example.com', 'Rae', [bar]);
    const device = testAuthenticator();
    expect((await addPasskey(rae.cookie, device)).res.statusCode).toBe(201);
    refused((await passkeySignIn(device, { origin: 'https://orders.example.test.evil.example' })).res);
    refused((await passkeySignIn(device, { origin: 'http://orders.example.test' })).res);
    refused((await passkeySignIn(device, { rpId: 'example.test' })).res);

    const options = await call('POST', 'SignIn/Passkey/Options', '');
    later(5 * 60_000);
    refused(
      await call('POST', 'SignIn/Passkey', sessionCookie(options), {
        Response: device.authenticate(options.json(), ORIGIN),
      }),
    );
    // The add ceremony's challenge is not a sign-in's.
    const adding = await call('POST', 'Passkey/Options', rae.cookie);
    later();
    refused(
      await call('POST', 'SignIn/Passkey', sessionCookie(adding), {
        Response: device.authenticate(
          { challenge: adding.json().challenge, rpId: 'orders.example.test' },
          ORIGIN,
        ),
      }),
    );
    // A passkey added on another site is not added here.
    const elsewhere = await addPasskey(rae.cookie, testAuthenticator(), 'https://elsewhere.example');
    expect(elsewhere.res.statusCode).toBe(422);
    // Five failures for Rae: the right answer waits now, except on her own browser (decision 021).
    expect((await passkeySignIn(device)).res.statusCode).toBe(429);
    expect((await passkeySignIn(device, { deviceCookie: rae.deviceCookie })).res.statusCode).toBe(200);
  });

  it("another person's passkey cannot be removed; a removed passkey signs nobody in", async () => {
    const sal = await person('sal@example.com', 'Sal', [bar]);
    const tom = await person('tom@example.com', 'Tom', [bar]);
    const device = testAuthenticator();
    expect((await addPasskey(sal.cookie, device)).res.statusCode).toBe(201);
    const id = encodeURIComponent(device.credentialId);
    const byTom = await call('DELETE', `Passkey/${id}`, tom.cookie);
    expect(byTom.statusCode).toBe(404);
    expect(byTom.json()).toEqual({ ErrorMessage: 'Passkey was not found' });
    expect((await call('GET', 'Passkeys', sal.cookie)).json()).toHaveLength(1);
    expect((await call('GET', 'Passkeys', tom.cookie)).json()).toEqual([]);

    expect((await call('DELETE', `Passkey/${id}`, sal.cookie)).statusCode).toBe(204);
    expect((await call('GET', 'Passkeys', sal.cookie)).json()).toEqual([]);
    refused((await passkeySignIn(device)).res);
  });

  it('a person whose access is removed cannot sign in with it; with a venue left, they sign in there', async () => {
    const uma = await person('uma@example.com', 'Uma', [bar, shop]);
    const device = testAuthenticator();
    expect((await addPasskey(uma.cookie, device)).res.statusCode).toBe(201);
    expect((await call('DELETE', `Customer/${bar}/People/${uma.personId}`, admin)).statusCode).toBe(204);
    const atShop = await passkeySignIn(device);
    expect(atShop.res.json().Venues).toEqual([expect.objectContaining({ CustomerId: shop })]);
    expect((await call('DELETE', `Customer/${shop}/People/${uma.personId}`, admin)).statusCode).toBe(204);
    refused((await passkeySignIn(device)).res);
  });

  it('the shared sign-in and staff have no passkeys (403); nobody is asked to sign in (401)', async () => {
    const shared = await signInCustomer(t.app, 1001, 60601);
    for (const [method, url] of [
      ['POST', 'Passkey/Options'],
      ['GET', 'Passkeys'],
      ['DELETE', 'Passkey/abc'],
    ] as const) {
      const res = await call(method, url, shared);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ErrorMessage: passkeyMessages.peopleOnly });
      expect((await call(method, url, admin)).statusCode).toBe(403);
      expect((await call(method, url, '')).statusCode).toBe(401);
    }
  });

  it("a passkey's failures count with the person's code sign-ins: past five, it waits", async () => {
    const vic = await person('vic@example.com', 'Vic', [bar]);
    const device = testAuthenticator();
    expect((await addPasskey(vic.cookie, device)).res.statusCode).toBe(201);
    for (let i = 0; i < 5; i++)
      refused((await passkeySignIn(device, { origin: 'https://evil.example' })).res);
    const held = (await passkeySignIn(device)).res;
    expect(held.statusCode).toBe(429);
    // One count for the person, whichever way they sign in: the mailed code waits too.
    later(30_000);
    await call('POST', 'SignIn/Code', '', { Email: 'vic@example.com' });
    const code = codeIn(await lastMailTo(t.app, sink, 'vic@example.com', /is your sign-in code/));
    const byCode = await call('POST', 'SignIn/Person', '', { Email: 'vic@example.com', Code: code });
    expect(byCode.statusCode).toBe(429);
    // The browser they signed in on before carries its device cookie (decision 021): not held,
    // and no "New sign-in" mail for it.
    const mails = sink.received.length;
    const known = await passkeySignIn(device, { deviceCookie: vic.deviceCookie });
    expect(known.res.statusCode).toBe(200);
    await t.app.settle();
    expect(sink.received.length).toBe(mails);
  });
});
