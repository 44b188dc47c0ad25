import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  adminLoginMessages,
  customerLoginMessages,
  tooManyAttemptsMessage,
} from '../../../domain/auth.schema.js';
import { deviceName } from '../../../domain/device-name.js';
import { passkeyMessages } from '../../../domain/passkeys.js';
import type { Venue } from '../../../domain/people.schema.js';
import { emailKey, normalizeCode, personSignInMessages } from '../../../domain/sign-in-code.js';
import { normalizeUserName } from '../../../domain/user-name.js';
import type { AdminUserRow, CustomerRow, PersonRow } from '../../plugins/auth.js';
import { findPersonByEmail, venuesOf } from '../people/people.service.js';
import { newSignInMail, sendWithRetries } from '../people/people-mail.js';
import { spendCode } from '../people/sign-in-code.service.js';
import { findCustomerForLogin, verifyAdmin } from './auth.service.js';
import { deviceCookies } from './device-cookie.js';
import { type SessionOwner, startSession as startSessionRow } from './sessions.service.js';

export type SignInResult<T> =
  | { ok: true; account: T; newDevice: boolean }
  | { ok: false; status: 401 | 429; message: string };

/** A person who signed in, with the venues they may pick from. */
export interface PersonSignIn {
  id: number;
  person: PersonRow;
  venues: Venue[];
}

/**
 * The sign-ins, for the API's calls and the login pages' form posts alike (issue 34): the
 * failure counts and lockouts (login-throttle.ts), then a new session cookie.
 */
export function signIns(app: FastifyInstance) {
  const devices = deviceCookies(app.config.sessionSecrets);

  async function attempt<T extends { id: number }>(
    request: FastifyRequest,
    reply: FastifyReply,
    account: string,
    find: () => Promise<T | null | undefined>,
    owner: (found: T) => SessionOwner,
    failed: string,
    refused?: (found: T) => string | null,
  ): Promise<SignInResult<T>> {
    const device = devices.verify(request, account);
    const result = await app.loginThrottle.attempt(request.ip, account, find, { at: app.now(), device });
    if (result.blocked) return { ok: false, status: 429, message: tooManyAttemptsMessage };
    const found = result.found;
    if (!found) {
      request.log.info({ account }, 'sign-in failed');
      return { ok: false, status: 401, message: failed };
    }
    // The right credential for a sign-in that is closed (the shared one, turned off): no session.
    const refusal = refused?.(found);
    if (refusal) return { ok: false, status: 401, message: refusal };
    await startSession(app, request, owner(found));
    devices.set(request, reply, account, app.now().getTime());
    return { ok: true, account: found, newDevice: device === undefined };
  }

  /** A person's session starts at their first venue by name. */
  const atFirstVenue = (p: PersonSignIn): SessionOwner => ({
    role: 'person',
    personId: p.id,
    customerId: p.venues[0]!.CustomerId,
  });

  /** "New sign-in" for a browser this person has not signed in on before (no device cookie). */
  function mailIfNewDevice(request: FastifyRequest, result: SignInResult<PersonSignIn>) {
    if (result.ok && result.newDevice) {
      const { person } = result.account;
      const device = deviceName(request.headers['user-agent']);
      app.background(
        sendWithRetries(
          app.mailer,
          newSignInMail(person, device, app.now(), app.config.businessTz),
          request.log,
        ),
      );
    }
    return result;
  }

  /** The person the email names, with their venues; nobody without a venue signs in. */
  async function personWithVenues(email: string): Promise<PersonSignIn | null> {
    const person = await findPersonByEmail(app.db, email);
    if (!person) return null;
    const venues = await venuesOf(app.db, person.id);
    return venues.length > 0 ? { id: person.id, person, venues } : null;
  }

  return {
    customer: (request: FastifyRequest, reply: FastifyReply, companyId: number, zipcode: number) =>
      attempt<CustomerRow>(
        request,
        reply,
        `customer:${companyId}`,
        () => findCustomerForLogin(app.db, companyId, zipcode),
        (c) => ({ role: 'customer', customerId: c.id }),
        customerLoginMessages.failed,
        (c) => (c.sharedSignIn ? null : personSignInMessages.sharedOff),
      ),
    /**
     * A person's sign-in by mailed code (design.md 8.2): counted per email and per address like
     * the others, and the code's own 5 tries besides. The session starts at their first venue.
     */
    person: async (request: FastifyRequest, reply: FastifyReply, email: string, code: string) => {
      const result = await attempt<PersonSignIn>(
        request,
        reply,
        personAccount(email),
        async () => {
          const digits = normalizeCode(code);
          if (!digits || !(await spendCode(app.db, app.config.sessionSecrets, email, digits, app.now())))
            return null;
          return personWithVenues(email);
        },
        atFirstVenue,
        personSignInMessages.failed,
      );
      return mailIfNewDevice(request, result);
    },
    /**
     * A person's sign-in with a passkey (decision 069): `check` verifies it. `account` is the
     * person's own (`person:{email}`) once the passkey names them, so both ways of signing in
     * share one count and one device cookie; an unknown passkey is counted on its own.
     */
    passkey: async (
      request: FastifyRequest,
      reply: FastifyReply,
      account: string,
      check: () => Promise<PersonSignIn | null>,
    ) =>
      mailIfNewDevice(
        request,
        await attempt<PersonSignIn>(
          request,
          reply,
          account,
          check,
          atFirstVenue,
          passkeyMessages.signInFailed,
        ),
      ),
    admin: (request: FastifyRequest, reply: FastifyReply, user: string, password: string) =>
      attempt<AdminUserRow>(
        request,
        reply,
        // One count per account however its name is typed (full-width letters are the same name).
        `admin:${normalizeUserName(user).toLowerCase()}`,
        () => verifyAdmin(app.db, user, password),
        (u) => ({ role: 'admin', userId: u.id }),
        adminLoginMessages.failed,
      ),
  };
}

/**
 * A new session for this device: a row of its own (decision 066) and a new cookie naming it (no
 * fixation), Secure when the request came over HTTPS (the session plugin's `secure: 'auto'`).
 */
export async function startSession(app: FastifyInstance, request: FastifyRequest, owner: SessionOwner) {
  const sid = await startSessionRow(app.db, owner, deviceName(request.headers['user-agent']), app.now());
  request.session.regenerate();
  // A person's cookie names the person only: which venue the session is at lives in its row.
  request.session.set(
    'principal',
    owner.role === 'person' ? { sid, role: 'person', personId: owner.personId } : { ...owner, sid },
  );
}

/** The key a person's sign-ins are counted under, whichever way they sign in. */
export const personAccount = (email: string) => `person:${emailKey(email)}`;

/** Any address, right or wrong credentials: a ceiling against scripted floods. */
export const signInRateLimit = { max: 120, timeWindow: '1 minute' };
