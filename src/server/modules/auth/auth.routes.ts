import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminLoginSchema,
  adminLoginMessages,
  CustomerLoginSchema,
  customerLoginMessages,
  SessionCustomerSchema,
  SessionSchema,
  SessionUserSchema,
  tooManyAttemptsMessage,
} from '../../../domain/auth.schema.js';
import { normalizeUserName } from '../../../domain/user-name.js';
import { HttpError } from '../../lib/http-error.js';
import {
  endSessions,
  findCustomerForLogin,
  toSessionCustomer,
  toSessionUser,
  verifyAdmin,
} from './auth.service.js';
import { deviceCookies } from './device-cookie.js';

const ErrorBody = z.object({
  ErrorMessage: z.string(),
  Errors: z.array(z.object({ Field: z.string(), Message: z.string() })).optional(),
});

/** Any address, right or wrong credentials: a ceiling against scripted floods. */
const signInRateLimit = { max: 120, timeWindow: '1 minute' };

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const devices = deviceCookies(app.config.sessionSecret);

  r.post(
    '/Authenticate',
    {
      config: { rateLimit: signInRateLimit },
      schema: {
        tags: ['Sign-in'],
        summary: 'Customer sign-in with customer number and zip code',
        body: CustomerLoginSchema,
        response: { 200: SessionCustomerSchema, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { CompanyId, Zipcode } = request.body;
      const account = `customer:${CompanyId}`;
      const result = await app.loginThrottle.attempt(
        request.ip,
        account,
        () => findCustomerForLogin(app.db, CompanyId, Zipcode),
        { at: app.now(), device: devices.verify(request, account) },
      );
      if (result.blocked) throw new HttpError(429, tooManyAttemptsMessage);
      const customer = result.found;
      if (!customer) {
        request.log.info({ companyId: CompanyId }, 'customer sign-in failed');
        throw new HttpError(401, customerLoginMessages.failed);
      }
      startSession(request, { role: 'customer', customerId: customer.id, v: customer.sessionVersion });
      devices.set(request, reply, account, app.now().getTime());
      return reply.send(toSessionCustomer(customer));
    },
  );

  r.post(
    '/Maint/Authenticate',
    {
      config: { rateLimit: signInRateLimit },
      schema: {
        tags: ['Sign-in'],
        summary: 'Staff sign-in with user name and password',
        body: AdminLoginSchema,
        response: { 200: SessionUserSchema, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { User, Password } = request.body;
      // One count per account however its name is typed (full-width letters are the same name).
      const account = `admin:${normalizeUserName(User).toLowerCase()}`;
      const result = await app.loginThrottle.attempt(
        request.ip,
        account,
        () => verifyAdmin(app.db, User, Password),
        { at: app.now(), device: devices.verify(request, account) },
      );
      if (result.blocked) throw new HttpError(429, tooManyAttemptsMessage);
      const user = result.found;
      if (!user) {
        request.log.info({ user: User }, 'admin sign-in failed');
        throw new HttpError(401, adminLoginMessages.failed);
      }
      startSession(request, { role: 'admin', userId: user.id, v: user.sessionVersion });
      devices.set(request, reply, account, app.now().getTime());
      return reply.send(toSessionUser(user));
    },
  );

  r.post(
    '/Logout',
    { schema: { tags: ['Sign-in'], summary: 'Ends the session' } },
    async (request, reply) => {
      // Ends this session and every other of the account, here and on every process (decision
      // 022); only a session still valid may, so a cookie that has already ended cannot end the next.
      const saved = request.session.get('principal');
      if (saved && (await app.loadPrincipal(request))) await endSessions(app.db, saved);
      request.session.delete();
      return reply.code(204).send();
    },
  );

  r.get(
    '/Session',
    { schema: { tags: ['Sign-in'], summary: 'Who is signed in', response: { 200: SessionSchema } } },
    async (request, reply) => {
      const p = await app.loadPrincipal(request);
      reply.header('cache-control', 'no-store');
      return {
        Role: p?.role ?? null,
        Customer: p?.role === 'customer' ? toSessionCustomer(p.customer) : null,
        User: p?.role === 'admin' ? toSessionUser(p.user) : null,
      };
    },
  );
}

function startSession(
  request: import('fastify').FastifyRequest,
  principal: import('../../plugins/session.js').SessionPrincipal,
) {
  // A new cookie at every sign-in (no fixation), Secure when the request came over HTTPS.
  request.session.regenerate();
  request.session.options({ secure: request.protocol === 'https' });
  request.session.set('principal', principal);
}
