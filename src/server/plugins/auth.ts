import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { adminUsers, customers } from '../db/schema.js';
import { forbidden, notFound, unauthorized } from '../lib/http-error.js';
import type { SessionPrincipal } from './session.js';

export type CustomerRow = typeof customers.$inferSelect;
export type AdminUserRow = typeof adminUsers.$inferSelect;

export type Principal = { role: 'customer'; customer: CustomerRow } | { role: 'admin'; user: AdminUserRow };

export type Role = 'customer' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, loaded and checked by a guard; undefined before a guard ran. */
    principal?: Principal | null;
  }
  interface FastifyInstance {
    /**
     * A hook that lets through only the given roles: 401 for nobody, 403 for another role.
     * Use it as `onRequest`, so that it runs before body validation: nobody learns the rules.
     */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
    /** The caller, checked against the database: an inactive or deleted account counts as nobody. */
    loadPrincipal(request: FastifyRequest): Promise<Principal | null>;
  }
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('principal', undefined);

  // Every request of a signed-in caller reads its account: prepared once, so the query is
  // not built again for each request (on PostgreSQL, parsed and planned once per connection).
  let reads: ReturnType<typeof accountReads> | undefined;

  app.decorate('loadPrincipal', async (request: FastifyRequest): Promise<Principal | null> => {
    if (request.principal !== undefined) return request.principal;
    const saved = request.session.get('principal');
    let principal: Principal | null = null;
    reads ??= accountReads(app.db);
    if (saved?.role === 'customer') {
      const [row] = await reads.customer.execute({ id: saved.customerId });
      if (row && sessionStillValid(saved, row)) principal = { role: 'customer', customer: row };
    } else if (saved?.role === 'admin') {
      const [row] = await reads.admin.execute({ id: saved.userId });
      if (row && sessionStillValid(saved, row)) principal = { role: 'admin', user: row };
    }
    // Deactivated, deleted, logged out or given a new secret since sign-in: access ends on the
    // next request, not at cookie expiry.
    if (saved && !principal) request.session.delete();
    request.principal = principal;
    return principal;
  });

  app.decorate('requireRole', (...roles: Role[]): preHandlerAsyncHookHandler => {
    return async (request) => {
      const principal = await app.loadPrincipal(request);
      if (!principal) throw unauthorized();
      if (!roles.includes(principal.role)) throw forbidden();
    };
  });
});

function accountReads(db: Db) {
  const id = sql.placeholder('id');
  return {
    customer: db.select().from(customers).where(eq(customers.id, id)).limit(1).prepare('auth_customer'),
    admin: db.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1).prepare('auth_admin'),
  };
}

/**
 * The account read for a session is still the one that signed in: active, and its session
 * version unchanged since (logout, a new zip code or password, deactivation raise it: decision 022).
 */
export function sessionStillValid(
  saved: SessionPrincipal,
  row: { isActive: boolean; sessionVersion: number },
): boolean {
  return row.isActive && row.sessionVersion === (saved.v ?? 0);
}

/**
 * "This customer or an admin": an admin may act for any customer, a customer only for
 * themselves. Another customer's record answers 404 with the same message as an id that does
 * not exist (`what` names the thing the route looks for), so ids cannot be probed
 * (docs/security.md).
 */
export function assertCustomerAccess(request: FastifyRequest, customerId: number, what: string): void {
  const p = request.principal;
  if (!p) throw unauthorized();
  if (p.role === 'admin') return;
  if (p.customer.id !== customerId) throw notFound(what);
}
