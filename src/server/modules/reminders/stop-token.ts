import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of a reminder mail's stop link (design.md 7.4, decision 038):
 * `<customer id>.<tag>`, the tag an HMAC-SHA256 of the id under a key derived from the app's
 * secret (SESSION_SECRET) for this one purpose, so a tag made for something else never passes
 * here. 128 bits of tag, base64url. It does not expire: a stop link should work whenever the
 * customer finds the mail, and it can only ever turn reminders off.
 */

const PURPOSE = 'bev/reminders-off/v1';
const TAG_BYTES = 16;

const keyFor = (secret: string) => createHmac('sha256', secret).update(PURPOSE).digest();

const tagOf = (secret: string, customerId: number) =>
  createHmac('sha256', keyFor(secret)).update(String(customerId)).digest().subarray(0, TAG_BYTES);

export function stopToken(secret: string, customerId: number): string {
  return `${customerId}.${tagOf(secret, customerId).toString('base64url')}`;
}

/**
 * The customer id a token was signed for, with any of SESSION_SECRET's secrets (a link mailed
 * before the secret changed still works), or null for anything forged, altered or malformed.
 */
export function verifyStopToken(secrets: readonly string[], token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const customerId = Number(match[1]);
  if (customerId > 2_147_483_647) return null;
  const given = Buffer.from(match[2]!, 'base64url');
  // 22 base64url characters carry 132 bits: the last 4 must be zero, or two spellings would pass.
  if (given.length !== TAG_BYTES || given.toString('base64url') !== match[2]) return null;
  return secrets.some((secret) => timingSafeEqual(given, tagOf(secret, customerId))) ? customerId : null;
}
