import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  type InvitePerson,
  peopleMessages,
  type Venue,
  type VenuePerson,
} from '../../../domain/people.schema.js';
import { emailKey } from '../../../domain/sign-in-code.js';
import type { VenueRole } from '../../../domain/venue-roles.js';
import type { DbOrTx } from '../../db/client.js';
import { customers, invitations, people, venuePeople } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-error.js';
import type { PersonRow } from '../../plugins/auth.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';

/** A person as the API shows them. */
export const toPerson = (p: PersonRow) => ({ Id: p.id, Name: p.name, Email: p.email });

/** An invitation is good for 7 days (design.md 8.2). */
export const INVITATION_DAYS = 7;

export const byEmail = (email: string) => sql`lower(${people.email}) = ${emailKey(email)}`;

export async function findPersonByEmail(db: DbOrTx, email: string): Promise<PersonRow | null> {
  const [row] = await db.select().from(people).where(byEmail(email)).limit(1);
  return row ?? null;
}

/** The person's venues: active customers they have a role at, by name. */
export async function venuesOf(db: DbOrTx, personId: number): Promise<Venue[]> {
  const rows = await db
    .select({
      CustomerId: customers.id,
      CompanyId: customers.companyId,
      Name: customers.name,
      Role: venuePeople.role,
    })
    .from(venuePeople)
    .innerJoin(customers, eq(customers.id, venuePeople.customerId))
    .where(and(eq(venuePeople.personId, personId), eq(customers.isActive, true)))
    .orderBy(asc(customers.name), asc(customers.companyId));
  return rows;
}

/** Who has access to a venue, by name. */
export async function peopleOf(db: DbOrTx, customerId: number): Promise<VenuePerson[]> {
  return db
    .select({ Id: people.id, Name: people.name, Email: people.email, Role: venuePeople.role })
    .from(venuePeople)
    .innerJoin(people, eq(people.id, venuePeople.personId))
    .where(eq(venuePeople.customerId, customerId))
    .orderBy(asc(people.name), asc(people.id));
}

const peopleAudit = (customerId: number, personId: number, summary: string, changes: AuditChangeLike[]) => ({
  action: 'Update' as const,
  entity: 'VenuePerson' as const,
  entityId: `${customerId}:${personId}`,
  summary,
  changes,
});
type AuditChangeLike = { Field: string; Before: string | null; After: string | null };

/**
 * Gives a person a role at the venue and makes the invitation whose link is mailed: a new
 * person by the name given, or the one the email already names (their own name stays). 409 if
 * they already have access here. `staff` records the write in the audit trail.
 */
export async function invitePerson(
  db: DbOrTx,
  customerId: number,
  input: InvitePerson,
  invitedBy: string,
  now: Date,
  staff: AuditActor | null,
): Promise<{ person: PersonRow; invitationId: number; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    await tx
      .insert(people)
      .values({ name: input.Name, email: input.Email, createdAt: now })
      .onConflictDoNothing();
    const person = (await findPersonByEmail(tx, input.Email))!;
    const added = await tx
      .insert(venuePeople)
      .values({ personId: person.id, customerId, role: input.Role, addedAt: now })
      .onConflictDoNothing()
      .returning({ personId: venuePeople.personId });
    if (added.length === 0) throw conflict(peopleMessages.alreadyThere(person.email));
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
    const [invitation] = await tx
      .insert(invitations)
      .values({
        customerId,
        email: person.email,
        name: person.name,
        role: input.Role,
        invitedBy,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: invitations.id });
    if (staff)
      await recordAudit(
        tx,
        staff,
        peopleAudit(customerId, person.id, `Invited ${person.name} <${person.email}> as ${input.Role}`, [
          { Field: 'Role', Before: null, After: input.Role },
        ]),
      );
    return { person, invitationId: invitation!.id, expiresAt };
  });
}

/** Owners left at the venue besides `personId`. */
async function otherOwners(tx: DbOrTx, customerId: number, personId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(venuePeople)
    .where(
      and(
        eq(venuePeople.customerId, customerId),
        eq(venuePeople.role, 'Owner'),
        ne(venuePeople.personId, personId),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Changes a person's role at the venue (404 if they have none). An Owner cannot leave the venue
 * without an Owner; staff can, and the write goes in the audit trail.
 */
export async function changeRole(
  db: DbOrTx,
  customerId: number,
  personId: number,
  role: VenueRole,
  staff: AuditActor | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ role: venuePeople.role, name: people.name })
      .from(venuePeople)
      .innerJoin(people, eq(people.id, venuePeople.personId))
      .where(and(eq(venuePeople.customerId, customerId), eq(venuePeople.personId, personId)))
      .for('update')
      .limit(1);
    if (!row) throw notFound('Person');
    if (row.role === role) return;
    if (!staff && row.role === 'Owner' && (await otherOwners(tx, customerId, personId)) === 0)
      throw conflict(peopleMessages.lastOwner);
    await tx
      .update(venuePeople)
      .set({ role })
      .where(and(eq(venuePeople.customerId, customerId), eq(venuePeople.personId, personId)));
    if (staff)
      await recordAudit(
        tx,
        staff,
        peopleAudit(customerId, personId, `Changed ${row.name}'s role`, [
          { Field: 'Role', Before: row.role, After: role },
        ]),
      );
  });
}

/** Removes a person's access to the venue; their sessions there end (a trigger, decision 068). */
export async function removePerson(
  db: DbOrTx,
  customerId: number,
  personId: number,
  staff: AuditActor | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ role: venuePeople.role, name: people.name })
      .from(venuePeople)
      .innerJoin(people, eq(people.id, venuePeople.personId))
      .where(and(eq(venuePeople.customerId, customerId), eq(venuePeople.personId, personId)))
      .for('update')
      .limit(1);
    if (!row) throw notFound('Person');
    if (!staff && row.role === 'Owner' && (await otherOwners(tx, customerId, personId)) === 0)
      throw conflict(peopleMessages.lastOwner);
    await tx
      .delete(venuePeople)
      .where(and(eq(venuePeople.customerId, customerId), eq(venuePeople.personId, personId)));
    if (staff)
      await recordAudit(tx, staff, {
        ...peopleAudit(customerId, personId, `Removed ${row.name}`, [
          { Field: 'Role', Before: row.role, After: null },
        ]),
        action: 'Delete',
      });
  });
}

/**
 * Uses an invitation: once, before it expires, and only while its person still has the role it
 * gave (access removed since: nothing). Answers the person and the venue to start at.
 */
export async function acceptInvitation(
  db: DbOrTx,
  invitationId: number,
  now: Date,
): Promise<{ person: PersonRow; customerId: number } | null> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(invitations)
      .set({ acceptedAt: now })
      .where(
        and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)),
      )
      .returning({ customerId: invitations.customerId, email: invitations.email });
    if (!used) return null;
    const person = await findPersonByEmail(tx, used.email);
    if (!person) return null;
    const venues = await venuesOf(tx, person.id);
    if (!venues.some((v) => v.CustomerId === used.customerId)) return null;
    return { person, customerId: used.customerId };
  });
}
