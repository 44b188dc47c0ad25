import type { Database } from '../../db/client.js';

/**
 * Plain SQL with positional parameters over either driver, so the import code is written
 * once. The imports bypass Drizzle on purpose: its query builder ran 100k rows at 17-20k
 * rows/s in the trial (design.md 6), a set-based statement per batch is several times that.
 */
export type Cell = string | number | boolean | null;

export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Appends rows (values in `columns` order) to a table, without conflict handling: COPY on
   * PGlite (about 10% faster there than parsing JSON), one INSERT ... SELECT over a JSON
   * parameter on PostgreSQL (as fast as COPY there, where the table's indexes and foreign
   * keys are the cost). Table and column names are the caller's constants, never input.
   */
  insertRows(table: string, columns: readonly string[], rows: readonly Cell[][]): Promise<void>;
}

/** COPY's text format: tab-separated, \N for null, backslash escapes for the characters it uses. */
export function copyText(rows: readonly Cell[][]): string {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (i) text += '\t';
      if (v === null) text += '\\N';
      else if (typeof v === 'string') text += /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, escapeCopy) : v;
      else text += String(v);
    }
    text += '\n';
  }
  return text;
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

function insertFromJson(
  table: string,
  columns: readonly string[],
  rows: readonly Cell[][],
): [string, unknown[]] {
  const list = columns.join(', ');
  return [
    `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1::json)`,
    [rowsJson(columns, rows)],
  ];
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
      work({
        query: async (text, params) => (await tx.query<never>(text, params)).rows,
        insertRows: async (table, columns, rows) => {
          if (!rows.length) return;
          const blob = new Blob([copyText(rows)]);
          await tx.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], { blob });
        },
      }),
    );
  }
  const client = await database.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work({
      query: async (text, params) => (await client.query(text, params)).rows,
      insertRows: async (table, columns, rows) => {
        if (rows.length) await client.query(...insertFromJson(table, columns, rows));
      },
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
