import { createHash } from 'node:crypto';
import secureSession from '@fastify/secure-session';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What the encrypted session cookie carries: who signed in and the id of the device's session
 * row (`sid`). A request is signed in while that row exists (decision 066); a cookie from before
 * session rows has none and is signed out.
 */
export type SessionPrincipal =
  | { sid: string; role: 'customer'; customerId: number }
  | { sid: string; role: 'admin'; userId: number }
  | { sid: string; role: 'person'; personId: number };

/**
 * The challenge of a passkey's options call (decision 069), kept in the cookie until its answer
 * comes back: for adding one (the person's) or for signing in (anyone's). Used once.
 */
export interface PasskeyChallenge {
  challenge: string;
  ceremony: 'add' | 'signIn';
  /** The person adding a passkey; null for a sign-in. */
  personId: number | null;
  /** When it was given out (the server's clock, in ms): good for 5 minutes from then. */
  issuedAt: number;
}

declare module '@fastify/secure-session' {
  interface SessionData {
    principal: SessionPrincipal;
    passkeyChallenge: PasskeyChallenge;
  }
}

export const SESSION_COOKIE = 'bev_session';
/** A signed-in session lasts a working day from sign-in; signing in again starts a new one. */
export const SESSION_SECONDS = 12 * 60 * 60;

/**
 * The cookie is encrypted (libsodium secretbox), so it cannot be forged or read by the browser;
 * what it names, the session row, lives in the database that every process shares (decision 066).
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { secrets: readonly string[] }) => {
  await app.register(secureSession, {
    cookieName: SESSION_COOKIE,
    // secretbox needs exactly 32 bytes; SESSION_SECRET is any string of 32 characters or more.
    // Several keys: the first encrypts, each decrypts (a cookie made under the old secret is good).
    key: opts.secrets.map((secret) => createHash('sha256').update(secret).digest()),
    expiry: SESSION_SECONDS,
    // Secure whenever the request came over HTTPS (through a trusted proxy too): the cookie that
    // signs in, and the one that signs out (issue 44: the logout's lacked it).
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_SECONDS },
  });
});
