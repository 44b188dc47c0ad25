import type { DbOrTx } from './client.js';

/**
 * A Drizzle query built and prepared by name once per database handle (pool or transaction),
 * for a statement that runs once per order placed: Drizzle does not build it again, nor does
 * PostgreSQL plan it again (issue 16).
 */
export function preparedPerHandle<Query>(build: (db: DbOrTx) => Query): (db: DbOrTx) => Query {
  const prepared = new WeakMap<DbOrTx, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}
