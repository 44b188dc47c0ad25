import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import type { Session, SessionCustomer, SessionUser } from '../../../domain/auth.schema.js';
import { normalizeUserName } from '../../../domain/user-name.js';
import type { DbOrTx } from '../../db/client.js';
import { adminUsers, customers } from '../../db/schema.js';
import type { AdminUserRow, CustomerRow, Principal } from '../../plugins/auth.js';
import { venuesOf } from '../people/people.service.js';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's minimum), about 12 ms a hash here. */
export const hashPassword = (password: string) => hash(password);

// A fixed hash to verify against when the user name is unknown, so an unknown name and a
// wrong password take the same time and cannot be told apart.
let dummyHash: Promise<string> | undefined;

export async function verifyAdmin(
  db: DbOrTx,
  userName: string,
  password: string,
): Promise<AdminUserRow | null> {
  const [user] = await db
    .select()
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.userName})`, normalizeUserName(userName).toLowerCase()))
    .limit(1);
  if (!user) {
    dummyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return null;
  }
  const ok = await verify(user.passwordHash, password).catch(() => false);
  return ok && user.isActive ? user : null;
}

export async function findCustomerForLogin(
  db: DbOrTx,
  companyId: number,
  zipcode: number,
): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(eq(customers.companyId, companyId), eq(customers.zipcode, zipcode), eq(customers.isActive, true)),
    )
    .limit(1);
  return row ?? null;
}

/** GET Session's answer for a caller (the SSR pages put the same in their data). */
export async function sessionOf(db: DbOrTx, p: Principal | null): Promise<Session> {
  const person = p?.role === 'customer' ? p.person : null;
  return {
    Role: p?.role ?? null,
    Customer: p?.role === 'customer' ? toSessionCustomer(p.customer) : null,
    User: p?.role === 'admin' ? toSessionUser(p.user) : null,
    Person: person ? { Id: person.id, Name: person.name, Email: person.email } : null,
    VenueRole: p?.role === 'customer' ? p.venueRole : null,
    Venues: person ? await venuesOf(db, person.id) : [],
  };
}

export function toSessionCustomer(c: CustomerRow): SessionCustomer {
  return {
    Id: c.id,
    CompanyId: c.companyId,
    CustomerTypeId: c.customerTypeId,
    Name: c.name,
    Zipcode: c.zipcode,
    IsActive: c.isActive,
  };
}

export function toSessionUser(u: AdminUserRow): SessionUser {
  return {
    Id: u.id,
    Name: u.name,
    UserName: u.userName,
    Company: u.company,
    Email: u.email,
    Phone: u.phone,
    Fax: u.fax,
    IsActive: u.isActive,
  };
}

/**
 * Creates the first admin when there is none: ADMIN_USER with ADMIN_PASSWORD, or a random
 * password that is returned so the caller prints it once.
 */
export async function ensureFirstAdmin(
  db: DbOrTx,
  userName: string,
  password: string | undefined,
): Promise<{ created: boolean; generatedPassword?: string }> {
  const [existing] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  if (existing) return { created: false };
  const generated = password ? undefined : randomBytes(12).toString('base64url');
  await db.insert(adminUsers).values({
    userName,
    name: 'Administrator',
    passwordHash: await hashPassword(password ?? generated!),
  });
  return { created: true, generatedPassword: generated };
}
