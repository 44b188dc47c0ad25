import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../domain/auth.schema.js';
import { deviceName } from '../../../domain/device-name.js';
import { passkeyMessages } from '../../../domain/passkeys.js';
import {
  AddPasskeySchema,
  AuthenticationOptionsSchema,
  PasskeySchema,
  PasskeySignInSchema,
  RegistrationOptionsSchema,
} from '../../../domain/passkeys.schema.js';
import { PersonSignedInSchema } from '../../../domain/people.schema.js';
import { forbidden, HttpError, notFound } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import type { PersonRow } from '../../plugins/auth.js';
import { personAccount, signInRateLimit, signIns } from '../auth/sign-in.js';
import { giveChallenge, takeChallenge } from './passkey-challenge.js';
import {
  authenticationOptions,
  findPasskey,
  passkeysOf,
  registrationOptions,
  relyingParty,
  removePasskey,
  savePasskey,
  takePasskeyUse,
  toPasskey,
  verifyNewPasskey,
  verifyPasskeySignIn,
} from './passkeys.service.js';
import { venuesOf } from './people.service.js';
import { newSignInMail, sendWithRetries } from './people-mail.js';

const noContent = z.null().describe('Done');

/**
 * Passkeys (design.md 8.2, decision 069): a person signed in adds one, lists and removes theirs,
 * and signs in with one without typing their email. The shared sign-in and staff have no
 * passkeys: 403.
 */
export async function passkeyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signIn = signIns(app);
  const rp = relyingParty(app.config.publicUrl);
  const venueCaller = app.requireRole('customer');

  /** The person calling; the shared sign-in (a venue's caller, but nobody's) gets 403. */
  const personOf = (request: FastifyRequest): PersonRow => {
    const p = request.principal;
    if (p?.role !== 'customer' || !p.person) throw forbidden(passkeyMessages.peopleOnly);
    return p.person;
  };

  r.post(
    '/Passkey/Options',
    {
      onRequest: venueCaller,
      schema: {
        tags: ['Passkeys'],
        summary: "Options for adding a passkey (the person's own; the challenge good for 5 minutes)",
        response: { 200: RegistrationOptionsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const person = personOf(request);
      const existing = await passkeysOf(app.db, person.id);
      const options = await registrationOptions(rp, app.config.sessionSecrets[0], person, existing);
      giveChallenge(request, options.challenge, 'add', person.id, app.now());
      reply.header('cache-control', 'no-store');
      return options;
    },
  );

  r.post(
    '/Passkey',
    {
      onRequest: venueCaller,
      schema: {
        tags: ['Passkeys'],
        summary: "Adds the passkey the browser made with the options' challenge",
        body: AddPasskeySchema,
        response: { 201: PasskeySchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const person = personOf(request);
      const now = app.now();
      const challenge = takeChallenge(request, 'add', now);
      const verified =
        challenge?.personId === person.id
          ? await verifyNewPasskey(rp, request.body.Response, challenge.challenge)
          : null;
      const device = deviceName(request.headers['user-agent']);
      const saved = verified && (await savePasskey(app.db, person.id, verified, device, now));
      if (!saved) throw new HttpError(422, passkeyMessages.addFailed);
      return reply.code(201).send(toPasskey(saved));
    },
  );

  r.get(
    '/Passkeys',
    {
      onRequest: venueCaller,
      schema: {
        tags: ['Passkeys'],
        summary: "The person's passkeys, in the order they were added",
        response: { 200: z.array(PasskeySchema), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const person = personOf(request);
      reply.header('cache-control', 'no-store');
      return (await passkeysOf(app.db, person.id)).map(toPasskey);
    },
  );

  r.delete(
    '/Passkey/:id',
    {
      onRequest: venueCaller,
      schema: {
        tags: ['Passkeys'],
        summary: "Removes one of the person's passkeys: it signs nobody in again",
        params: z.object({ id: z.string().max(1400) }),
        response: { 204: noContent, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const person = personOf(request);
      if (!(await removePasskey(app.db, person.id, request.params.id))) throw notFound('Passkey');
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/SignIn/Passkey/Options',
    {
      config: { rateLimit: signInRateLimit },
      schema: {
        tags: ['Sign-in'],
        summary: 'Options for signing in with a passkey (any of the site; the challenge good for 5 minutes)',
        response: { 200: AuthenticationOptionsSchema },
      },
    },
    async (request, reply) => {
      const options = await authenticationOptions(rp);
      giveChallenge(request, options.challenge, 'signIn', null, app.now());
      reply.header('cache-control', 'no-store');
      return options;
    },
  );

  r.post(
    '/SignIn/Passkey',
    {
      config: { rateLimit: signInRateLimit },
      schema: {
        tags: ['Sign-in'],
        summary: "Signs in with a passkey, at the person's first venue; answers as SignIn/Person",
        body: PasskeySignInSchema,
        response: { 200: PersonSignedInSchema, ...errorResponses(401, 422), 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { Response } = request.body;
      const challenge = takeChallenge(request, 'signIn', app.now());
      const found = await findPasskey(app.db, Response.id);
      // Counted under the person, as their code sign-in is; a passkey nobody has, on its own key.
      const account = found
        ? personAccount(found.person.email)
        : `passkey:${createHash('sha256').update(Response.id).digest('base64url').slice(0, 22)}`;
      const result = await signIn.passkey(request, reply, account, async () => {
        if (!challenge || !found) return null;
        const counter = await verifyPasskeySignIn(rp, Response, challenge.challenge, found.passkey);
        if (counter === null) return null;
        // Access removed everywhere: the passkey stays theirs, but signs them in nowhere.
        const venues = await venuesOf(app.db, found.person.id);
        if (venues.length === 0) return null;
        if (!(await takePasskeyUse(app.db, found.passkey.id, counter, challenge.issuedAt, app.now())))
          return null;
        return { id: found.person.id, person: found.person, venues };
      });
      if (!result.ok) throw new HttpError(result.status, result.message);
      const { person, venues } = result.account;
      if (result.newDevice)
        app.background(
          sendWithRetries(
            app.mailer,
            newSignInMail(
              person,
              deviceName(request.headers['user-agent']),
              app.now(),
              app.config.businessTz,
            ),
            request.log,
          ),
        );
      return reply.send({
        Person: { Id: person.id, Name: person.name, Email: person.email },
        Venues: venues,
      });
    },
  );
}
