import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A known-good browser (decision 021, OWASP's "device cookies" against lockout attacks): after
 * a successful sign-in the browser gets a long-lived cookie naming the account, signed with an
 * HMAC keyed from SESSION_SECRET. A later sign-in carrying a valid one for that account is not
 * stopped by the account's failure count, which guessers from anywhere else fill, so an attack
 * on a customer number cannot lock its owner out of the browser they use. It carries no right
 * of its own: the credential is still checked, and the browser's failures have their own limit.
 */
export const DEVICE_COOKIE = 'bev_device';
const DEVICE_SECONDS = 180 * 24 * 60 * 60;

export interface DeviceCookies {
  /** Signs `account` (`customer:1001`, `admin:jane`) into the cookie of this answer. */
  set(request: FastifyRequest, reply: FastifyReply, account: string, nowMs: number): void;
  /** The cookie's own key for its failure count, when it is valid for `account`; else undefined. */
  verify(request: FastifyRequest, account: string): string | undefined;
}

/** Signed with SESSION_SECRET's first secret; one signed with any of them is good. */
export function deviceCookies(secrets: readonly string[]): DeviceCookies {
  const signers = secrets.map((secret) => {
    const key = createHash('sha256').update(`device-cookie:${secret}`).digest();
    return (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  });
  const sign = signers[0]!;
  return {
    set(request, reply, account, nowMs) {
      const payload = `${Buffer.from(account).toString('base64url')}.${Math.floor(nowMs / 1000)}`;
      reply.setCookie(DEVICE_COOKIE, `${payload}.${sign(payload)}`, {
        path: '/api/v1',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: DEVICE_SECONDS,
      });
    },
    verify(request, account) {
      const value = request.cookies[DEVICE_COOKIE];
      const parts = value?.split('.');
      if (parts?.length !== 3) return undefined;
      const [named, issued, mac] = parts as [string, string, string];
      const given = Buffer.from(mac);
      const signed = signers.some((signer) => {
        const expected = Buffer.from(signer(`${named}.${issued}`));
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      if (!signed) return undefined;
      if (Buffer.from(named, 'base64url').toString() !== account) return undefined;
      // Its own count: a stolen or copied cookie still gets only a few guesses.
      return `device:${mac.slice(0, 22)}`;
    },
  };
}
