import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type User, type UserSave, userMessages } from '../../../domain/user.schema.js';
import type { DbOrTx } from '../../db/client.js';
import { adminUsers } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound, unprocessable } from '../../lib/http-error.js';
import { type AuditActor, changesBetween, passwordChanged, recordAudit } from '../audit/audit.js';
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
  actor: AuditActor,
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
  // The schema requires a Password for a new user; this keeps the type honest.
  if (input.Id === 0 && !values.passwordHash) throw unprocessable(userMessages.passwordRequired);
  try {
    return await db.transaction(async (tx) => {
      let before: typeof adminUsers.$inferSelect | undefined;
      let row: typeof adminUsers.$inferSelect | undefined;
      if (input.Id === 0) {
        [row] = await tx
          .insert(adminUsers)
          .values({ ...values, passwordHash: values.passwordHash ?? '' })
          .returning();
      } else {
        [before] = await tx.select().from(adminUsers).where(eq(adminUsers.id, input.Id)).for('update');
        if (!before) throw notFound('User');
        [row] = await tx.update(adminUsers).set(values).where(eq(adminUsers.id, input.Id)).returning();
      }
      const user = toSessionUser(row!);
      // The password's value and hash are never recorded: only that it changed (design.md 7.6).
      const changes = changesBetween(before ? toSessionUser(before) : null, user, ['Id']);
      if (input.Password) changes.push(passwordChanged);
      await recordAudit(tx, actor, {
        action: before ? 'Update' : 'Create',
        entity: 'User',
        entityId: user.Id,
        summary: `${before ? 'Updated' : 'Created'} user ${user.UserName}${before && input.Password ? ' (new password)' : ''}`,
        changes,
      });
      return { user, created: !before };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(userMessages.userNameTaken);
    throw err;
  }
}

export async function deleteUser(
  db: DbOrTx,
  id: number,
  actingUserId: number,
  actor: AuditActor,
): Promise<void> {
  if (id === actingUserId) throw conflict(userMessages.cannotDeleteSelf);
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(adminUsers).where(eq(adminUsers.id, id)).returning();
    if (!deleted) throw notFound('User');
    await recordAudit(tx, actor, {
      action: 'Delete',
      entity: 'User',
      entityId: id,
      summary: `Deleted user ${deleted.userName}`,
      changes: changesBetween(toSessionUser(deleted), null, ['Id']),
    });
  });
}
