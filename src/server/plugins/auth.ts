import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SHARED_SIGN_IN_ROLE, type VenueRole, venueVerdict } from '../../domain/venue-roles.js';
import type { Db } from '../db/client.js';
import { adminUsers, customers, people, sessions, venuePeople } from '../db/schema.js';
import { forbidden, notFound, unauthorized } from '../lib/http-error.js';
import { sessionLive, touchSession } from '../modules/auth/sessions.service.js';
import type { SessionPrincipal } from './session.js';

export type CustomerRow = typeof customers.$inferSelect;
export type AdminUserRow = typeof adminUsers.$inferSelect;
export type PersonRow = typeof people.$inferSelect;

/**
 * The caller, with the id of the device's session (decision 066). A caller at a venue is the
 * venue's shared sign-in (`person` null, an Orderer) or a person with their role there (decision 068).
 */
export type Principal =
  | {
      role: 'customer';
      customer: CustomerRow;
      person: PersonRow | null;
      venueRole: VenueRole;
      sessionId: string;
    }
  | { role: 'admin'; user: AdminUserRow; sessionId: string };

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
    /** The caller, checked against the database: an ended session or an inactive account counts as nobody. */
    loadPrincipal(request: FastifyRequest): Promise<Principal | null>;
  }
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('principal', undefined);

  app.decorate('loadPrincipal', async (request: FastifyRequest): Promise<Principal | null> => {
    if (request.principal !== undefined) return request.principal;
    const saved = request.session.get('principal');
    const principal = saved?.sid ? await principalOf(app.db, saved, app.now()) : null;
    // Signed out on this device or everywhere, deactivated, given a new zip code or password, or
    // a working day old: access ends on the next request, not at cookie expiry.
    if (saved && !principal) request.session.delete();
    request.principal = principal;
    return principal;
  });

  app.decorate('requireRole', (...roles: Role[]): preHandlerAsyncHookHandler => {
    return async (request) => {
      const principal = await app.loadPrincipal(request);
      if (!principal) throw unauthorized();
      if (!roles.includes(principal.role)) throw forbidden();
      if (principal.role !== 'customer') return;
      // At a venue, the caller's role decides, route by route (src/domain/venue-roles.ts).
      const route = `${request.method} ${request.routeOptions.url?.replace(API_PREFIX, '')}`;
      const verdict = venueVerdict({ kind: 'venue', role: principal.venueRole }, route);
      if (!verdict.ok) throw forbidden(verdict.status === 403 ? verdict.message : undefined);
    };
  });
});

const API_PREFIX = '/api/v1';

/**
 * The account of a live session: the session row and the account in one read, the account
 * active, the row the cookie's own and less than a working day old. Moves the row's last seen on.
 * A person's row names the venue, read with their role there: access removed, no role, no session.
 */
async function principalOf(db: Db, saved: SessionPrincipal, now: Date): Promise<Principal | null> {
  const session = eq(sessions.id, saved.sid);
  let principal: Principal | null = null;
  let seen: { startedAt: Date; lastSeenAt: Date } | undefined;
  if (saved.role === 'customer') {
    const [row] = await db
      .select({ account: customers, startedAt: sessions.startedAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .where(and(session, eq(sessions.customerId, saved.customerId), isNull(sessions.personId)))
      .limit(1);
    if (row?.account.isActive && row.account.sharedSignIn)
      principal = {
        role: 'customer',
        customer: row.account,
        person: null,
        venueRole: SHARED_SIGN_IN_ROLE,
        sessionId: saved.sid,
      };
    seen = row;
  } else if (saved.role === 'person') {
    const [row] = await db
      .select({
        account: customers,
        person: people,
        role: venuePeople.role,
        startedAt: sessions.startedAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(people, eq(people.id, sessions.personId))
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .innerJoin(
        venuePeople,
        and(eq(venuePeople.personId, sessions.personId), eq(venuePeople.customerId, sessions.customerId)),
      )
      .where(and(session, eq(sessions.personId, saved.personId)))
      .limit(1);
    if (row?.account.isActive)
      principal = {
        role: 'customer',
        customer: row.account,
        person: row.person,
        venueRole: row.role,
        sessionId: saved.sid,
      };
    seen = row;
  } else if (saved.role === 'admin') {
    const [row] = await db
      .select({ account: adminUsers, startedAt: sessions.startedAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .innerJoin(adminUsers, eq(adminUsers.id, sessions.adminUserId))
      .where(and(session, eq(sessions.adminUserId, saved.userId)))
      .limit(1);
    if (row?.account.isActive) principal = { role: 'admin', user: row.account, sessionId: saved.sid };
    seen = row;
  }
  if (!principal || !seen || !sessionLive(seen.startedAt, now)) return null;
  await touchSession(db, saved.sid, seen.lastSeenAt, now);
  return principal;
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
