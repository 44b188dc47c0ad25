import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangeRoleSchema,
  InvitePersonSchema,
  SharedSignInSchema,
  VenuePersonSchema,
} from '../../../domain/people.schema.js';
import { customers } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { errorResponses, idParam, idParams } from '../../lib/route-schemas.js';
import { assertCustomerAccess } from '../../plugins/auth.js';
import { auditActor, recordAudit } from '../audit/audit.js';
import { invitationTokens } from './invitation-token.js';
import { changeRole, invitePerson, peopleOf, removePerson, toPerson } from './people.service.js';
import { invitationMail, sendWithRetries } from './people-mail.js';

const noContent = z.null().describe('Done');

/**
 * A venue's people (design.md 8.2, decision 068): who has access with which role, invitations,
 * role changes, removals, and the venue's shared sign-in. The sign-in itself is in
 * person-sign-in.routes.ts.
 */
export async function peopleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tokens = invitationTokens(app.config.sessionSecrets);
  const customerOrAdmin = app.requireRole('customer', 'admin');
  const signInUrl = `${app.config.publicUrl}/user/login`;

  const venueParams = idParams('Customer');
  const personParams = z.object({ id: idParam('Customer'), personId: idParam('Person') });

  r.get(
    '/Customer/:id/People',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags: ['People'],
        summary: 'Who has access to the venue, with their roles (its Owner, staff)',
        params: venueParams,
        response: { 200: z.array(VenuePersonSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await existingVenue(request, request.params.id);
      reply.header('cache-control', 'no-store');
      return peopleOf(app.db, request.params.id);
    },
  );

  r.post(
    '/Customer/:id/People',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags: ['People'],
        summary: 'Gives a person a role at the venue and mails them a sign-in link (7 days, once)',
        params: venueParams,
        body: InvitePersonSchema,
        response: { 201: VenuePersonSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const venue = await existingVenue(request, request.params.id);
      const p = request.principal!;
      const staff = p.role === 'admin' ? auditActor(p, app.now) : null;
      const invitedBy = p.role === 'admin' ? p.user.name || p.user.userName : (p.person?.name ?? venue.name);
      const now = app.now();
      const invited = await invitePerson(app.db, venue.id, request.body, invitedBy, now, staff);
      const link = `${app.config.publicUrl}/invite/${tokens.sign(invited.invitationId, invited.expiresAt)}`;
      app.background(
        sendWithRetries(
          app.mailer,
          invitationMail(invited.person, venue.name, request.body.Role, invitedBy, link, signInUrl, now),
          request.log,
        ),
      );
      return reply.code(201).send({ ...toPerson(invited.person), Role: request.body.Role });
    },
  );

  r.put(
    '/Customer/:id/People/:personId',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags: ['People'],
        summary: "Changes a person's role at the venue",
        params: personParams,
        body: ChangeRoleSchema,
        response: { 204: noContent, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const venue = await existingVenue(request, request.params.id);
      const p = request.principal!;
      const staff = p.role === 'admin' ? auditActor(p, app.now) : null;
      await changeRole(app.db, venue.id, request.params.personId, request.body.Role, staff);
      return reply.code(204).send(null);
    },
  );

  r.delete(
    '/Customer/:id/People/:personId',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags: ['People'],
        summary: "Removes a person's access to the venue; their sessions there end",
        params: personParams,
        response: { 204: noContent, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const venue = await existingVenue(request, request.params.id);
      const p = request.principal!;
      const staff = p.role === 'admin' ? auditActor(p, app.now) : null;
      await removePerson(app.db, venue.id, request.params.personId, staff);
      return reply.code(204).send(null);
    },
  );

  r.put(
    '/Customer/:id/SharedSignIn',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags: ['People'],
        summary: 'Turns the shared sign-in (customer number and zip code) off or on',
        params: venueParams,
        body: SharedSignInSchema,
        response: { 200: SharedSignInSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const venue = await existingVenue(request, request.params.id);
      const p = request.principal!;
      const on = request.body.SharedSignIn;
      await app.db.transaction(async (tx) => {
        // Turned off, the shared sign-in's sessions end at once (a trigger, decision 068).
        await tx.update(customers).set({ sharedSignIn: on }).where(eq(customers.id, venue.id));
        if (p.role === 'admin' && venue.sharedSignIn !== on)
          await recordAudit(tx, auditActor(p, app.now), {
            action: 'Update',
            entity: 'Customer',
            entityId: venue.id,
            summary: `Shared sign-in ${on ? 'on' : 'off'} for ${venue.companyId} ${venue.name}`,
            changes: [{ Field: 'SharedSignIn', Before: venue.sharedSignIn, After: on }],
          });
      });
      return { SharedSignIn: on };
    },
  );

  /** The venue of a People route: the caller's own (or any, for staff), else 404. */
  async function existingVenue(request: FastifyRequest, id: number) {
    assertCustomerAccess(request, id, 'Customer');
    const [venue] = await app.db.select().from(customers).where(eq(customers.id, id)).limit(1);
    if (!venue) throw notFound('Customer');
    return venue;
  }
}
