import pg from 'pg';
import type { Database } from '../../src/server/db/client.js';

/** Records the text of every statement sent to the database while `run` runs. */
export async function statementsDuring(database: Database, run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const record = (q: unknown) => {
    seen.push(typeof q === 'string' ? q : String((q as { text?: unknown })?.text ?? q));
  };
  if (database.kind === 'pg') {
    // Every statement, pooled or in a transaction, goes through a pg.Client's query().
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      record(args[0]);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await run();
    } finally {
      pg.Client.prototype.query = original;
    }
    return seen;
  }
  const db = database.pglite;
  const { query, exec, transaction } = db;
  db.query = ((...args: Parameters<typeof query>) => {
    record(args[0]);
    return query.apply(db, args);
  }) as typeof query;
  db.exec = ((...args: Parameters<typeof exec>) => {
    record(args[0]);
    return exec.apply(db, args);
  }) as typeof exec;
  db.transaction = ((callback: Parameters<typeof transaction>[0]) =>
    transaction.call(db, (tx) => {
      record('begin');
      const txQuery = tx.query;
      tx.query = ((...args: Parameters<typeof txQuery>) => {
        record(args[0]);
        return txQuery.apply(tx, args);
      }) as typeof txQuery;
      return callback(tx);
    })) as typeof transaction;
  try {
    await run();
  } finally {
    Object.assign(db, { query, exec, transaction });
  }
  return seen;
}
