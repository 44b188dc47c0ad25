import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  adminLoginMessages,
  customerLoginMessages,
  tooManyAttemptsMessage,
} from '../../../domain/auth.schema.js';
import { normalizeUserName } from '../../../domain/user-name.js';
import type { AdminUserRow, CustomerRow } from '../../plugins/auth.js';
import type { SessionPrincipal } from '../../plugins/session.js';
import { findCustomerForLogin, verifyAdmin } from './auth.service.js';
import { deviceCookies } from './device-cookie.js';

export type SignInResult<T> = { ok: true; account: T } | { ok: false; status: 401 | 429; message: string };

/**
 * The two sign-ins, for the API's calls and the login pages' form posts alike (issue 34): the
 * failure counts and lockouts (login-throttle.ts), then a new session cookie.
 */
export function signIns(app: FastifyInstance) {
  const devices = deviceCookies(app.config.sessionSecret);

  async function attempt<T extends { id: number; sessionVersion: number }>(
    request: FastifyRequest,
    reply: FastifyReply,
    account: string,
    find: () => Promise<T | null | undefined>,
    principal: (found: T) => SessionPrincipal,
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
    startSession(request, principal(found));
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
        (c) => ({ role: 'customer', customerId: c.id, v: c.sessionVersion }),
        customerLoginMessages.failed,
      ),
    admin: (request: FastifyRequest, reply: FastifyReply, user: string, password: string) =>
      attempt<AdminUserRow>(
        request,
        reply,
        // One count per account however its name is typed (full-width letters are the same name).
        `admin:${normalizeUserName(user).toLowerCase()}`,
        () => verifyAdmin(app.db, user, password),
        (u) => ({ role: 'admin', userId: u.id, v: u.sessionVersion }),
        adminLoginMessages.failed,
      ),
  };
}

function startSession(request: FastifyRequest, principal: SessionPrincipal) {
  // A new cookie at every sign-in (no fixation), Secure when the request came over HTTPS.
  request.session.regenerate();
  request.session.options({ secure: request.protocol === 'https' });
  request.session.set('principal', principal);
}

/** Any address, right or wrong credentials: a ceiling against scripted floods. */
export const signInRateLimit = { max: 120, timeWindow: '1 minute' };
