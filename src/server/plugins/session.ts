import { createHash } from 'node:crypto';
import secureSession from '@fastify/secure-session';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What the encrypted session cookie carries: who signed in, and the account's session version
 * at sign-in (`v`). Raising the version in the database ends every earlier session of that
 * account on every process (decision 022). A cookie from before versions had none reads as 0.
 */
export type SessionPrincipal =
  | { role: 'customer'; customerId: number; v?: number }
  | { role: 'admin'; userId: number; v?: number };

declare module '@fastify/secure-session' {
  interface SessionData {
    principal: SessionPrincipal;
  }
}

export const SESSION_COOKIE = 'bev_session';
/** A signed-in session lasts a working day; signing in again renews it. */
export const SESSION_SECONDS = 12 * 60 * 60;

/**
 * Sessions are encrypted cookies (libsodium secretbox) so that any process with the same
 * SESSION_SECRET can read them: the server keeps no session state (design.md section 1).
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { secret: string }) => {
  await app.register(secureSession, {
    cookieName: SESSION_COOKIE,
    // secretbox needs exactly 32 bytes; SESSION_SECRET is any string of 32 characters or more.
    key: createHash('sha256').update(opts.secret).digest(),
    expiry: SESSION_SECONDS,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', maxAge: SESSION_SECONDS },
  });
});
