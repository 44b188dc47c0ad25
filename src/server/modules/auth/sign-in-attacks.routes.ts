import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SignInAttacks, SignInAttacksSchema } from '../../../domain/sign-in-attacks.schema.js';
import { adminErrors } from '../../lib/route-schemas.js';

const TOP_ACCOUNTS = 10;

/** Staff see attacks on the sign-in: what the throttle recorded (decision 021). */
export async function signInAttackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/SignInAttacks',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['Sign-in'],
        summary: 'Failed and blocked sign-ins per hour for the last 24 hours, and the accounts most tried',
        response: { 200: SignInAttacksSchema, ...adminErrors },
      },
    },
    async (): Promise<SignInAttacks> => {
      const report = await app.loginThrottle.stats.report(app.now(), TOP_ACCOUNTS);
      return {
        Hours: report.hours.map((h) => ({
          Hour: h.hour.toISOString(),
          Failed: h.failed,
          Blocked: h.blocked,
        })),
        Accounts: report.accounts.map(({ account, failed }) => {
          const [kind, ...name] = account.split(':');
          return { Kind: kind === 'admin' ? 'admin' : 'customer', Account: name.join(':'), Failed: failed };
        }),
        AccountsWithFailures: report.accountsWithFailures,
      };
    },
  );
}
