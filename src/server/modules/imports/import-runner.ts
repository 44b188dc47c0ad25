import type { FastifyBaseLogger } from 'fastify';
import {
  type ImportKind,
  type ImportPreview,
  type ImportReport,
  MAX_REPORTED_REJECTIONS,
  type RejectedLine,
} from '../../../domain/imports.schema.js';
import type { Database } from '../../db/client.js';
import { HttpError, unprocessable } from '../../lib/http-error.js';
import { importsCounter } from '../../lib/metrics.js';
import { type AuditActor, recordAuditSql } from '../audit/audit.js';
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
 * Rows per batch: one set-based statement each. PGlite runs in this thread, where each
 * statement costs more, so it takes larger batches.
 */
export const BATCH_ROWS = { pg: 2_000, pglite: 5_000 } as const;

export interface ImportEnv {
  now: Date;
  businessTz: string;
  /** The order history's credit order types, upper case (CREDIT_ORDER_TYPES). */
  creditOrderTypes: readonly string[];
  /** The prices file refuses lines that change a period that has started (PRICE_POST_AND_HOLD). */
  pricePostAndHold: boolean;
  /** The prices file takes breaks above 1 case (QUANTITY_BREAKS). */
  quantityBreaks: boolean;
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

export interface ImportWriter<Row> {
  /** Writes a batch: its rows in file order. */
  write(rows: Row[]): Promise<BatchCounts>;
  /** Once the whole file is written, before the report (what needs the whole file: order-history-replace.ts). */
  finish?(): Promise<void>;
  /** Said once at the end, in the report's Notes. */
  /** What the report says beside the counts; `preview`: nothing is kept, so nothing was done. */
  notes(preview: boolean): string[];
}

/** A kind of import file. */
export interface ImportDefinition<Row extends { line: number }> extends LineFormat<Row> {
  kind: ImportKind;
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

  /** `texts`: the batch's lines as read, by line number, for the rejected lines' Text. */
  add(c: BatchCounts, texts: Map<number, string>) {
    this.inserted += c.inserted;
    this.updated += c.updated;
    this.unchanged += c.unchanged;
    for (const r of c.rejected) this.reject({ ...r, Text: reportedText(texts.get(r.Line) ?? '') });
  }

  isRefused = (line: number) => this.refusedLines.has(line);

  firstRejected(): RejectedLine[] {
    return this.rejected.sort((a, b) => a.Line - b.Line).slice(0, MAX_REPORTED_REJECTIONS);
  }
}

const LOCK_BASE = 7_240_400;
const lockKeys: Record<ImportKind, number> = {
  Items: 1,
  Customers: 2,
  CustomerItems: 3,
  OrderHistory: 4,
  Availability: 5,
  Prices: 6,
  Invoices: 7,
};

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
  // Counted by kind and result (design.md 8.8): applied, previewed, refused (the file's fault: a
  // 4xx with its reason) or failed.
  const counted = <T>(done: Promise<T>) =>
    done.then(
      (answer) => {
        importsCounter.inc({ kind: def.kind, result: dryRun ? 'previewed' : 'applied' });
        return answer;
      },
      (err: unknown) => {
        const refused = err instanceof HttpError && err.statusCode < 500;
        importsCounter.inc({ kind: def.kind, result: refused ? 'refused' : 'failed' });
        throw err;
      },
    );
  return counted(
    inTransaction(
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
        let rows: Row[] = [];
        // The batch's lines as read, for the Text of a line the writer refuses.
        let texts = new Map<number, string>();
        // One batch is written while the next is parsed: PostgreSQL works while Node parses.
        let writing: Promise<void> = Promise.resolve();
        const flush = async () => {
          await writing;
          if (!rows.length) return;
          const batch = rows;
          const lines = texts;
          rows = [];
          texts = new Map();
          const write = () => writer.write(batch);
          writing = (changes ? changes.around(q, batch, write) : write()).then((counts) => {
            tally.add(counts, lines);
            opts.env.log.debug({ kind: def.kind, lines: tally.lines }, 'import batch written');
          });
          writing.catch(() => {}); // awaited by the next flush; meanwhile not an unhandled rejection
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
              rows.push(outcome.row);
              texts.set(line.lineNo, line.text);
              if (rows.length >= rowsPerBatch) await flush();
            }
          }
          await flush();
          await writing;
          await writer.finish?.();
        } catch (err) {
          // A batch may still be on its way to the database: let it land before the rollback.
          await writing.catch(() => {});
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
    ),
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
