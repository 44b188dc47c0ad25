import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import { SESSION_SECONDS } from '../../plugins/session.js';

/**
 * Whose sessions: the shared sign-in of a customer, a staff user (decision 066), or a person
 * (decision 068), whose session is at one of their venues at a time (`customerId`).
 */
export type SessionOwner =
  | { role: 'customer'; customerId: number }
  | { role: 'admin'; userId: number }
  | { role: 'person'; personId: number; customerId: number };

/** `last_seen_at` moves on at most this often: one write a minute per active device, not one per request. */
export const LAST_SEEN_STEP_MS = 60_000;

export interface SessionListed {
  Id: string;
  Device: string;
  LastSeen: string;
  Current: boolean;
}

/** A person's sessions are theirs at every venue; the shared sign-in's are the customer's without a person. */
const ownedBy = (owner: SessionOwner) =>
  owner.role === 'customer'
    ? and(eq(sessions.customerId, owner.customerId), isNull(sessions.personId))
    : owner.role === 'admin'
      ? eq(sessions.adminUserId, owner.userId)
      : eq(sessions.personId, owner.personId);

/**
 * Starts a session for a device and answers its id, the one thing the cookie carries. Sessions
 * older than a working day go at the same time, so the table holds only live ones.
 */
export async function startSession(
  db: DbOrTx,
  owner: SessionOwner,
  device: string,
  now: Date,
): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  await db.delete(sessions).where(lt(sessions.startedAt, new Date(now.getTime() - SESSION_SECONDS * 1000)));
  await db.insert(sessions).values({
    id,
    customerId: owner.role === 'admin' ? null : owner.customerId,
    adminUserId: owner.role === 'admin' ? owner.userId : null,
    personId: owner.role === 'person' ? owner.personId : null,
    device,
    startedAt: now,
    lastSeenAt: now,
  });
  return id;
}

/** Whether a session read with its account is still live at `now`. */
export const sessionLive = (startedAt: Date, now: Date) =>
  now.getTime() - startedAt.getTime() < SESSION_SECONDS * 1000;

/** Moves the session's last seen on, when a minute or more has passed since. */
export async function touchSession(db: DbOrTx, id: string, lastSeenAt: Date, now: Date): Promise<void> {
  if (now.getTime() - lastSeenAt.getTime() < LAST_SEEN_STEP_MS) return;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

/** Moves a person's session to another of their venues (POST Session/Venue). */
export async function moveSession(
  db: DbOrTx,
  id: string,
  personId: number,
  customerId: number,
): Promise<void> {
  await db
    .update(sessions)
    .set({ customerId })
    .where(and(eq(sessions.id, id), eq(sessions.personId, personId)));
}

/** Ends one session of the owner; false when it is not theirs (or already ended). */
export async function endSession(db: DbOrTx, owner: SessionOwner, id: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), ownedBy(owner)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** "Sign out everywhere": every session of the owner, on every device. */
export async function endSessionsOf(db: DbOrTx, owner: SessionOwner): Promise<void> {
  await db.delete(sessions).where(ownedBy(owner));
}

/** The owner's live sessions: the caller's own (`current`) first, then the most recently seen. */
export async function listSessions(
  db: DbOrTx,
  owner: SessionOwner,
  current: string,
  now: Date,
): Promise<SessionListed[]> {
  const rows = await db
    .select({
      id: sessions.id,
      device: sessions.device,
      startedAt: sessions.startedAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(ownedBy(owner))
    .orderBy(desc(sessions.lastSeenAt), sessions.id);
  return rows
    .filter((r) => sessionLive(r.startedAt, now))
    .map((r) => ({
      Id: r.id,
      Device: r.device,
      LastSeen: r.lastSeenAt.toISOString(),
      Current: r.id === current,
    }))
    .sort((a, b) => Number(b.Current) - Number(a.Current));
}
