import type { FastifyBaseLogger } from 'fastify';
import {
  type ImportKind,
  type ImportReport,
  MAX_REPORTED_REJECTIONS,
  type RejectedLine,
} from '../../../domain/imports.schema.js';
import type { Database } from '../../db/client.js';
import { unprocessable } from '../../lib/http-error.js';
import { createLineParser, type LineFormat } from './line-parser.js';
import { inTransaction, type SqlRunner } from './sql-runner.js';
import { NotTextError, readTsvLines } from './tsv-reader.js';

/**
 * Reads a file line by line, parses each line, and writes the rows in batches with one
 * set-based statement each, all in one transaction (design.md 5.8): a refused file, a
 * failed statement or a dead process leaves nothing applied.
 */

/** Rows per batch: big enough that a statement's round trip is noise, small enough to stay flat. */
export const BATCH_ROWS = 5_000;

export interface ImportEnv {
  now: Date;
  businessTz: string;
  log: FastifyBaseLogger;
}

export interface BatchCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Lines refused while writing (an unknown customer or product, ...). */
  rejected: RejectedLine[];
}

export interface ImportWriter<Row> {
  write(rows: Row[]): Promise<BatchCounts>;
  /** Said once at the end, in the report's Notes. */
  notes(): string[];
}

export interface ImportDefinition<Row extends { line: number }> extends LineFormat<Row> {
  kind: ImportKind;
  /** Prepares a writer inside the import's transaction (loads the lookups it needs). */
  open(q: SqlRunner, env: ImportEnv): Promise<ImportWriter<Row>>;
}

/** Keeps the counts and the first rejected lines; memory stays bounded however many there are. */
class Tally {
  lines = 0;
  inserted = 0;
  updated = 0;
  unchanged = 0;
  rejectedCount = 0;
  private rejected: RejectedLine[] = [];

  reject(r: RejectedLine) {
    this.rejectedCount++;
    this.rejected.push(r);
    // Batches may report out of order; keeping the lowest line numbers keeps "the first ones".
    if (this.rejected.length >= 2 * MAX_REPORTED_REJECTIONS) this.rejected = this.firstRejected();
  }

  add(c: BatchCounts) {
    this.inserted += c.inserted;
    this.updated += c.updated;
    this.unchanged += c.unchanged;
    for (const r of c.rejected) this.reject(r);
  }

  firstRejected(): RejectedLine[] {
    return this.rejected.sort((a, b) => a.Line - b.Line).slice(0, MAX_REPORTED_REJECTIONS);
  }
}

const LOCK_BASE = 7_240_400;
const lockKeys: Record<ImportKind, number> = { Items: 1, Customers: 2, CustomerItems: 3, OrderHistory: 4 };

export async function runImport<Row extends { line: number }>(
  database: Database,
  def: ImportDefinition<Row>,
  source: AsyncIterable<Uint8Array>,
  opts: { fileName: string; env: ImportEnv },
): Promise<ImportReport> {
  return inTransaction(database, async (q) => {
    // Two uploads of the same kind at once would deadlock on each other's rows: one waits.
    await q.query('select pg_advisory_xact_lock($1)', [LOCK_BASE + lockKeys[def.kind]]);
    const writer = await def.open(q, opts.env);
    const tally = new Tally();
    const parseLine = createLineParser(def);
    let batch: Row[] = [];
    // One batch is written while the next is parsed (PostgreSQL works while Node parses).
    let writing: Promise<void> | null = null;
    const flush = async () => {
      if (writing) await writing;
      const rows = batch;
      batch = [];
      writing = rows.length
        ? writer.write(rows).then((counts) => {
            tally.add(counts);
            opts.env.log.debug({ kind: def.kind, lines: tally.lines }, 'import batch written');
          })
        : null;
      writing?.catch(() => {}); // handled where it is awaited; this stops an unhandled-rejection crash
    };

    try {
      for await (const lines of readTsvLines(source)) {
        for (const line of lines) {
          const outcome = parseLine(line);
          if (outcome.kind === 'skip') continue;
          tally.lines++;
          if (outcome.kind === 'reject') {
            tally.reject(outcome.rejected);
            continue;
          }
          batch.push(outcome.row);
          if (batch.length >= BATCH_ROWS) await flush();
        }
      }
      await flush();
      if (writing) await writing;
    } catch (err) {
      if (err instanceof NotTextError) throw unprocessable(err.message);
      throw err;
    }

    if (tally.lines === 0) throw unprocessable('The file has no lines to import');
    const rejected = tally.firstRejected();
    if (tally.inserted + tally.updated + tally.unchanged === 0) {
      // Every line is wrong: most likely the wrong file (or not tab-separated); nothing is kept.
      throw unprocessable(
        `No line of the file could be imported; the first problem is on line ${rejected[0]?.Line}: ${rejected[0]?.Message}`,
        rejected.slice(0, 20).map((r) => ({ Field: `Line ${r.Line}`, Message: r.Message })),
      );
    }
    return {
      Kind: def.kind,
      FileName: opts.fileName,
      Lines: tally.lines,
      Inserted: tally.inserted,
      Updated: tally.updated,
      Unchanged: tally.unchanged,
      Rejected: rejected,
      RejectedCount: tally.rejectedCount,
      Notes: writer.notes(),
    };
  });
}

/** The last row for each key: within one statement a key can be written once, and the later line wins. */
export function lastByKey<Row>(rows: Row[], key: (row: Row) => string | number): Row[] {
  const map = new Map<string | number, Row>();
  for (const row of rows) {
    const k = key(row);
    map.delete(k);
    map.set(k, row);
  }
  return [...map.values()];
}

/** Counts of an upsert that returned `inserted` for each row it wrote; the rest were unchanged. */
export interface UpsertCounts {
  inserted: number;
  updated: number;
}
