import type { Database } from '../../db/client.js';

/**
 * Plain SQL with positional parameters over either driver, so the import code is written
 * once. The imports bypass Drizzle on purpose: its query builder ran 100k rows at 17-20k
 * rows/s in the trial (design.md 6), a set-based statement per batch is several times that.
 */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Runs `work` in one transaction: committed when it returns, rolled back when it throws
 * (or when the process dies: PostgreSQL and PGlite both discard an uncommitted transaction).
 * PostgreSQL gets a dedicated pool client for the whole file; PGlite has one connection, so
 * other queries wait until the import ends.
 */
export async function inTransaction<T>(database: Database, work: (q: SqlRunner) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') {
    return database.pglite.transaction(async (tx) =>
      work({ query: async (text, params) => (await tx.query<never>(text, params)).rows }),
    );
  }
  const client = await database.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work({
      query: async (text, params) => (await client.query(text, params)).rows,
    });
    await client.query('commit');
    return result;
  } catch (err) {
    try {
      await client.query('rollback');
    } catch (rollbackError) {
      // The connection is gone (the server restarted): the pool must not hand it out again.
      broken = rollbackError as Error;
    }
    throw err;
  } finally {
    client.release(broken);
  }
}
