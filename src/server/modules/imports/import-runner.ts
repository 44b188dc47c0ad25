import type { FastifyBaseLogger } from 'fastify';
import {
  type ImportKind,
  type ImportPreview,
  type ImportReport,
  MAX_REPORTED_REJECTIONS,
  type RejectedLine,
} from '../../../domain/imports.schema.js';
import type { Database } from '../../db/client.js';
import { unprocessable } from '../../lib/http-error.js';
import { type AuditActor, recordAuditSql } from '../audit/audit.js';
import { ChangeCollector, type ImportPreviewDefinition } from './import-changes.js';
import { createLineParser, type LineFormat, reportedText } from './line-parser.js';
import { RepeatedKeys } from './repeated-keys.js';
import { inTransaction, type SqlRunner } from './sql-runner.js';
import { NotTextError, readTsvLines } from './tsv-reader.js';

/**
 * Reads a file line by line, parses each line, and writes the rows in batches with one
 * set-based statement each, all in one transaction (design.md 5.8): a refused file, a
 * failed statement or a dead process leaves nothing applied.
 */

/**
 * Rows per batch. On PostgreSQL 2,000 is as fast as 5,000 and keeps a batch's objects young
 * enough to die before the garbage collector promotes them (the server's peak RSS over a
 * million lines: about +50 MB against +140 MB; for the order history's staged COPY lines,
 * peak RSS 247-254 MB at 2,000, 311 at 5,000, 292-305 at 10,000, for about the same database
 * time, which the foreign keys set). PGlite runs in this thread, where each
 * statement costs more, so it takes larger batches; its memory is the WASM heap's anyway.
 */
export const BATCH_ROWS = { pg: 2_000, pglite: 5_000 } as const;

export interface ImportEnv {
  now: Date;
  businessTz: string;
  log: FastifyBaseLogger;
}

/** A line a writer refuses; the runner adds its Text from the batch's lines. */
export type WriterRejection = Omit<RejectedLine, 'Text'>;

export interface BatchCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Lines refused while writing (an unknown customer or product, ...). */
  rejected: WriterRejection[];
}

export interface ImportWriter<Staged> {
  write(batch: Staged[]): Promise<BatchCounts>;
  /** Said once at the end, in the report's Notes. */
  notes(): string[];
}

/**
 * A kind of import file. `Staged` is what a batch keeps of each row until it is written: the
 * row itself, or, with `stage`, something smaller (the order history keeps a COPY line, a
 * short string, instead of an object of 13 fields: the batches promoted to the old generation
 * while the previous one is written are what grows the heap during a large import).
 */
export interface ImportDefinition<Row extends { line: number }, Staged = Row> extends LineFormat<Row> {
  kind: ImportKind;
  stage?(row: Row, kind: Database['kind']): Staged;
  /**
   * The row's upsert key in words ('Code BR-1105'), and the scope it is unique in ('' or
   * absent: the file); a key seen twice is reported in Notes (repeated-keys.ts).
   */
  recordKey?(row: Row): { key: string; scope?: string };
  /** Prepares a writer inside the import's transaction (loads the lookups it needs). */
  open(q: SqlRunner, env: ImportEnv): Promise<ImportWriter<Staged>>;
  /** How a preview reads the records a row writes to (import-changes.ts). */
  preview: ImportPreviewDefinition<Row>;
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

  /** `lines` and `texts`: the batch's line numbers (ascending) and texts, for the rejected lines' Text. */
  add(c: BatchCounts, lines: number[], texts: string[]) {
    this.inserted += c.inserted;
    this.updated += c.updated;
    this.unchanged += c.unchanged;
    for (const r of c.rejected)
      this.reject({ ...r, Text: reportedText(texts[indexOf(lines, r.Line)] ?? '') });
  }

  firstRejected(): RejectedLine[] {
    return this.rejected.sort((a, b) => a.Line - b.Line).slice(0, MAX_REPORTED_REJECTIONS);
  }
}

const LOCK_BASE = 7_240_400;
const lockKeys: Record<ImportKind, number> = { Items: 1, Customers: 2, CustomerItems: 3, OrderHistory: 4 };

/**
 * Imports a file. With `dryRun` (the preview, design.md 7.7) the very same import runs and its
 * transaction is rolled back instead of committed (decision 045): the counts are the import's,
 * nothing is kept, and the report adds the first changes (import-changes.ts).
 */
export async function runImport<Row extends { line: number }, Staged>(
  database: Database,
  def: ImportDefinition<Row, Staged>,
  source: AsyncIterable<Uint8Array>,
  opts: { fileName: string; env: ImportEnv; actor: AuditActor; dryRun?: boolean },
): Promise<ImportReport | ImportPreview> {
  const dryRun = opts.dryRun === true;
  return inTransaction(
    database,
    async (q) => {
      // Two uploads of the same kind at once would deadlock on each other's rows: one waits.
      await q.query('select pg_advisory_xact_lock($1)', [LOCK_BASE + lockKeys[def.kind]]);
      const writer = await def.open(q, opts.env);
      const tally = new Tally();
      const repeated = new RepeatedKeys();
      const parseLine = createLineParser(def);
      const batchRows = BATCH_ROWS[database.kind];
      const changes = dryRun
        ? new ChangeCollector(def.preview, (row: Row) => def.recordKey?.(row).key ?? '', opts.env)
        : null;
      // A preview keeps a batch's rows too, while it still lists changes.
      let batchRowsKept: Row[] | null = changes ? [] : null;
      // Without `stage` a batch keeps the rows themselves (Staged is Row then).
      const stage = def.stage ?? ((row: Row) => row as unknown as Staged);
      let batch: Staged[] = [];
      // The batch's lines as read, kept until it is written: a line the writer refuses is
      // reported with its text (about 200 kB a batch, gone with it).
      let batchLines: number[] = [];
      let batchTexts: string[] = [];
      // One batch is written while the next is parsed (PostgreSQL works while Node parses).
      const pipe: { writing: Promise<void> | null } = { writing: null };
      const flush = async () => {
        if (pipe.writing) await pipe.writing;
        const rows = batch;
        const lines = batchLines;
        const texts = batchTexts;
        const kept = batchRowsKept;
        batch = [];
        batchLines = [];
        batchTexts = [];
        batchRowsKept = changes?.wanted() ? [] : null;
        const write = () => writer.write(rows);
        pipe.writing = rows.length
          ? (kept && changes ? changes.around(q, kept, write) : write()).then((counts) => {
              tally.add(counts, lines, texts);
              opts.env.log.debug({ kind: def.kind, lines: tally.lines }, 'import batch written');
            })
          : null;
        pipe.writing?.catch(() => {}); // handled where it is awaited; this stops an unhandled-rejection crash
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
            const record = def.recordKey?.(outcome.row);
            if (record) repeated.see(record.key, line.lineNo, record.scope);
            batch.push(stage(outcome.row, database.kind));
            batchRowsKept?.push(outcome.row);
            batchLines.push(line.lineNo);
            batchTexts.push(line.text);
            if (batch.length >= batchRows) await flush();
          }
        }
        await flush();
        if (pipe.writing) await pipe.writing;
      } catch (err) {
        // A batch may still be on its way to the database: let it land before the rollback.
        await pipe.writing?.catch(() => {});
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
      const report: ImportReport = {
        Kind: def.kind,
        FileName: opts.fileName,
        Lines: tally.lines,
        Inserted: tally.inserted,
        Updated: tally.updated,
        Unchanged: tally.unchanged,
        Rejected: rejected,
        RejectedCount: tally.rejectedCount,
        Notes: [...writer.notes(), ...repeated.report()],
      };
      // A preview is not audited: it changes nothing (and its transaction is rolled back).
      if (changes) return { ...report, DryRun: true, Changes: changes.list() };
      // One row per file, with its counts, not one per line (design.md 7.6).
      const counts = ['Lines', 'Inserted', 'Updated', 'Unchanged', 'RejectedCount'] as const;
      await recordAuditSql(q, opts.actor, {
        action: 'Import',
        entity: 'Import',
        entityId: def.kind,
        summary: `Imported ${def.kind} file ${opts.fileName}: ${tally.lines} lines, ${tally.inserted} inserted, ${tally.updated} updated, ${tally.unchanged} unchanged, ${tally.rejectedCount} rejected`,
        changes: [
          { Field: 'FileName', Before: null, After: opts.fileName },
          ...counts.map((c) => ({
            Field: c === 'RejectedCount' ? 'Rejected' : c,
            Before: null,
            After: report[c],
          })),
        ],
      });
      return report;
    },
    { rollback: dryRun },
  );
}

/** Where `line` is in the ascending `lines` (binary search); -1 when it is not there. */
function indexOf(lines: number[], line: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = lines[mid]!;
    if (at === line) return mid;
    if (at < line) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
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

/**
 * Runs an `INSERT ... ON CONFLICT DO UPDATE ... WHERE (changed) RETURNING (xmax = 0) AS
 * inserted` and counts the rows it inserted and updated; rows it did not return were unchanged.
 */
export async function countedUpsert(
  q: SqlRunner,
  upsert: string,
  params: unknown[],
): Promise<{ inserted: number; updated: number }> {
  const [counts] = await q.query<{ inserted: number; updated: number }>(
    `with up as (${upsert})
     select count(*) filter (where inserted)::int as inserted, count(*) filter (where not inserted)::int as updated
     from up`,
    params,
  );
  return counts!;
}
