import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The Drizzle database, the same API over PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction has the database's query API; services take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Arbitrary, fixed: every process of this application takes the same lock to migrate and seed. */
const MIGRATION_LOCK_ID = 7_240_311;

export type Database =
  | { kind: 'pglite'; db: Db; pglite: PGlite; close(): Promise<void> }
  | {
      kind: 'pg';
      db: Db;
      pool: pg.Pool;
      /** The import transactions' own connections (pgDatabase). */
      importPool: pg.Pool;
      close(): Promise<void>;
    };

export interface OpenOptions {
  databaseUrl?: string | undefined;
  pgliteDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolMax?: number;
}

// PostgreSQL returns `date` as a string already (Drizzle asks for mode 'string');
// bigint (count(*)) comes back as a string: parse it, our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * A pool whose errors do not crash the process. A dropped connection (a PostgreSQL restart):
 * the pool reconnects on the next query, and /healthz reports 503 meanwhile. The pool listens
 * on idle clients only: a client checked out for a transaction that loses its connection
 * between two statements would emit 'error' with nobody listening, which crashes the process
 * (node-postgres #3202). With a listener on each client the next statement fails instead, the
 * transaction's request answers 503, and the pool drops the client because it is no longer
 * queryable.
 */
function quietPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

/**
 * The database over `pool`, with the imports' own pool beside it; `close` ends both. An import
 * holds a connection for its whole file (seconds to minutes for a large one): with two of
 * their own, imports never take customers' connections, and a third import waits for one of
 * the two, first come first served, however long the files before it take (no timeout; issue
 * 15, item 6).
 */
export function pgDatabase(pool: pg.Pool, connectionString: string): Extract<Database, { kind: 'pg' }> {
  const importPool = quietPool({ connectionString, max: 2, idleTimeoutMillis: 30_000 });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'pg',
    db,
    pool,
    importPool,
    close: async () => {
      await Promise.all([pool.end(), importPool.end()]);
    },
  };
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = quietPool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    return pgDatabase(pool, opts.databaseUrl);
  }
  // PGlite is loaded only for the embedded database: importing it costs a process memory
  // that a server on PostgreSQL would carry for nothing (issue 22, bench/notes/idle-memory.md).
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  if (opts.pgliteDir) mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
  const pglite = opts.pgliteDir ? new PGlite(opts.pgliteDir) : new PGlite();
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { kind: 'pglite', db, pglite, close: () => pglite.close() };
}

/**
 * Applies the SQL migrations, then runs `afterMigrate` (the first admin, demo data) while
 * still holding the lock, so several processes starting together migrate and seed once.
 */
export async function migrateDatabase(
  database: Database,
  afterMigrate?: (db: Db) => Promise<void>,
): Promise<void> {
  if (database.kind === 'pglite') {
    // PGlite is one process's own embedded database: no other process can hold it.
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder });
    await afterMigrate?.(database.db);
    return;
  }
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const db = drizzlePg(client, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    await afterMigrate?.(db);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
