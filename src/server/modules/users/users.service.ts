import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type User, type UserSave, userMessages } from '../../../domain/user.schema.js';
import type { DbOrTx } from '../../db/client.js';
import { adminUsers } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound, unprocessable } from '../../lib/http-error.js';
import { hashPassword, toSessionUser } from '../auth/auth.service.js';

/** Staff users (design.md 5.9). The password hash never leaves this file except into the database. */

export async function listUsers(db: DbOrTx): Promise<User[]> {
  const rows = await db
    .select()
    .from(adminUsers)
    .orderBy(asc(sql`lower(${adminUsers.userName})`), asc(adminUsers.id));
  return rows.map(toSessionUser);
}

export async function getUser(db: DbOrTx, id: number): Promise<User> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  if (!row) throw notFound('User');
  return toSessionUser(row);
}

/**
 * Creates (Id 0, Password required) or updates a user; a Password on an update resets it.
 * User names are unique without regard to case. `actingUserId` is the admin saving: they
 * cannot deactivate themselves (nobody could then sign in to undo it if they were the last).
 */
export async function saveUser(
  db: DbOrTx,
  input: UserSave,
  actingUserId: number,
): Promise<{ user: User; created: boolean }> {
  if (input.Id === actingUserId && !input.IsActive) {
    throw unprocessable(userMessages.cannotDeactivateSelf, [
      { Field: 'IsActive', Message: userMessages.cannotDeactivateSelf },
    ]);
  }
  const [taken] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(
      and(eq(sql`lower(${adminUsers.userName})`, input.UserName.toLowerCase()), ne(adminUsers.id, input.Id)),
    )
    .limit(1);
  if (taken) throw conflict(userMessages.userNameTaken);

  const values = {
    name: input.Name,
    userName: input.UserName,
    company: input.Company,
    email: input.Email,
    phone: input.Phone,
    fax: input.Fax,
    isActive: input.IsActive,
    ...(input.Password ? { passwordHash: await hashPassword(input.Password) } : {}),
  };
  try {
    if (input.Id === 0) {
      // The schema requires a Password for a new user; this keeps the type honest.
      if (!values.passwordHash) throw unprocessable(userMessages.passwordRequired);
      const [row] = await db
        .insert(adminUsers)
        .values({ ...values, passwordHash: values.passwordHash })
        .returning();
      return { user: toSessionUser(row!), created: true };
    }
    const [row] = await db.update(adminUsers).set(values).where(eq(adminUsers.id, input.Id)).returning();
    if (!row) throw notFound('User');
    return { user: toSessionUser(row), created: false };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(userMessages.userNameTaken);
    throw err;
  }
}

export async function deleteUser(db: DbOrTx, id: number, actingUserId: number): Promise<void> {
  if (id === actingUserId) throw conflict(userMessages.cannotDeleteSelf);
  const deleted = await db.delete(adminUsers).where(eq(adminUsers.id, id)).returning({ id: adminUsers.id });
  if (deleted.length === 0) throw notFound('User');
}
