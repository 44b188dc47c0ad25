import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  adminLoginMessages,
  customerLoginMessages,
  tooManyAttemptsMessage,
} from '../../../domain/auth.schema.js';
import { deviceName } from '../../../domain/device-name.js';
import { normalizeUserName } from '../../../domain/user-name.js';
import type { AdminUserRow, CustomerRow } from '../../plugins/auth.js';
import { findCustomerForLogin, verifyAdmin } from './auth.service.js';
import { deviceCookies } from './device-cookie.js';
import { type SessionOwner, startSession as startSessionRow } from './sessions.service.js';

export type SignInResult<T> = { ok: true; account: T } | { ok: false; status: 401 | 429; message: string };

/**
 * The two sign-ins, for the API's calls and the login pages' form posts alike (issue 34): the
 * failure counts and lockouts (login-throttle.ts), then a new session cookie.
 */
export function signIns(app: FastifyInstance) {
  const devices = deviceCookies(app.config.sessionSecret);

  async function attempt<T extends { id: number }>(
    request: FastifyRequest,
    reply: FastifyReply,
    account: string,
    find: () => Promise<T | null | undefined>,
    owner: (found: T) => SessionOwner,
    failed: string,
  ): Promise<SignInResult<T>> {
    const result = await app.loginThrottle.attempt(request.ip, account, find, {
      at: app.now(),
      device: devices.verify(request, account),
    });
    if (result.blocked) return { ok: false, status: 429, message: tooManyAttemptsMessage };
    const found = result.found;
    if (!found) {
      request.log.info({ account }, 'sign-in failed');
      return { ok: false, status: 401, message: failed };
    }
    await startSession(app, request, owner(found));
    devices.set(request, reply, account, app.now().getTime());
    return { ok: true, account: found };
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
 * fixation), Secure when the request came over HTTPS.
 */
export async function startSession(app: FastifyInstance, request: FastifyRequest, owner: SessionOwner) {
  const sid = await startSessionRow(app.db, owner, deviceName(request.headers['user-agent']), app.now());
  request.session.regenerate();
  request.session.options({ secure: request.protocol === 'https' });
  request.session.set('principal', { ...owner, sid });
}

/** Any address, right or wrong credentials: a ceiling against scripted floods. */
export const signInRateLimit = { max: 120, timeWindow: '1 minute' };
