// The file writer's thread (atomic-write.ts, decision 020). It writes each batch of files it
// is sent with plain synchronous calls, which cost a few microseconds each here, where every
// call through the main thread's libuv pool costs a round trip between two threads.
// Plain JavaScript: it runs with no loader (`execArgv: []`), the same under tsx and vitest.
import {
  closeSync,
  fdatasyncSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

/** Folders this thread has made or found; one removed behind its back is made again. */
const knownFolders = new Set();

/** Errors of file systems that cannot sync a folder (network shares among them); the file itself is synced. */
const FOLDER_SYNC_UNSUPPORTED = new Set(['EINVAL', 'ENOTSUP', 'EISDIR', 'EPERM', 'EBADF']);

parentPort.on('message', (batch) => parentPort.postMessage(writeBatch(batch)));

/**
 * Writes every file of the batch under its temporary name, then syncs and renames each, then
 * syncs each folder once. Writing them all before the first sync lets one journal commit carry
 * them all (ext4 in its default ordered mode writes their data with it), so the later syncs
 * find little left to do. A file that fails leaves no temporary file and fails alone.
 *
 * @param {{ id: number; file: string; tmp: string; data: string | Uint8Array }[]} batch
 * @returns {{ id: number; error?: { message: string; code?: string; syscall?: string; path?: string; errno?: number } }[]}
 */
function writeBatch(batch) {
  /** @type {Map<number, unknown>} the error of each file that failed */
  const failed = new Map();
  const created = [];
  for (const job of batch) {
    let fd;
    try {
      fd = create(job.tmp);
      writeFileSync(fd, job.data);
      created.push({ job, fd });
    } catch (err) {
      if (fd !== undefined) closeQuietly(fd);
      discard(job, err, failed);
    }
  }
  const folders = new Map();
  for (const { job, fd } of created) {
    try {
      try {
        fdatasyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(job.tmp, job.file);
      const dir = path.dirname(job.file);
      const renamed = folders.get(dir);
      if (renamed) renamed.push(job);
      else folders.set(dir, [job]);
    } catch (err) {
      discard(job, err, failed);
    }
  }
  // A folder's entries reach the disk when the folder is synced: only then does a file count.
  for (const [dir, jobs] of folders) {
    try {
      syncFolder(dir);
    } catch (err) {
      for (const job of jobs) failed.set(job.id, err);
    }
  }
  return batch.map(({ id }) => (failed.has(id) ? { id, error: describe(failed.get(id)) } : { id }));
}

/** Opens a new file for writing, making its folder first if this thread has not seen it or it was removed. */
function create(file) {
  const dir = path.dirname(file);
  if (!knownFolders.has(dir)) makeFolder(dir);
  try {
    return openSync(file, 'wx');
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
    makeFolder(dir);
    return openSync(file, 'wx');
  }
}

function makeFolder(dir) {
  knownFolders.delete(dir);
  mkdirSync(dir, { recursive: true });
  knownFolders.add(dir);
}

function syncFolder(dir) {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } catch (err) {
    if (!FOLDER_SYNC_UNSUPPORTED.has(err.code)) throw err;
  } finally {
    closeSync(fd);
  }
}

/** A file that failed: its error is the first one, whatever its clean-up runs into. */
function discard(job, err, failed) {
  try {
    rmSync(job.tmp, { force: true });
  } catch {}
  failed.set(job.id, err);
}

function closeQuietly(fd) {
  try {
    closeSync(fd);
  } catch {}
}

/** The caller's error: the message and, for a system call that failed, which one (code, syscall, path, errno). */
function describe(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const { code, syscall, path: file, errno } = err;
  return { message: err.message, code, syscall, path: file, errno };
}
