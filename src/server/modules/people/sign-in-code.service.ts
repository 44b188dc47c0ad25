import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { CODE_TRIES, CODE_TTL_MS, codeCheckable, emailKey } from '../../../domain/sign-in-code.js';
import type { DbOrTx } from '../../db/client.js';
import { signInCodes } from '../../db/schema.js';

/**
 * The one-time code's life in the database (design.md 8.2, decision 068). Only a keyed hash is
 * stored, so the table read alone gives nobody a code. Each check takes a try with one atomic
 * update before the digits are compared: a burst of guesses sent at once gets at most 5 checks,
 * whatever the number of processes.
 */
const hashOf = (secret: string, email: string, code: string) =>
  createHmac('sha256', createHash('sha256').update(`sign-in-code:${secret}`).digest())
    .update(`${emailKey(email)}:${code}`)
    .digest('base64url');

/** A new code for the email, replacing any earlier one (its tries start again at 0). */
export async function issueCode(db: DbOrTx, secret: string, email: string, now: Date): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = {
    email: emailKey(email),
    codeHash: hashOf(secret, email, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    tries: 0,
  };
  // Codes that ran out go at the same time, so the table holds only live ones.
  await db.delete(signInCodes).where(lt(signInCodes.expiresAt, now));
  await db
    .insert(signInCodes)
    .values(row)
    .onConflictDoUpdate({
      target: signInCodes.email,
      set: { codeHash: row.codeHash, expiresAt: row.expiresAt, tries: 0 },
    });
  return code;
}

/**
 * Whether `code` is the email's live code; a right one is used up. A wrong one, an expired one
 * or one whose 5 tries are spent answers false.
 */
export async function spendCode(
  db: DbOrTx,
  secrets: readonly string[],
  email: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const key = emailKey(email);
  const [taken] = await db
    .update(signInCodes)
    .set({ tries: sql`${signInCodes.tries} + 1` })
    .where(and(eq(signInCodes.email, key), lt(signInCodes.tries, CODE_TRIES), gt(signInCodes.expiresAt, now)))
    .returning({
      codeHash: signInCodes.codeHash,
      tries: signInCodes.tries,
      expiresAt: signInCodes.expiresAt,
    });
  // The update's condition is the domain's rule; read back, the try it took must pass it too.
  if (!taken || !codeCheckable({ expiresAt: taken.expiresAt, tries: taken.tries - 1 }, now)) return false;
  // Made with SESSION_SECRET's first secret; one made before it changed is good too.
  const stored = Buffer.from(taken.codeHash);
  const right = secrets.some((secret) => {
    const typed = Buffer.from(hashOf(secret, email, code));
    return typed.length === stored.length && timingSafeEqual(typed, stored);
  });
  if (!right) return false;
  // Used once: of two right answers at the same moment, only the one that deletes the row signs in.
  const used = await db
    .delete(signInCodes)
    .where(and(eq(signInCodes.email, key), eq(signInCodes.codeHash, taken.codeHash)))
    .returning({ email: signInCodes.email });
  return used.length > 0;
}
