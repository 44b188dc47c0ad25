import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupFile, BackupsStatus } from '../../../domain/backups.schema.js';
import type { Database } from '../../db/client.js';
import { writeFileAtomic } from '../../lib/atomic-write.js';

/**
 * Backups of the embedded database (design.md 8.8, decision 081): a consistent copy taken in
 * the running process with PGlite's `dumpDataDir` (it runs between two statements, so the copy
 * is what a crash at that instant would leave: every committed order, none half-written),
 * written as `backup-YYYYMMDD-HHMMSS.tar.gz` (UTC) under a temporary name, synced and renamed,
 * and the newest BACKUP_KEEP kept. On PostgreSQL the ecosystem's pg_dump does it.
 */

export const POSTGRES_BACKUP_MESSAGE = 'On PostgreSQL, back up with pg_dump';
const NAME = /^backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-(\d+))?\.tar\.gz$/;
/** A backup more than a day past its time needs attention. */
const LATE_MS = 24 * 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'backup-20261125-160000.tar.gz' for 2026-11-25T16:00:00Z. */
export function backupName(at: Date): string {
  return `backup-${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}-${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}.tar.gz`;
}

/** The backups in `dir`, newest first; a missing folder (or a file in its way) has none. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return [] as string[];
    throw err;
  });
  const found = await Promise.all(
    names.flatMap((File) => {
      const m = NAME.exec(File);
      if (!m) return [];
      // When it was taken is in its name (UTC): the process's clock, as the schedule reads it.
      const [, y, mo, d, h, mi, se] = m;
      const TakenAt = new Date(`${y}-${mo}-${d}T${h}:${mi}:${se}Z`).toISOString();
      return [stat(path.join(dir, File)).then((st) => ({ File, Bytes: st.size, TakenAt }))];
    }),
  );
  return found.sort((a, b) => b.File.localeCompare(a.File, 'en', { numeric: true }));
}

export interface BackupSettings {
  dir: string;
  /** Hours between scheduled backups; 0: none scheduled. */
  hours: number;
  keep: number;
}

/**
 * The process's backups: one at a time (a second asked for meanwhile waits for the first, then
 * takes its own), the last failure kept for the dashboard, the old ones removed.
 */
export class BackupKeeper {
  private running: Promise<unknown> = Promise.resolve();
  private lastFailure: { At: string; Message: string } | null = null;
  /** When the process started: with no backup yet, lateness counts from here. */
  private readonly startedAt: number;

  constructor(
    private readonly database: Database,
    private readonly settings: BackupSettings,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {
    this.startedAt = now().getTime();
  }

  get embedded(): boolean {
    return this.database.kind === 'pglite';
  }

  /** Takes a backup now: the file written and synced, then the oldest beyond BACKUP_KEEP removed. */
  take(): Promise<BackupFile> {
    const next = this.running.then(() => this.takeOne());
    this.running = next.catch(() => undefined);
    return next;
  }

  private async takeOne(): Promise<BackupFile> {
    const { database } = this;
    if (database.kind !== 'pglite') throw new Error(POSTGRES_BACKUP_MESSAGE);
    const at = this.now();
    const started = Date.now();
    try {
      // The copy uncompressed: queries wait while it is taken (a few hundred ms for the demo's
      // data), then it is streamed through gzip (libuv's thread pool) into the file while they
      // go on, never copied whole again. PGlite's own gzip would hold the queries for the whole
      // compression (seconds). Level 1: a third of level 6's CPU for a file 15% larger
      // (bench/notes/backups.md), on the cores that answer the customers.
      const dump = await database.pglite.dumpDataDir('none');
      let file = backupName(at);
      // Two backups in one second (staff's and the schedule's): the second gets a suffix.
      const taken = new Set((await listBackups(this.settings.dir)).map((b) => b.File));
      for (let n = 2; taken.has(file); n++) file = backupName(at).replace('.tar.gz', `-${n}.tar.gz`);
      const target = path.join(this.settings.dir, file);
      // pipeline: an error on either side ends the gzip stream with it, so no file is left.
      const gz = pipeline(Readable.from(dump.stream()), createGzip({ level: 1 }), () => {});
      await writeFileAtomic(target, gz);
      const bytes = (await stat(target)).size;
      this.lastFailure = null;
      const removed = await this.rotate();
      this.log.info({ file, bytes, ms: Date.now() - started, removed }, 'database backup written');
      return { File: file, Bytes: bytes, TakenAt: at.toISOString() };
    } catch (err) {
      this.lastFailure = { At: at.toISOString(), Message: err instanceof Error ? err.message : String(err) };
      this.log.error({ err }, 'database backup failed');
      throw err;
    }
  }

  /** Removes the backups beyond the newest BACKUP_KEEP; answers their names. */
  private async rotate(): Promise<string[]> {
    const old = (await listBackups(this.settings.dir)).slice(this.settings.keep).map((b) => b.File);
    for (const file of old) await rm(path.join(this.settings.dir, file), { force: true });
    return old;
  }

  /**
   * The schedule's check: a backup when the newest is BACKUP_HOURS old or there is none. Checked
   * every few minutes, so a restart or a failed attempt neither skips a backup nor doubles one.
   */
  async takeIfDue(): Promise<BackupFile | null> {
    if (!this.embedded || this.settings.hours <= 0) return null;
    const [last] = await this.list();
    const age = last ? this.now().getTime() - Date.parse(last.TakenAt) : Number.POSITIVE_INFINITY;
    return age >= this.settings.hours * 3_600_000 ? this.take() : null;
  }

  list(): Promise<BackupFile[]> {
    return listBackups(this.settings.dir);
  }

  /** The dashboard's card: the last backup, the last failure, and whether one is over a day late. */
  async status(): Promise<BackupsStatus> {
    if (!this.embedded) return { Embedded: false, Last: null, LastFailure: null, Late: false };
    const [last] = await this.list();
    const due = this.settings.hours > 0;
    const since = last ? Date.parse(last.TakenAt) : this.startedAt;
    const late = due && this.now().getTime() - since > this.settings.hours * 3_600_000 + LATE_MS;
    return { Embedded: true, Last: last ?? null, LastFailure: this.lastFailure, Late: late };
  }
}
