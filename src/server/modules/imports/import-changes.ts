import {
  type ImportChange,
  type ImportFieldChange,
  MAX_PREVIEW_CHANGES,
} from '../../../domain/imports.schema.js';
import type { BatchCounts, ImportEnv } from './import-runner.js';
import type { Cell, SqlRunner } from './sql-runner.js';

/**
 * The Changes of an import preview (design.md 7.7, decision 045). The preview runs the real
 * import in a transaction it rolls back, so its counts are the import's; the changes come from
 * the rows themselves, read just before and just after each batch is written, inside that
 * transaction. What the database holds before and after is what the counts were made of, so
 * a change is listed exactly where the import counted an insert or an update. Only the first
 * batches are read twice: once MAX_PREVIEW_CHANGES are found, the rest is written as in a real
 * import (memory stays flat; a batch's rows are kept only while the list is not full).
 */

/** A record's fields as staff see them, in the order shown. */
export type Snapshot = Map<string, Record<string, Cell>>;

export interface ImportPreviewDefinition<Row> {
  /** The record a row writes to, unique in the import (the upsert key, as a string). */
  keyOf(row: Row): string;
  /** The current fields of the records the rows write to, by `keyOf`; absent where none. */
  snapshot(q: SqlRunner, rows: Row[], env: ImportEnv): Promise<Snapshot>;
}

/** The change a row makes, from its record before and after the write; null when none. */
export function changeOf(
  line: number,
  key: string,
  before: Record<string, Cell> | undefined,
  after: Record<string, Cell> | undefined,
): ImportChange | null {
  // Not written (refused by the writer, or a web order's line): no change.
  if (!after) return null;
  const fields: ImportFieldChange[] = [];
  for (const [field, value] of Object.entries(after)) {
    const was = before ? (before[field] ?? null) : null;
    if (!before || was !== value) fields.push({ Field: field, Before: was, After: value });
  }
  if (before && !fields.length) return null;
  return { Line: line, Key: key, Action: before ? 'update' : 'insert', Fields: fields };
}

export class ChangeCollector<Row extends { line: number }> {
  private readonly changes: ImportChange[] = [];

  constructor(
    private readonly def: ImportPreviewDefinition<Row>,
    /** The key in words, as in Notes ('Code BR-1105'). */
    private readonly keyText: (row: Row) => string,
    private readonly env: ImportEnv,
  ) {}

  /** Whether the next batch's rows are still needed. */
  wanted(): boolean {
    return this.changes.length < MAX_PREVIEW_CHANGES;
  }

  /** Writes a batch with `write`, reading its records before and after while changes are wanted. */
  async around(q: SqlRunner, rows: Row[], write: () => Promise<BatchCounts>): Promise<BatchCounts> {
    if (!this.wanted()) return write();
    const before = await this.def.snapshot(q, rows, this.env);
    const counts = await write();
    const after = await this.def.snapshot(q, rows, this.env);
    const refused = new Set(counts.rejected.map((r) => r.Line));
    // Within a batch the later line of a key is the one written (lastByKey).
    const last = new Map<string, Row>();
    for (const row of rows) {
      if (refused.has(row.line)) continue;
      const key = this.def.keyOf(row);
      last.delete(key);
      last.set(key, row);
    }
    const found: ImportChange[] = [];
    for (const [key, row] of last) {
      const change = changeOf(row.line, this.keyText(row), before.get(key), after.get(key));
      if (change) found.push(change);
    }
    found.sort((a, b) => a.Line - b.Line);
    this.changes.push(...found.slice(0, MAX_PREVIEW_CHANGES - this.changes.length));
    return counts;
  }

  list(): ImportChange[] {
    return this.changes;
  }
}

/** The rows' keys as a JSON parameter, each key once: `key` gives its parts (a value or an array). */
export function keysParam<Row>(rows: Row[], keyOf: (row: Row) => string, key: (row: Row) => unknown): string {
  const keys = new Map<string, unknown>();
  for (const row of rows) keys.set(keyOf(row), key(row));
  return JSON.stringify([...keys.values()]);
}

/** Query rows `{ k, ...fields }` as a Snapshot. */
export function toSnapshot(rows: ({ k: string } & Record<string, Cell>)[]): Snapshot {
  return new Map(rows.map(({ k, ...fields }) => [k, fields]));
}
