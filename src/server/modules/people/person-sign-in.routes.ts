import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, SessionSchema } from '../../../domain/auth.schema.js';
import {
  AcceptInvitationSchema,
  PersonSignedInSchema,
  PickVenueSchema,
  peopleMessages,
  SignInCodeSchema,
  SignInPersonSchema,
} from '../../../domain/people.schema.js';
import { CODE_TTL_MS, emailKey } from '../../../domain/sign-in-code.js';
import { signInCodes } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { sessionOf } from '../auth/auth.service.js';
import { moveSession } from '../auth/sessions.service.js';
import { signInRateLimit, signIns, startSession } from '../auth/sign-in.js';
import { invitationTokens } from './invitation-token.js';
import { acceptInvitation, findPersonByEmail, toPerson, venuesOf } from './people.service.js';
import { codeMail, sendWithRetries } from './people-mail.js';
import { issueCode } from './sign-in-code.service.js';

/** A new code for an email is mailed at most once in this long: no mail bombs through the form. */
export const CODE_RESEND_MS = 30_000;

/**
 * POST SignIn/Code's work, for the API and the sign-in page's form post alike. The caller answers
 * before anything is looked up, so neither the answer nor its time tells whether the email is
 * known: the code is made and mailed in the background, for a person with a venue only.
 */
export function mailSignInCode(app: FastifyInstance, request: FastifyRequest, email: string): void {
  const now = app.now();
  app.background(
    (async () => {
      const person = await findPersonByEmail(app.db, email);
      if (!person || (await venuesOf(app.db, person.id)).length === 0) return;
      const [recent] = await app.db
        .select({ email: signInCodes.email })
        .from(signInCodes)
        .where(
          and(
            eq(signInCodes.email, emailKey(email)),
            gt(signInCodes.expiresAt, new Date(now.getTime() + CODE_TTL_MS - CODE_RESEND_MS)),
          ),
        );
      if (recent) return;
      const code = await issueCode(app.db, app.config.sessionSecrets[0], email, now);
      await sendWithRetries(app.mailer, codeMail(person, code, now), request.log);
    })().catch((err) => request.log.error({ err }, 'sign-in code not sent')),
  );
}

const noContent = z.null().describe('Done');

/**
 * A person's own sign-in (design.md 8.2, decision 068): a code by mail, an invitation's link,
 * and moving the session to another of their venues.
 */
export async function personSignInRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signIn = signIns(app);
  const tokens = invitationTokens(app.config.sessionSecrets);
  const customerOrAdmin = app.requireRole('customer', 'admin');

  r.post(
    '/SignIn/Code',
    {
      config: { rateLimit: signInRateLimit },
      schema: {
        tags: ['Sign-in'],
        summary: 'Mails a one-time sign-in code; 202 whether the email is known or not',
        body: SignInCodeSchema,
        response: { 202: noContent, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      mailSignInCode(app, request, request.body.Email);
      return reply.code(202).send(null);
    },
  );

  r.post(
    '/SignIn/Person',
    {
      config: { rateLimit: signInRateLimit },
      schema: {
        tags: ['Sign-in'],
        summary: "A person's sign-in with the mailed code",
        body: SignInPersonSchema,
        response: { 200: PersonSignedInSchema, ...errorResponses(401, 422), 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await signIn.person(request, reply, request.body.Email, request.body.Code);
      if (!result.ok) throw new HttpError(result.status, result.message);
      return reply.send({ Person: toPerson(result.account.person), Venues: result.account.venues });
    },
  );

  r.post(
    '/Invitation/Accept',
    {
      config: { rateLimit: signInRateLimit },
      schema: {
        tags: ['Sign-in'],
        summary: "Signs in with an invitation's link: once, within 7 days",
        body: AcceptInvitationSchema,
        response: { 200: PersonSignedInSchema, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const id = tokens.verify(request.body.Token, app.now());
      const accepted = id === null ? null : await acceptInvitation(app.db, id, app.now());
      if (!accepted) throw new HttpError(401, peopleMessages.invitationInvalid);
      await startSession(app, request, {
        role: 'person',
        personId: accepted.person.id,
        customerId: accepted.customerId,
      });
      return reply.send({
        Person: toPerson(accepted.person),
        Venues: await venuesOf(app.db, accepted.person.id),
      });
    },
  );

  r.post(
    '/Session/Venue',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags: ['Sign-in'],
        summary: "Moves the person's session to another of their venues; 404 for a venue not theirs",
        body: PickVenueSchema,
        response: { 200: SessionSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const p = request.principal!;
      const person = p.role === 'customer' ? p.person : null;
      const venues = person ? await venuesOf(app.db, person.id) : [];
      if (!person || !venues.some((v) => v.CustomerId === request.body.CustomerId)) throw notFound('Venue');
      await moveSession(app.db, p.sessionId, person.id, request.body.CustomerId);
      request.principal = undefined;
      return sessionOf(app.db, await app.loadPrincipal(request));
    },
  );
}
