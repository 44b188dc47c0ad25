import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';

/** The customer columns the hot statements select, named as Drizzle names them (a `CustomerRow`). */
export const customerColumnsSql = `c.id, c.company_id as "companyId", c.customer_type_id as "customerTypeId",
  c.name, c.zipcode, c.is_active as "isActive", c.session_version as "sessionVersion"`;

/**
 * A hand-written statement for the ordering hot paths (GET Orders, the worksheet, POST Order),
 * where Drizzle's query building and one round trip per step cost more than the work itself
 * (issue 3's benchmark). `name` makes it a prepared statement on PostgreSQL, parsed and
 * planned once per connection; PGlite runs the same text unnamed.
 */
export interface Statement {
  name: string;
  text: string;
}

/**
 * Runs a statement with its parameters, on PostgreSQL's pool or on PGlite, and returns its rows.
 * Results keep each driver's default parsing: json and jsonb become objects, integers numbers,
 * timestamptz Dates. The statements select nothing else at the top level (no `date` columns,
 * which node-postgres would turn into Dates).
 */
export async function runStatement<Row>(
  database: Database,
  statement: Statement,
  values: unknown[],
): Promise<Row[]> {
  if (database.kind === 'pg') {
    const result = await database.pool.query({ name: statement.name, text: statement.text, values });
    return result.rows as Row[];
  }
  const result = await database.pglite.query<Row>(statement.text, values);
  return result.rows;
}

/**
 * The same statement inside a Drizzle transaction, for a write that commits with another
 * (a staff order and its audit row, decision 040). Each `$n` becomes a bound parameter; the
 * statement is not prepared by name there.
 */
export async function runStatementInTransaction<Row>(
  tx: Tx,
  statement: Statement,
  values: unknown[],
): Promise<Row[]> {
  const parts = statement.text.split(/\$(\d+)/);
  const query = sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))),
  );
  // `execute` answers `{ rows }` with node-postgres and with PGlite alike.
  const result = (await tx.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
