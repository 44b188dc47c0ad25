import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import {
  DRY_RUN_OPTION,
  DRY_RUN_VALUE,
  IMPORT_FILE_FIELD,
  type ImportPreview,
  type ImportReport,
} from '../../../domain/imports.schema.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import type { Principal } from '../../plugins/auth.js';
import { auditActor } from '../audit/audit.js';
import { type ImportDefinition, runImport } from './import-runner.js';

/** What a multipart body may carry besides the file itself (boundaries, part headers, a few small fields). */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

export function tooLarge(limitBytes: number): HttpError {
  const mb = limitBytes / (1024 * 1024);
  const size = mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${limitBytes} bytes`;
  return new HttpError(413, `The file is larger than the upload limit of ${size}`);
}

/** The file's bytes as they arrive; a file cut off at the size limit fails at its end, inside the transaction. */
async function* untilLimit(stream: AsyncIterable<Uint8Array> & { truncated?: boolean }, limitBytes: number) {
  for await (const chunk of stream) yield chunk;
  if (stream.truncated) throw tooLarge(limitBytes);
}

type Parts = AsyncIterableIterator<Multipart>;
type PartLimits = { fileSize: number; files: number; fields: number; fieldSize: number };

/** What an upload works with (issue 35): the database, the clock, where to log, the settings it reads. */
export interface ImportDeps {
  database: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  config: Pick<
    AppConfig,
    'uploadLimitBytes' | 'dataDir' | 'businessTz' | 'creditOrderTypes' | 'pricePostAndHold' | 'quantityBreaks'
  >;
}

/** The upload as the HTTP layer hands it over (imports.routes.ts reads it off the request). */
export interface Upload {
  query: unknown;
  contentLength: string | undefined;
  /** The body's parts as they stream in; null for a body that is not multipart. */
  parts: ((limits: PartLimits) => Parts) | null;
  clientGone: () => boolean;
}

/** Where uploads are received before they are applied. */
export function spoolDir(dataDir: string): string {
  return path.join(dataDir, 'spool');
}

/** A spool file's name says which process on which machine is receiving it. */
const SPOOL_FILE = /^upload-(.+)-(\d+)-[0-9a-f]{16}\.part$/;
/** An upload brings 1 KiB every 30 s and applies within minutes: a day untouched is a leftover. */
export const SPOOL_LEFTOVER_MS = 24 * 60 * 60 * 1000;

function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * At start, removes the spool files a crashed or killed process left (its `finally` never ran):
 * those of this machine whose process is gone or has this process's id (a restarted container
 * is pid 1 again, and a process that has just started receives nothing yet), and any untouched
 * for a day (another machine's, sharing the folder). Uploads other live processes are
 * receiving are left alone. Returns the names removed.
 */
export async function removeLeftoverUploads(dir: string, now = Date.now()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const host = os.hostname();
  const removed: string[] = [];
  for (const name of names) {
    const match = SPOOL_FILE.exec(name);
    if (!match) continue;
    const file = path.join(dir, name);
    const pid = Number(match[2]);
    const orphaned = match[1] === host && (pid === process.pid || processIsGone(pid));
    if (!orphaned) {
      const touched = await stat(file).then(
        (s) => s.mtimeMs,
        () => now,
      );
      if (now - touched <= SPOOL_LEFTOVER_MS) continue;
    }
    await rm(file, { force: true });
    removed.push(name);
  }
  return removed;
}

/** Writes the upload's bytes to a new file under `dir` (removed again if the upload fails). */
async function spoolUpload(dir: string, bytes: AsyncIterable<Uint8Array>): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = `upload-${os.hostname()}-${process.pid}-${randomBytes(8).toString('hex')}.part`;
  const file = path.join(dir, name);
  try {
    await pipeline(Readable.from(bytes), createWriteStream(file, { flags: 'wx' }));
    return file;
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
}

/**
 * The query options an upload knows: `dryRun`, the preview of design.md 7.7, which takes one
 * value, `1` (decision 045). Any other option, or another value (`dryRun=true`, `dryRun=`, the
 * option twice), is refused before a byte of the file is read: a client that meant to preview
 * must never apply the file instead (issue 17, item 2).
 */
export const IMPORT_OPTIONS: readonly string[] = [DRY_RUN_OPTION];

/** The upload's options, or 422 for one it does not know or a value it does not take. */
export function importOptions(query: unknown): { dryRun: boolean } {
  const options = (query ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(options).filter((k) => !IMPORT_OPTIONS.includes(k));
  if (unknown.length) {
    const names = unknown.map((k) => `'${k.length > 40 ? `${k.slice(0, 40)}...` : k}'`).join(', ');
    throw new HttpError(
      422,
      `Unknown ${unknown.length === 1 ? 'option' : 'options'} ${names}: this import takes only ${IMPORT_OPTIONS.join(', ')}, so nothing was applied`,
      unknown.map((k) => ({ Field: k, Message: 'is not an option of this import' })),
    );
  }
  const dryRun = options[DRY_RUN_OPTION];
  if (dryRun !== undefined && dryRun !== DRY_RUN_VALUE) {
    throw new HttpError(
      422,
      `The option ${DRY_RUN_OPTION} takes only the value ${DRY_RUN_VALUE} (a preview), so nothing was applied`,
      [{ Field: DRY_RUN_OPTION, Message: `must be ${DRY_RUN_VALUE}` }],
    );
  }
  return { dryRun: dryRun === DRY_RUN_VALUE };
}

const oneFileOnly = () => new HttpError(400, 'Send one file per upload: this request has more than one');

/**
 * After the file's bytes, the rest of the request: a second file refuses the upload. It runs
 * inside the import's transaction, so the first file is not applied either (found by
 * tests/security/uploads.api.test.ts: the second file used to be ignored).
 */
async function* thenNoSecondFile(bytes: AsyncIterable<Uint8Array>, parts: Parts) {
  yield* bytes;
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        part.file.resume();
        throw oneFileOnly();
      }
    }
  } catch (err) {
    throw (err as { code?: string }).code === 'FST_FILES_LIMIT' ? oneFileOnly() : err;
  }
}

/** The multipart parser's own errors carry no code or status: a body cut short or without its boundary. */
function isMalformedMultipart(err: unknown): boolean {
  return (
    err instanceof Error &&
    !(err instanceof HttpError) &&
    (err as { statusCode?: unknown }).statusCode === undefined &&
    /multipart|boundary/i.test(err.message)
  );
}

/**
 * One upload: the file is read as it streams in (never buffered whole) and imported in one
 * transaction (rolled back for a preview, `?dryRun=1`); 413 past the size limit, 422 for a file that is not an import file at all or
 * an option the upload does not know, 400 for a request that is not one well-formed file.
 */
export async function importUpload<Row extends { line: number }>(
  deps: ImportDeps,
  input: { principal: Principal; upload: Upload },
  def: ImportDefinition<Row>,
): Promise<ImportReport | ImportPreview> {
  const { config } = deps;
  const upload = input.upload;
  const limit = config.uploadLimitBytes;
  const { dryRun } = importOptions(upload.query);
  if (!upload.parts) {
    throw new HttpError(415, `Send the file as multipart/form-data in a field named '${IMPORT_FILE_FIELD}'`);
  }
  // Refused before a byte is read when the request says it is too big.
  if (Number(upload.contentLength) > limit + MULTIPART_OVERHEAD_BYTES) throw tooLarge(limit);
  // @fastify/multipart hears the request's 'close' only from parts() on: a client that left
  // while the guard read its account (a PostgreSQL round trip) would leave the parts waiting
  // forever, the request never answered nor logged (found by client-disconnect.api.test.ts).
  if (upload.clientGone()) throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
  try {
    const parts = upload.parts({ fileSize: limit, files: 1, fields: 5, fieldSize: 1024 });
    // Read by hand, not with for-await: leaving that loop would close the parts for good.
    let next = await parts.next();
    while (!next.done && next.value.type !== 'file') next = await parts.next();
    const file = next.done ? undefined : (next.value as MultipartFile);
    if (!file)
      throw new HttpError(400, `No file was sent: attach one file in a field named '${IMPORT_FILE_FIELD}'`);
    if (file.fieldname !== IMPORT_FILE_FIELD) {
      file.file.resume();
      throw new HttpError(400, `The file must be sent in a field named '${IMPORT_FILE_FIELD}'`);
    }
    // The whole file is received first, into a spool file, and only then does the import take
    // its transaction: an upload however slow never holds the database (on PGlite, its one
    // connection, every customer's requests with it; issue 15, item 6). Past the size limit
    // (413) or with a second file (400) it is refused before the database is touched.
    const spooled = await spoolUpload(
      spoolDir(config.dataDir),
      thenNoSecondFile(untilLimit(file.file, limit), parts),
    );
    try {
      return await runImport(deps.database, def, createReadStream(spooled), {
        fileName: file.filename,
        env: {
          now: deps.now(),
          businessTz: config.businessTz,
          creditOrderTypes: config.creditOrderTypes,
          pricePostAndHold: config.pricePostAndHold,
          quantityBreaks: config.quantityBreaks,
          log: deps.log,
        },
        actor: auditActor(input.principal, deps.now),
        dryRun,
      });
    } finally {
      await rm(spooled, { force: true });
    }
  } catch (err) {
    if (isMalformedMultipart(err))
      throw new HttpError(400, 'The upload is not a well-formed multipart/form-data request');
    throw err;
  }
}
