import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from '../../../domain/audit.schema.js';
import type { DbOrTx } from '../../db/client.js';
import { auditEntries } from '../../db/schema.js';

type AuditRow = typeof auditEntries.$inferSelect;

const toEntry = (r: AuditRow): AuditEntry => ({
  Id: r.id,
  At: r.at.toISOString(),
  User: r.userName,
  Action: r.action as AuditEntry['Action'],
  Entity: r.entity,
  EntityId: r.entityId,
  Summary: r.summary,
  Changes: r.changes as AuditEntry['Changes'],
});

/** One page of the trail, newest first; dates are days in the business time zone, both included. */
export async function listAudit(db: DbOrTx, query: AuditQuery, tz: string): Promise<AuditPage> {
  const where: SQL[] = [];
  if (query.from)
    where.push(gte(auditEntries.at, sql`(${query.from}::date::timestamp at time zone ${tz}::text)`));
  if (query.to)
    where.push(lt(auditEntries.at, sql`((${query.to}::date + 1)::timestamp at time zone ${tz}::text)`));
  if (query.user) where.push(sql`lower(${auditEntries.userName}) = lower(${query.user})`);
  if (query.entity) where.push(sql`lower(${auditEntries.entity}) = lower(${query.entity})`);
  const filter = where.length > 0 ? and(...where) : undefined;
  const [total] = await db.select({ n: count() }).from(auditEntries).where(filter);
  const rows = await db
    .select()
    .from(auditEntries)
    .where(filter)
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  return { Entries: rows.map(toEntry), Page: query.page, PageSize: AUDIT_PAGE_SIZE, Total: total?.n ?? 0 };
}

/** The rows about one record, for tests and support: newest first. */
export async function auditOf(db: DbOrTx, entity: string, entityId: string | number): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.entity, entity), eq(auditEntries.entityId, String(entityId))))
    .orderBy(desc(auditEntries.id));
  return rows.map(toEntry);
}
