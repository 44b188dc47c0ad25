import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../db/client.js';

/**
 * Plain SQL with positional parameters over either driver, so the import code is written
 * once. The imports bypass Drizzle on purpose: its query builder ran 100k rows at 17-20k
 * rows/s in the trial (design.md 6), a set-based statement per batch is several times that.
 */
export type Cell = string | number | boolean | null;

export interface SqlRunner {
  readonly kind: Database['kind'];
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Appends rows to a table with COPY (text format: `lines` as `copyLine` writes them, columns
   * in `columns` order), without conflict handling: no JSON to build in Node or to parse in the
   * database, and no per-row statement. Table and column names are the caller's constants,
   * never input.
   */
  copyIn(table: string, columns: readonly string[], lines: readonly string[]): Promise<void>;
}

/** One value in COPY's text format: \N for null, backslash escapes for the characters COPY uses. */
function copyValue(v: Cell): string {
  if (v === null) return '\\N';
  if (typeof v !== 'string') return String(v);
  return /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, escapeCopy) : v;
}

/**
 * One row as a line of COPY's text format, without its line break. Built by `join`, so the
 * result is one flat string: a string built with `+=` keeps every piece it was made of, and
 * the pieces (cells cut from a line) keep the whole chunk of the file they were cut from.
 */
export function copyLine(row: readonly Cell[]): string {
  return row.map(copyValue).join('\t');
}

const copyEscapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const escapeCopy = (c: string) => copyEscapes[c]!;

/** The rows as a JSON array of objects keyed by column, written by hand: Object.fromEntries per row costs 5 times more. */
export function rowsJson(columns: readonly string[], rows: readonly Cell[][]): string {
  const keys = columns.map((c, i) => `${i ? ',' : '{'}${JSON.stringify(c)}:`);
  let json = '[';
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    if (r) json += ',';
    for (let i = 0; i < keys.length; i++) {
      const v = row[i] ?? null;
      json += keys[i] + (typeof v === 'string' ? JSON.stringify(v) : String(v));
    }
    json += '}';
  }
  return `${json}]`;
}

const copySql = (table: string, columns: readonly string[], source: 'stdin' | "'/dev/blob'") =>
  `copy ${table} (${columns.join(', ')}) from ${source}`;

/** The lines as COPY text: each followed by a line break. */
const copyText = (lines: readonly string[]) => `${lines.join('\n')}\n`;

/** COPY over the pool client (pg-copy-streams); a refused row rejects. */
async function copyIn(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  lines: readonly string[],
) {
  const stream = client.query(copyFrom(copySql(table, columns, 'stdin')));
  stream.end(copyText(lines));
  await finished(stream);
}

/**
 * Runs `work` in one transaction: committed when it returns (rolled back instead with
 * `rollback`: an import preview), rolled back when it throws
 * (or when the process dies: PostgreSQL and PGlite both discard an uncommitted transaction).
 * PostgreSQL gives it a connection of the imports' own pool (pgDatabase: two at once, the
 * others wait); PGlite has one connection, so other queries wait until the import ends (the
 * upload is spooled first, so that is only the time the file takes to apply).
 */
export async function inTransaction<T>(
  database: Database,
  work: (q: SqlRunner) => Promise<T>,
  opts: { rollback?: boolean } = {},
): Promise<T> {
  if (database.kind === 'pglite') {
    return database.pglite.transaction(async (tx) => {
      const result = await work({
        kind: 'pglite',
        query: async (text, params) => (await tx.query<never>(text, params)).rows,
        copyIn: async (table, columns, lines) => {
          if (lines.length)
            await tx.query(copySql(table, columns, "'/dev/blob'"), [], { blob: new Blob([copyText(lines)]) });
        },
      });
      if (opts.rollback) await tx.rollback();
      return result;
    });
  }
  const client = await database.importPool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work({
      kind: 'pg',
      query: async (text, params) => (await client.query(text, params)).rows,
      copyIn: async (table, columns, lines) => {
        if (lines.length) await copyIn(client, table, columns, lines);
      },
    });
    await client.query(opts.rollback ? 'rollback' : 'commit');
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
