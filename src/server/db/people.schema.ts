import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.schema.js';

/**
 * People (design.md 8.2, decision 068): someone at a venue who signs in for themselves, by a
 * code mailed to their address or a passkey, instead of the venue's shared customer number and
 * zip code. One email is one person, however it is cased.
 */
export const people = pgTable(
  'people',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('people_email_key').on(sql`lower(${t.email})`)],
);

/** Who may act for which customer (venue), and as what. Removing the row ends their sessions there. */
export const venuePeople = pgTable(
  'venue_people',
  {
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['Owner', 'Orderer', 'Counter'] }).notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.customerId] }),
    index('venue_people_customer_id_idx').on(t.customerId),
    check('venue_people_role', sql`${t.role} in ('Owner', 'Orderer', 'Counter')`),
  ],
);

/**
 * The one live sign-in code of an email (lower case): a keyed hash of the 6 digits, never the
 * digits. A new request replaces it; a right answer, 5 wrong ones or 10 minutes end it.
 */
export const signInCodes = pgTable('sign_in_codes', {
  email: text('email').primaryKey(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  tries: integer('tries').notNull().default(0),
});

/**
 * An invitation to a venue (design.md 8.2): the mailed link carries its id and a signature, and
 * it is good once, for 7 days. Accepting it makes the person (or finds them by email) and gives
 * them the role.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['Owner', 'Orderer', 'Counter'] }).notNull(),
    /** Who sent it, for the audit trail and the mail ("Ann Lee invited you"). */
    invitedBy: text('invited_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [index('invitations_customer_id_idx').on(t.customerId)],
);

/** A person's passkeys (WebAuthn credentials): the public key and the signature counter. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter: unsigned 32 bits (WebAuthn Level 3, 6.1), past a signed integer's top. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').notNull().default(''),
    /** The device it was added on ("Chrome on Android"), to tell passkeys apart. */
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_person_id_idx').on(t.personId)],
);
