import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { data, redirect } from 'react-router';
import { adminLoginErrors, customerLoginPageErrors } from '../../../domain/login-rules.js';
import type * as Web from '../../../web/entry-server.js';
import type { LoginActionData } from '../../../web/entry-server.js';
import { type SignInResult, signIns } from '../auth/sign-in.js';
import { contextOf, type ServerRoute } from './page-context.js';

/** What a sign-in page makes of its form: the values shown back on failure, their errors, the attempt. */
interface Posted {
  /** Never a password: these go back into the page. */
  Values: Record<string, string>;
  Errors: Record<string, string>;
  attempt: (request: FastifyRequest, reply: FastifyReply) => Promise<SignInResult<unknown>>;
}

/**
 * A sign-in page's form post (issue 34), the same for both: the spec's messages for what is
 * missing or malformed (422), the sign-in's own for wrong credentials (401) or a lockout (429),
 * and on success a 303 to where the customer or user was going, within their site.
 */
function signInAction(
  read: (field: (name: string) => string) => Posted,
  within: readonly string[],
  home: string,
  web: typeof Web,
): ServerRoute['action'] {
  return async (args) => {
    const ctx = contextOf(args);
    const form = await args.request.formData();
    const { Values, Errors, attempt } = read((name) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    });
    if (Object.keys(Errors).length > 0) return data<LoginActionData>({ Values, Errors }, { status: 422 });
    const result = await attempt(ctx.request, ctx.reply);
    if (!result.ok)
      return data<LoginActionData>({ Values, Message: result.message }, { status: result.status });
    const back = new URL(args.request.url).searchParams.get('returnTo');
    return redirect(web.safeReturnTo(back, within, home), 303);
  };
}

/** The login pages' form posts, by route id. */
export function signInActions(app: FastifyInstance, web: typeof Web): Record<string, ServerRoute> {
  const signIn = signIns(app);
  const { paths } = web;
  return {
    'customer-login': {
      action: signInAction(
        (field) => {
          const Values = { CompanyId: field('CompanyId'), Zipcode: field('Zipcode') };
          return {
            Values,
            Errors: customerLoginPageErrors(Values),
            attempt: (request, reply) =>
              signIn.customer(request, reply, Number(Values.CompanyId), Number(Values.Zipcode)),
          };
        },
        ['/order'],
        paths.orderHome,
        web,
      ),
    },
    'admin-login': {
      action: signInAction(
        (field) => {
          const User = field('User');
          const Password = field('Password');
          return {
            Values: { User },
            Errors: adminLoginErrors({ User, Password }),
            attempt: (request, reply) => signIn.admin(request, reply, User.trim(), Password),
          };
        },
        [paths.maint],
        paths.maintHome,
        web,
      ),
    },
  };
}
