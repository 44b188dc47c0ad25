import { createRequire, syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import type { CrashPoint } from './server-process.js';

/**
 * A power cut in the middle of an order change (decision 052), injected from outside: this
 * module is loaded with `node --import` before the server (ServerProcess.startCrashingAt), and
 * with CRASH_AT naming a moment the process kills itself there with SIGKILL (no `finally`, no
 * close). Product code carries no hook: the moments are read off the change's file operations,
 * which node:fs and node:fs/promises are wrapped to watch.
 *
 * - `order-claimed`: the change has claimed the order's export file (the rename of `{file}` to
 *   `.{file}.claimed` beside it, claimExportFile) and its transaction has not committed: the
 *   claim is made inside the transaction, with the row locked, before any write.
 * - `order-committed`: the change's transaction has committed and the claim is not yet
 *   settled. The first look at the claim after it was made is settleExportClaim's
 *   `existsSync`: inside the transaction nothing touches the claim (undoing it after a failure
 *   renames it back, which disarms the watch), and every other reader of a claim (the sweep,
 *   Regenerate Orders, another change) looks only once it holds the order's row lock, that is,
 *   after this transaction ended. Between the commit and that look the process has only logged
 *   and begun the settling transaction (a lock, no write), which the kill rolls back: what is
 *   on disk and in the database is what a kill right after the commit leaves.
 *
 * A change of an order whose file was never written claims it with an empty file instead of a
 * rename; the crash test changes a written order, so that claim is not watched.
 */
const point = process.env.CRASH_AT as CrashPoint | undefined;
if (point !== 'order-claimed' && point !== 'order-committed')
  throw new Error(`CRASH_AT must be order-claimed or order-committed, not ${point}`);

const die = () => process.kill(process.pid, 'SIGKILL');

/** `to` is `from`'s claim: `.{name}.claimed` in the same folder. */
const isClaim = (from: string, to: string) =>
  path.dirname(to) === path.dirname(from) && path.basename(to) === `.${path.basename(from)}.claimed`;

// The modules' own objects, which their ESM named exports follow after syncBuiltinESMExports.
const require = createRequire(import.meta.url);
const fs: { existsSync: (file: unknown) => boolean } = require('node:fs');
const fsp: { rename: (from: unknown, to: unknown) => Promise<void> } = require('node:fs/promises');

/** Claims made and still standing (absolute paths): what `order-committed` waits to be looked at. */
const claims = new Set<string>();

const rename = fsp.rename;
fsp.rename = async (from, to) => {
  await rename(from, to);
  const source = path.resolve(String(from));
  const target = path.resolve(String(to));
  claims.delete(source); // undone or settled: no longer this change's claim
  if (!isClaim(source, target)) return;
  if (point === 'order-claimed') die();
  else claims.add(target);
};

const existsSync = fs.existsSync;
fs.existsSync = (file) => {
  if (point === 'order-committed' && claims.has(path.resolve(String(file)))) die();
  return existsSync(file);
};

syncBuiltinESMExports();
