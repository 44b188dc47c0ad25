import type { FastifyRequest } from 'fastify';
import { PASSKEY_CHALLENGE_MS } from '../../../domain/passkeys.js';
import type { PasskeyChallenge } from '../../plugins/session.js';

/**
 * A passkey's challenge lives in the encrypted session cookie between the options call and its
 * answer (decision 069): no table, and nothing kept for a visitor who never comes back. It is
 * good for 5 minutes on the server's clock, for the ceremony it was given for, and once: any
 * answer takes it out of the cookie, right or wrong.
 */
export function giveChallenge(
  request: FastifyRequest,
  challenge: string,
  ceremony: PasskeyChallenge['ceremony'],
  personId: number | null,
  now: Date,
) {
  request.session.set('passkeyChallenge', { challenge, ceremony, personId, issuedAt: now.getTime() });
}

/** The cookie's challenge for this ceremony, taken out of it; null when none is good. */
export function takeChallenge(
  request: FastifyRequest,
  ceremony: PasskeyChallenge['ceremony'],
  now: Date,
): PasskeyChallenge | null {
  const saved = request.session.get('passkeyChallenge');
  if (!saved) return null;
  request.session.set('passkeyChallenge', undefined);
  const age = now.getTime() - saved.issuedAt;
  return saved.ceremony === ceremony && age < PASSKEY_CHALLENGE_MS ? saved : null;
}
