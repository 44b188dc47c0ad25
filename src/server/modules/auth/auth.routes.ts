import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminLoginSchema,
  CustomerLoginSchema,
  SessionCustomerSchema,
  SessionSchema,
  SessionUserSchema,
} from '../../../domain/auth.schema.js';
import { HttpError } from '../../lib/http-error.js';
import { endSessions, toSessionCustomer, toSessionUser } from './auth.service.js';
import { signInRateLimit, signIns } from './sign-in.js';

const ErrorBody = z.object({
  ErrorMessage: z.string(),
  Errors: z.array(z.object({ Field: z.string(), Message: z.string() })).optional(),
});

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signIn = signIns(app);

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
      const result = await signIn.customer(request, reply, CompanyId, Zipcode);
      if (!result.ok) throw new HttpError(result.status, result.message);
      return reply.send(toSessionCustomer(result.account));
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
      const result = await signIn.admin(request, reply, User, Password);
      if (!result.ok) throw new HttpError(result.status, result.message);
      return reply.send(toSessionUser(result.account));
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
