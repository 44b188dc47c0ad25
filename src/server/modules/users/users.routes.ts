import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserSaveSchema, UserSchema } from '../../../domain/user.schema.js';
import { adminErrors, errorResponses, idParams } from '../../lib/route-schemas.js';
import { auditActor } from '../audit/audit.js';
import { startSession } from '../auth/sign-in.js';
import { deleteUser, getUser, listUsers, saveUser } from './users.service.js';

const tags = ['Users'];

/** The signed-in admin's id; the guard has run, so there is one. */
function actingUserId(request: FastifyRequest): number {
  const p = request.principal;
  if (p?.role !== 'admin') throw new Error('unreachable: guarded route');
  return p.user.id;
}

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Guards run onRequest, before the body is read: nobody gets 401, not a 422 for a body they may not send.
  const admin = app.requireRole('admin');

  r.get(
    '/Users',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'All staff users, sorted by UserName',
        response: { 200: z.array(UserSchema), ...adminErrors },
      },
    },
    async () => listUsers(app.db),
  );

  r.get(
    '/User/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'One staff user',
        params: idParams('User'),
        response: { 200: UserSchema, ...adminErrors, ...errorResponses(400, 404) },
      },
    },
    async (request) => getUser(app.db, request.params.id),
  );

  r.post(
    '/User',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Creates (Id 0 or absent, Password required) or updates a staff user; a Password resets it',
        body: UserSaveSchema,
        response: { 200: UserSchema, 201: UserSchema, ...adminErrors, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) => {
      const acting = actingUserId(request);
      const { user, created } = await saveUser(
        app.db,
        request.body,
        acting,
        auditActor(request.principal, app.now),
      );
      // A new password ends the user's sessions (decision 066); an admin who set their own
      // continues on this device in a new one.
      if (user.Id === acting && request.body.Password)
        await startSession(app, request, { role: 'admin', userId: acting });
      return reply.code(created ? 201 : 200).send(user);
    },
  );

  r.delete(
    '/User/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Deletes a staff user (not oneself)',
        params: idParams('User'),
        response: { 204: z.null().describe('Deleted'), ...adminErrors, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteUser(
        app.db,
        request.params.id,
        actingUserId(request),
        auditActor(request.principal, app.now),
      );
      return reply.code(204).send(null);
    },
  );
}
