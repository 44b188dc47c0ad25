import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Folders this process has made or found: every order writes two files into the same two
 * folders, and asking for them again each time is a system call per file for nothing. A
 * folder removed behind our back is made again (the write fails with ENOENT first).
 */
const knownFolders = new Set<string>();

/**
 * Temporary names: random per process (several processes, even on several hosts, may write
 * into one shared folder), then a counter, which costs nothing per file.
 */
const processTag = randomBytes(6).toString('hex');
let written = 0;

/**
 * Writes a file under a temporary name in the same folder, then renames it: a reader (the
 * ERP polling the export folder) sees the whole file or none of it, never half. The data is
 * on disk before the rename, and the rename before this resolves, so a power cut cannot
 * leave an empty file where the caller has already recorded a written one.
 */
export async function writeFileAtomic(file: string, data: string | Buffer): Promise<void> {
  const dir = path.dirname(file);
  written += 1;
  const tmp = path.join(dir, `.${path.basename(file)}.${processTag}-${written}.tmp`);
  try {
    if (!knownFolders.has(dir)) await makeFolder(dir);
    try {
      await writeDurably(tmp, data);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await makeFolder(dir);
      await writeDurably(tmp, data);
    }
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  await syncFolder(dir);
}

async function writeDurably(file: string, data: string | Buffer) {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(data);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/**
 * A folder's entries reach the disk when the folder itself is synced. Files renamed into one
 * folder at about the same time share a sync: a caller waits for the first sync that starts
 * after its rename, so under load one sync serves many files.
 */
interface FolderSync {
  current: Promise<void> | null;
  next: Promise<void> | null;
}
const folderSyncs = new Map<string, FolderSync>();

function syncFolder(dir: string): Promise<void> {
  let state = folderSyncs.get(dir);
  if (!state) {
    state = { current: null, next: null };
    folderSyncs.set(dir, state);
  }
  if (!state.current) return startFolderSync(dir, state);
  // The sync under way may have started before this caller's rename: wait for the next one.
  const waiting = state;
  waiting.next ??= waiting.current!.then(
    () => nextFolderSync(dir, waiting),
    () => nextFolderSync(dir, waiting),
  );
  return waiting.next;
}

function nextFolderSync(dir: string, state: FolderSync) {
  state.next = null;
  return startFolderSync(dir, state);
}

function startFolderSync(dir: string, state: FolderSync): Promise<void> {
  const run = fsyncFolder(dir).finally(() => {
    if (state.current === run) state.current = null;
  });
  state.current = run;
  return run;
}

async function fsyncFolder(dir: string) {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (err) {
    // Some file systems (network shares among them) cannot sync a folder; the file itself is.
    if (
      !['EINVAL', 'ENOTSUP', 'EISDIR', 'EPERM', 'EBADF'].includes((err as NodeJS.ErrnoException).code ?? '')
    ) {
      throw err;
    }
  } finally {
    await handle.close();
  }
}

async function makeFolder(dir: string) {
  knownFolders.delete(dir);
  await mkdir(dir, { recursive: true });
  knownFolders.add(dir);
}
