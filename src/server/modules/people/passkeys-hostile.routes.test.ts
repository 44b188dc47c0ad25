import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, signInAdmin, TEST_NOW, type TestApp } from '#support/helpers.js';
import { customerByCompany } from '#support/order-fixtures.js';
import { testAuthenticator } from '#support/passkey-authenticator.js';
import { invite, signInByCode } from '#support/people.js';
import { startSmtpSink } from '#support/smtp-sink.js';
import { passkeyMessages } from '../../../domain/passkeys.js';

const ORIGIN = 'https://orders.example.test';

/**
 * A device's answer changed anywhere, byte by byte, with a good challenge in the cookie, so
 * that it reaches @simplewebauthn/server's parsers and the signature check (the OpenAPI fuzz
 * sends none: it has no challenge). Whatever arrives: never a 5xx; a sign-in never succeeds;
 * every refusal in the error shape. The sign-in limits are lifted, so every try is checked.
 */
describe('passkey answers, changed', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let now = TEST_NOW;
  let cookie: string;
  let address = 0;
  const device = testAuthenticator();

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      config: { smtpUrl: sink.url },
      now: () => now,
      throttle: { perAccount: 1_000_000, perAddress: 1_000_000 },
    });
    const bar = (await customerByCompany(t.db, 1001)).id;
    await invite(t.app, sink, await signInAdmin(t.app), bar, {
      Email: 'xena@example.com',
      Name: 'Xena',
      Role: 'Orderer',
    });
    cookie = (await signInByCode(t.app, sink, 'xena@example.com')).cookie;
    const options = await post('Passkey/Options', cookie);
    const added = await post('Passkey', sessionCookie(options), {
      Response: device.register(options.json(), ORIGIN),
    });
    expect(added.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  function post(url: string, sent: string, payload?: object) {
    now = new Date(now.getTime() + 1000);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: sent ? { cookie: sent } : {},
      // Each call from its own address: the per-address request limit (120 a minute) is not
      // what this tests, and a fast database runs the 60 tries within the minute.
      remoteAddress: `10.8.${(address >> 8) & 255}.${address++ & 255}`,
      ...(payload === undefined ? {} : { payload }),
    });
  }
  const inErrorShape = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (res.statusCode >= 400) expect(res.json()).toEqual({ ErrorMessage: expect.any(String) });
  };

  /** One base64url field's bytes changed: a bit flipped, cut short, lengthened or replaced. */
  const change = fc.oneof(
    fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bit: fc.nat(7) }),
    fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
    fc.record({
      kind: fc.constant('append' as const),
      bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }),
    }),
    fc.record({ kind: fc.constant('replace' as const), bytes: fc.uint8Array({ maxLength: 300 }) }),
  );
  type Change = typeof change extends fc.Arbitrary<infer C> ? C : never;
  function changed(field: string, how: Change) {
    const bytes = Buffer.from(field, 'base64url');
    let out: Buffer;
    if (how.kind === 'flip') {
      out = Buffer.from(bytes);
      if (out.length > 0) out[how.at % out.length]! ^= 1 << how.bit;
    } else if (how.kind === 'cut') out = bytes.subarray(0, how.at % Math.max(1, bytes.length));
    else if (how.kind === 'append') out = Buffer.concat([bytes, how.bytes]);
    else out = Buffer.from(how.bytes);
    return out.toString('base64url');
  }

  /**
   * Where a flip is a different signature: the bytes of r and s in the DER sequence
   * (30 len 02 rlen r 02 slen s). Its tags and lengths may be read leniently, and a flip there
   * can leave the same r and s: the device's own signature, which says nothing new.
   */
  function inRorS(signature: string, at: number) {
    const der = Buffer.from(signature, 'base64url');
    const i = at % der.length;
    const rLength = der[3]!;
    const sStart = 4 + rLength + 2;
    return (i >= 4 && i < 4 + rLength) || (i >= sStart && i < sStart + der[sStart - 1]!);
  }

  it('a changed sign-in answer signs nobody in', async () => {
    const fields = ['clientDataJSON', 'authenticatorData', 'signature'] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), change, async (field, how) => {
        // Bytes after a signature's DER sequence are not read (found here): it stays the device's
        // own signature over the same data, which says nothing new about who signed.
        fc.pre(!(field === 'signature' && how.kind === 'append'));
        const options = await post('SignIn/Passkey/Options', '');
        const answer = device.authenticate(options.json(), ORIGIN);
        if (field === 'signature' && how.kind === 'flip') fc.pre(inRorS(answer.response.signature, how.at));
        const value = changed(answer.response[field], how);
        fc.pre(value !== answer.response[field]);
        const res = await post('SignIn/Passkey', sessionCookie(options), {
          Response: { ...answer, response: { ...answer.response, [field]: value } },
        });
        inErrorShape(res);
        expect(res.json()).toEqual({ ErrorMessage: passkeyMessages.signInFailed });
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('a changed answer to adding one is refused in the error shape, or stored as what the device made', async () => {
    const fields = ['clientDataJSON', 'attestationObject'] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), change, async (field, how) => {
        const options = await post('Passkey/Options', cookie);
        const answer = testAuthenticator().register(options.json(), ORIGIN);
        const value = changed(answer.response[field], how);
        fc.pre(value !== answer.response[field]);
        const res = await post('Passkey', sessionCookie(options), {
          Response: { ...answer, response: { ...answer.response, [field]: value } },
        });
        inErrorShape(res);
        // A bit of the public key's coordinates may change unseen (nothing signs it in "none"
        // attestation); such a passkey signs nobody in, as its key is not the device's.
        if (res.statusCode !== 201) expect(res.json()).toEqual({ ErrorMessage: passkeyMessages.addFailed });
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
