import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The invitation link's token (design.md 8.2): the invitation's id and its expiry, signed with
 * an HMAC keyed from SESSION_SECRET, so a token cannot be made up or moved to another
 * invitation. Its row says whether it was used; the signature alone proves nothing more.
 */
export function invitationTokens(secrets: readonly string[]) {
  // Signed with SESSION_SECRET's first secret; a token signed with any of them is good.
  const signers = secrets.map((secret) => {
    const key = createHash('sha256').update(`invitation:${secret}`).digest();
    return (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  });
  const sign = signers[0]!;
  return {
    sign(id: number, expiresAt: Date): string {
      const payload = `${id}.${expiresAt.getTime()}`;
      return `${payload}.${sign(payload)}`;
    },
    /** The invitation id of a well-signed token that has not expired at `now`; else null. */
    verify(token: string, now: Date): number | null {
      const m = /^(\d{1,9})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return null;
      const given = Buffer.from(m[3]!);
      const signed = signers.some((signer) => {
        const expected = Buffer.from(signer(`${m[1]}.${m[2]}`));
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      if (!signed) return null;
      if (Number(m[2]) <= now.getTime()) return null;
      return Number(m[1]);
    },
  };
}
