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
import { ByteLines } from './byte-lines.js';
import { HeaderError } from './header-line.js';
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
  /** The order history's credit order types, upper case (CREDIT_ORDER_TYPES). */
  creditOrderTypes: readonly string[];
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

/**
 * A batch as a writer gets it: its rows, or, where the definition's `copyLine` makes COPY
 * lines of them, those lines as bytes in `copy` (and no rows).
 */
export interface WriteBatch<Row> {
  rows: Row[];
  copy: ByteLines;
}

export interface ImportWriter<Row> {
  write(batch: WriteBatch<Row>): Promise<BatchCounts>;
  /** Once the whole file is written, before the report (what needs the whole file: order-history-replace.ts). */
  finish?(): Promise<void>;
  /** Said once at the end, in the report's Notes. */
  /** What the report says beside the counts; `preview`: nothing is kept, so nothing was done. */
  notes(preview: boolean): string[];
}

/**
 * A kind of import file. A batch keeps each row until it is written, or, on the database
 * `copyOn` names, only the row's `copyLine`, as bytes (the order history on PostgreSQL: 130
 * bytes in a reused buffer instead of an object of 13 fields; what a batch holds while the
 * previous one is written is what the young generation's collections move to the old one,
 * and what grows the heap during a large import, decision 048).
 */
export interface ImportDefinition<Row extends { line: number }> extends LineFormat<Row> {
  kind: ImportKind;
  copyOn?: Database['kind'];
  /** The row as a line of COPY's text format, without its line break (copyLine in sql-runner.ts). */
  copyLine?(row: Row): string;
  /**
   * The row's upsert key in words ('Code BR-1105'), and the scope it is unique in ('' or
   * absent: the file); a key seen twice is reported in Notes (repeated-keys.ts).
   */
  recordKey?(row: Row): { key: string; scope?: string };
  /** Prepares a writer inside the import's transaction (loads the lookups it needs). */
  open(q: SqlRunner, env: ImportEnv): Promise<ImportWriter<Row>>;
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
  /** The refused lines (up to 200,000), so that no note calls one applied (issue 33). */
  private readonly refusedLines = new Set<number>();

  reject(r: RejectedLine) {
    this.rejectedCount++;
    if (this.refusedLines.size < 200_000) this.refusedLines.add(r.Line);
    this.rejected.push(r);
    // Batches may report out of order; keeping the lowest line numbers keeps "the first ones".
    if (this.rejected.length >= 2 * MAX_REPORTED_REJECTIONS) this.rejected = this.firstRejected();
  }

  /** `texts`: the batch's lines as read (line numbers ascending), for the rejected lines' Text. */
  add(c: BatchCounts, texts: ByteLines) {
    this.inserted += c.inserted;
    this.updated += c.updated;
    this.unchanged += c.unchanged;
    for (const r of c.rejected) {
      const i = texts.indexOf(r.Line);
      this.reject({ ...r, Text: reportedText(i === -1 ? '' : texts.text(i)) });
    }
  }

  isRefused = (line: number) => this.refusedLines.has(line);

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
export async function runImport<Row extends { line: number }>(
  database: Database,
  def: ImportDefinition<Row>,
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
      const rowsPerBatch = BATCH_ROWS[database.kind];
      const changes = dryRun
        ? new ChangeCollector(def.preview, (row: Row) => def.recordKey?.(row).key ?? '', opts.env)
        : null;
      // A preview keeps a batch's rows too, while it still lists changes: copies, not the
      // parser's own objects (see where they are pushed).
      let batchRowsKept: Row[] | null = changes ? [] : null;
      const copyLine = def.copyOn === database.kind ? def.copyLine?.bind(def) : undefined;
      let batchRows: Row[] = [];
      // One batch is written while the next is parsed (PostgreSQL works while Node parses), so
      // there are two of each buffer, filled in turn. `texts`: the batch's lines as read, kept
      // until it is written, for the Text of a line the writer refuses (about 200 kB a batch).
      const copies = [new ByteLines(), new ByteLines()] as const;
      const texts = [new ByteLines(), new ByteLines()] as const;
      let turn: 0 | 1 = 0;
      const pipe: { writing: Promise<void> | null } = { writing: null };
      const flush = async () => {
        // The batch before this one is written: the buffers it had are free again.
        if (pipe.writing) await pipe.writing;
        const batch: WriteBatch<Row> = { rows: batchRows, copy: copies[turn] };
        const lines = texts[turn];
        const kept = batchRowsKept;
        turn = turn === 0 ? 1 : 0;
        copies[turn].clear();
        texts[turn].clear();
        batchRows = [];
        batchRowsKept = changes?.wanted() ? [] : null;
        const write = () => writer.write(batch);
        pipe.writing = lines.length
          ? (kept && changes ? changes.around(q, kept, write) : write()).then((counts) => {
              tally.add(counts, lines);
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
            if (copyLine) copies[turn].push(copyLine(outcome.row), line.lineNo);
            else batchRows.push(outcome.row);
            // A copy: when the parser's own rows outlived their batch, V8 learnt from them to
            // allocate every later row of the file straight into the old generation
            // (allocation-site pretenuring), with the strings they point to, and the preview's
            // heap grew 2-3 times as much as the import's (decision 048).
            batchRowsKept?.push({ ...outcome.row });
            texts[turn].push(line.text, line.lineNo);
            if (texts[turn].length >= rowsPerBatch) await flush();
          }
        }
        await flush();
        if (pipe.writing) await pipe.writing;
        await writer.finish?.();
      } catch (err) {
        // A batch may still be on its way to the database: let it land before the rollback.
        await pipe.writing?.catch(() => {});
        if (err instanceof NotTextError || err instanceof HeaderError) throw unprocessable(err.message);
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
        Notes: [...writer.notes(dryRun), ...repeated.report(tally.isRefused)],
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
