import type { AuditAction, AuditChange, AuditEntity } from '../../../domain/audit.schema.js';
import type { DbOrTx } from '../../db/client.js';
import { auditEntries } from '../../db/schema.js';
import { unauthorized } from '../../lib/http-error.js';
import { wellFormed } from '../../lib/well-formed.js';
import type { Principal } from '../../plugins/auth.js';

/** Who writes and when: the signed-in admin's user name and the app's clock (decision 040). */
export interface AuditActor {
  userName: string;
  at: Date;
}

/** The actor of an admin's write: the principal an admin route's guard loaded, and the clock. */
export function auditActor(principal: Principal | null | undefined, now: () => Date): AuditActor {
  if (principal?.role !== 'admin') throw unauthorized();
  return { userName: principal.user.userName, at: now() };
}

// Never stored, whatever a caller passes in (design.md 7.6): a users write says the password changed.
const SECRET_FIELD = /password|hash|secret|token/i;

type Value = AuditChange['Before'];
type Shape = Record<string, unknown>;

function toValue(v: unknown): Value {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v);
}

/**
 * The fields whose value differs between two API shapes of a record (null before: created,
 * null after: deleted), in the order of the shape's keys; secret fields are left out.
 */
export function changesBetween(
  before: Shape | null,
  after: Shape | null,
  omit: string[] = [],
): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChange[] = [];
  for (const key of keys) {
    if (omit.includes(key) || SECRET_FIELD.test(key)) continue;
    const b = toValue(before?.[key]);
    const a = toValue(after?.[key]);
    if (b !== a) changes.push({ Field: key, Before: b, After: a });
  }
  return changes;
}

export interface AuditRecord {
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | number;
  summary: string;
  changes?: AuditChange[];
}

/** Writes one audit row; call it with the write's own transaction so both commit or neither. */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, record: AuditRecord): Promise<void> {
  const changes = (record.changes ?? []).filter((c) => !SECRET_FIELD.test(c.Field) || c.Field === 'Password');
  await tx.insert(auditEntries).values({
    at: actor.at,
    userName: actor.userName,
    action: record.action,
    entity: record.entity,
    entityId: String(record.entityId),
    summary: wellFormed(record.summary),
    changes: wellFormed(changes),
  });
}

/** The change a users write records for a new password: that it changed, never the value. */
export const passwordChanged: AuditChange = { Field: 'Password', Before: null, After: '(changed)' };

/**
 * The same row through a raw SQL runner: the imports write with their own client and
 * transaction (sql-runner.ts), and their row must commit with the file's rows.
 */
export async function recordAuditSql(
  q: { query(text: string, params?: unknown[]): Promise<unknown[]> },
  actor: AuditActor,
  record: AuditRecord,
): Promise<void> {
  await q.query(
    `insert into audit_entries (at, user_name, action, entity, entity_id, summary, changes)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [
      actor.at.toISOString(),
      actor.userName,
      record.action,
      record.entity,
      String(record.entityId),
      wellFormed(record.summary),
      JSON.stringify(wellFormed(record.changes ?? [])),
    ],
  );
}
