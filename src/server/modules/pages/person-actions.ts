import type { FastifyInstance } from 'fastify';
import { data, redirect } from 'react-router';
import { emailError } from '../../../domain/order-fields.js';
import { peopleMessages } from '../../../domain/people.schema.js';
import { personSignInMessages } from '../../../domain/sign-in-code.js';
import type * as Web from '../../../web/entry-server.js';
import type { LoginActionData } from '../../../web/entry-server.js';
import { moveSession } from '../auth/sessions.service.js';
import { signIns, startSession } from '../auth/sign-in.js';
import { invitationTokens } from '../people/invitation-token.js';
import { acceptInvitation, venuesOf } from '../people/people.service.js';
import { mailSignInCode } from '../people/person-sign-in.routes.js';
import { contextOf, type ServerRoute } from './page-context.js';

/**
 * The form posts of a person's pages (design.md 8.2), so that what someone types or taps before
 * the scripts run is not lost, and the pages work without them: the email and its code, the
 * invitation's Accept, and the venue picked. Each answers as the API does, with a 303 onwards.
 */
export function personActions(app: FastifyInstance, web: typeof Web): Record<string, ServerRoute> {
  const signIn = signIns(app);
  const tokens = invitationTokens(app.config.sessionSecrets);
  const { paths } = web;
  /** Where a signed-in person goes: the venue picker when they have several, else where they were going. */
  const onwards = (url: string, venues: number) => {
    const to = web.safeReturnTo(new URL(url).searchParams.get('returnTo'), ['/order'], paths.orderHome);
    return redirect(venues > 1 ? web.loginPath(paths.venuePick, to) : to, 303);
  };

  return {
    'person-login': {
      action: async (args) => {
        const ctx = contextOf(args);
        const form = await args.request.formData();
        const field = (name: string) => {
          const v = form.get(name);
          return typeof v === 'string' ? v.trim() : '';
        };
        const Email = field('Email');
        const invalid = Email === '' ? personSignInMessages.email : emailError(Email);
        if (invalid)
          return data<LoginActionData>({ Values: { Email }, Errors: { Email: invalid } }, { status: 422 });
        if (!form.has('Code')) {
          mailSignInCode(app, ctx.request, Email);
          return data<LoginActionData>({ Values: { Email }, Sent: Email });
        }
        const result = await signIn.person(ctx.request, ctx.reply, Email, field('Code'));
        if (!result.ok)
          return data<LoginActionData>(
            { Values: { Email }, Sent: Email, Message: result.message },
            { status: result.status },
          );
        return onwards(args.request.url, result.account.venues.length);
      },
    },
    invitation: {
      action: async (args) => {
        const ctx = contextOf(args);
        const id = tokens.verify(String(args.params.token ?? ''), app.now());
        const accepted = id === null ? null : await acceptInvitation(app.db, id, app.now());
        if (!accepted)
          return data<LoginActionData>(
            { Values: {}, Message: peopleMessages.invitationInvalid },
            { status: 401 },
          );
        await startSession(app, ctx.request, {
          role: 'person',
          personId: accepted.person.id,
          customerId: accepted.customerId,
        });
        return redirect(paths.orderHome, 303);
      },
    },
    'venue-pick': {
      action: async (args) => {
        const ctx = contextOf(args);
        const p = ctx.principal;
        const form = await args.request.formData();
        const customerId = Number(form.get('CustomerId'));
        const person = p?.role === 'customer' ? p.person : null;
        if (!p || !person) return redirect(paths.personLogin, 303);
        const venues = await venuesOf(app.db, person.id);
        if (venues.some((v) => v.CustomerId === customerId))
          await moveSession(app.db, p.sessionId, person.id, customerId);
        return onwards(args.request.url, 1);
      },
    },
  };
}
