import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminLoginSchema,
  CustomerLoginSchema,
  DeviceSessionSchema,
  SessionCustomerSchema,
  SessionSchema,
  SessionUserSchema,
} from '../../../domain/auth.schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import type { Principal } from '../../plugins/auth.js';
import { sessionOf, toSessionCustomer, toSessionUser } from './auth.service.js';
import { endSession, endSessionsOf, listSessions, type SessionOwner } from './sessions.service.js';
import { signInRateLimit, signIns } from './sign-in.js';

const ErrorBody = z.object({
  ErrorMessage: z.string(),
  Errors: z.array(z.object({ Field: z.string(), Message: z.string() })).optional(),
});

const noContent = z.null().describe('Done');

/** Whose sessions a caller's are: the shared sign-in's customer, or the staff user. */
export const ownerOf = (p: Principal): SessionOwner =>
  p.role === 'admin'
    ? { role: 'admin', userId: p.user.id }
    : p.person
      ? { role: 'person', personId: p.person.id, customerId: p.customer.id }
      : { role: 'customer', customerId: p.customer.id };

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signIn = signIns(app);
  const signedIn = app.requireRole('customer', 'admin');

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
    { schema: { tags: ['Sign-in'], summary: "Ends this device's session", response: { 204: noContent } } },
    async (request, reply) => {
      // Only this device (decision 066); the account's other devices stay signed in. A cookie
      // whose session has already ended ends nothing.
      const p = await app.loadPrincipal(request);
      if (p) await endSession(app.db, ownerOf(p), p.sessionId);
      request.session.delete();
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/Logout/Everywhere',
    {
      onRequest: signedIn,
      schema: {
        tags: ['Sign-in'],
        summary: 'Ends every session of the caller: the staff user, or every device of the shared sign-in',
        response: { 204: noContent, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await endSessionsOf(app.db, ownerOf(request.principal!));
      request.session.delete();
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/Sessions',
    {
      onRequest: signedIn,
      schema: {
        tags: ['Sign-in'],
        summary: "The caller's signed-in devices: this one first, then the most recently seen",
        response: { 200: z.array(DeviceSessionSchema), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const p = request.principal!;
      reply.header('cache-control', 'no-store');
      return listSessions(app.db, ownerOf(p), p.sessionId, app.now());
    },
  );

  r.delete(
    '/Session/:id',
    {
      onRequest: signedIn,
      schema: {
        tags: ['Sign-in'],
        summary: "Ends one of the caller's sessions (this device's too)",
        params: z.object({ id: z.string().max(64) }),
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const p = request.principal!;
      if (!(await endSession(app.db, ownerOf(p), request.params.id))) throw notFound('Session');
      if (request.params.id === p.sessionId) request.session.delete();
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/Session',
    { schema: { tags: ['Sign-in'], summary: 'Who is signed in', response: { 200: SessionSchema } } },
    async (request, reply) => {
      const p = await app.loadPrincipal(request);
      reply.header('cache-control', 'no-store');
      return sessionOf(app.db, p);
    },
  );
}
