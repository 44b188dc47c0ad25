import type { Database } from '../../db/client.js';

/**
 * A hand-written statement, where the query builder cannot say it (the order guide's figures,
 * the reminders' set-based claims). `name` makes it a prepared statement on PostgreSQL; PGlite
 * runs the same text unnamed.
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
