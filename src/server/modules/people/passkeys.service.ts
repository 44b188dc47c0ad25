import { createHmac } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import { APP_NAME } from '../../../domain/app-name.js';
import { PASSKEY_CHALLENGE_MS } from '../../../domain/passkeys.js';
import type { Passkey } from '../../../domain/passkeys.schema.js';
import type { Db } from '../../db/client.js';
import { passkeys, people } from '../../db/schema.js';
import type { PersonRow } from '../../plugins/auth.js';

/**
 * Passkeys (design.md 8.2, decision 069): WebAuthn through @simplewebauthn/server, and the
 * passkeys table. The library is loaded with the first passkey call, not at start: it and its
 * certificate parsers hold about 28 MB, which a server at rest need not carry (the idle memory
 * goal of bench/notes/idle-memory.md is 120 MB, and the server sits at 94).
 */
let library: Promise<typeof import('@simplewebauthn/server')> | undefined;
const webauthn = () => {
  library ??= import('@simplewebauthn/server');
  return library;
};

export type PasskeyRow = typeof passkeys.$inferSelect;

/** Who the passkeys are for: the site at PUBLIC_URL, its host name the RP ID. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: APP_NAME };
}

/**
 * The person's user handle, kept by the authenticator with the passkey: the same for every passkey
 * of theirs, so adding one again on a device replaces the old one there instead of piling up;
 * keyed, so it tells nobody the person's id.
 */
const userHandle = (secret: string, personId: number) =>
  new Uint8Array(createHmac('sha256', `passkey-user:${secret}`).update(String(personId)).digest());

const transportsOf = (row: Pick<PasskeyRow, 'transports'>) =>
  row.transports ? row.transports.split(',') : undefined;

/**
 * A discoverable credential (so signing in asks for no email), with user verification where the
 * device has it, and no attestation: which device made it is not ours to check.
 */
export async function registrationOptions(
  rp: RelyingParty,
  secret: string,
  person: PersonRow,
  existing: Pick<PasskeyRow, 'id' | 'transports'>[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandle(secret, person.id),
    userName: person.email,
    userDisplayName: person.name,
    timeout: PASSKEY_CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

export async function authenticationOptions(
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_CHALLENGE_MS,
    userVerification: 'preferred',
  });
}

/** A new passkey, verified against the challenge, origin and RP ID; null for any failure. */
export async function verifyNewPasskey(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
) {
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // 'preferred' in the options: a device without a PIN or biometrics may still hold one.
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
    };
  } catch {
    return null;
  }
}

/** The signature counter after this sign-in, when the answer is the stored passkey's; else null. */
export async function verifyPasskeySignIn(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  stored: PasskeyRow,
): Promise<number | null> {
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
        counter: stored.counter,
        transports: transportsOf(stored),
      },
      requireUserVerification: false,
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

export const toPasskey = (row: PasskeyRow): Passkey => ({
  Id: row.id,
  Device: row.device,
  CreatedAt: row.createdAt.toISOString(),
  LastUsed: row.lastUsedAt?.toISOString() ?? null,
});

/** A person's passkeys, in the order they were added. */
export const passkeysOf = (db: Db, personId: number) =>
  db
    .select()
    .from(passkeys)
    .where(eq(passkeys.personId, personId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));

/** Stores a verified passkey; null when its credential id is already stored (a replayed answer). */
export async function savePasskey(
  db: Db,
  personId: number,
  verified: NonNullable<Awaited<ReturnType<typeof verifyNewPasskey>>>,
  device: string,
  now: Date,
): Promise<PasskeyRow | null> {
  const [row] = await db
    .insert(passkeys)
    .values({ ...verified, personId, device, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Ends one of the person's passkeys; false when they have none by that id. */
export async function removePasskey(db: Db, personId: number, id: string): Promise<boolean> {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.personId, personId)))
    .returning({ id: passkeys.id });
  return gone.length > 0;
}

/** The passkey a sign-in names, with its person. */
export async function findPasskey(db: Db, id: string) {
  const [row] = await db
    .select({ passkey: passkeys, person: people })
    .from(passkeys)
    .innerJoin(people, eq(people.id, passkeys.personId))
    .where(eq(passkeys.id, id))
    .limit(1);
  return row;
}

/**
 * Records a sign-in with the passkey: its counter and when. Taken once per challenge, atomically:
 * only when the passkey has not signed anyone in since the challenge was given out. Deleting the
 * challenge from the cookie is not enough on its own, since a copy of the cookie from before
 * still holds it, and many passkeys (those synced between devices) keep their counter at 0.
 */
export async function takePasskeyUse(
  db: Db,
  id: string,
  counter: number,
  challengeIssuedAt: number,
  now: Date,
): Promise<boolean> {
  const taken = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, id),
        or(isNull(passkeys.lastUsedAt), lt(passkeys.lastUsedAt, new Date(challengeIssuedAt))),
      ),
    )
    .returning({ id: passkeys.id });
  return taken.length > 0;
}
