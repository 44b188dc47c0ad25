import type { Database } from '../../db/client.js';

/**
 * Runs a hand-written statement, where the query builder cannot say it (the order guide's
 * figures, the reminders' set-based claims, the dashboard's counts), with its parameters, on
 * PostgreSQL's pool or on PGlite, and returns its rows. Results keep each driver's default
 * parsing: json and jsonb become objects, integers numbers, timestamptz Dates. The statements
 * select nothing else at the top level (no `date` columns, which node-postgres would turn into
 * Dates).
 */
export async function runStatement<Row>(database: Database, text: string, values: unknown[]): Promise<Row[]> {
  if (database.kind === 'pg') return (await database.pool.query(text, values)).rows as Row[];
  return (await database.pglite.query<Row>(text, values)).rows;
}
