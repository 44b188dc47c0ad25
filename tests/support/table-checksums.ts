import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';

/** One table's row count and a checksum of every row's text, in a stable order. */
export interface TableChecksum {
  rows: number;
  md5: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Every table of the public schema with its row count and an md5 of all its rows: two calls
 * that answer the same mean nothing was inserted, updated or deleted anywhere in between
 * (the import preview's promise, design.md 7.7). Sequences are not tables: a rolled-back
 * insert still advances them. Nor is `sessions` counted: who is signed in is written by the
 * requests themselves (a sign-in, a device's last seen: decision 066), not by what they ask for.
 */
export async function tableChecksums(db: Db): Promise<Record<string, TableChecksum>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'sessions' order by 1`,
    ),
  );
  const sums: Record<string, TableChecksum> = {};
  for (const { name } of tables) {
    const [sum] = rowsOf<TableChecksum>(
      await db.execute(
        sql.raw(
          `select count(*)::int as rows, coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as md5
           from "${name.replaceAll('"', '""')}" t`,
        ),
      ),
    );
    sums[name] = sum!;
  }
  return sums;
}
