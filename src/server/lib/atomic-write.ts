import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Temporary names: random per process (several processes, even on several hosts, may write
 * into one shared folder), then a counter.
 */
const processTag = randomBytes(6).toString('hex');
let written = 0;

/**
 * Writes a file under a temporary name in the same folder, then renames it: a reader (the
 * ERP polling the export folder) sees the whole file or none of it, never half. The data is
 * on disk before the rename (datasync), and the rename is on disk before this resolves (the
 * folder's sync), so a power cut cannot leave an empty file where the caller has already
 * recorded a written one. The folder is made when it is missing. The data may be a stream (a
 * backup, written as it is compressed): its error leaves no file.
 */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array | AsyncIterable<Uint8Array>,
): Promise<void> {
  const dir = path.dirname(file);
  written += 1;
  const tmp = path.join(dir, `.${path.basename(file)}.${processTag}-${written}.tmp`);
  const handle = await open(tmp, 'wx').catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
    await mkdir(dir, { recursive: true });
    return open(tmp, 'wx');
  });
  try {
    try {
      await writeFile(handle, data);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  await syncFolder(dir);
}

/**
 * Renames a file within its folder and has the rename on disk before this resolves (the
 * folder's sync, shared as `writeFileAtomic`'s is). A claimed export file goes back under its
 * own name this way (decision 052).
 */
export async function renameDurably(from: string, to: string): Promise<void> {
  await rename(from, to);
  await syncFolder(path.dirname(to));
}

/**
 * A folder's sync under way, and the one that follows it, which every caller arriving
 * meanwhile shares. The sync under way may have read the folder before a caller's rename, so
 * a caller that arrives then waits for the next; a sync that starts after a rename has that
 * rename on disk when it ends. At 32 orders at once, most files share their folder's sync
 * with others instead of paying an open, a sync and a close of their own (issue 16).
 */
const folderSyncs = new Map<string, { current: Promise<void>; next: Promise<void> | null }>();
const ignore = () => {};

function syncFolder(dir: string): Promise<void> {
  const state = folderSyncs.get(dir);
  if (!state) return startFolderSync(dir);
  state.next ??= state.current.then(ignore, ignore).then(() => startFolderSync(dir));
  return state.next;
}

function startFolderSync(dir: string): Promise<void> {
  const current: Promise<void> = fsyncFolder(dir).finally(() => {
    if (folderSyncs.get(dir)?.current === current) folderSyncs.delete(dir);
  });
  folderSyncs.set(dir, { current, next: null });
  return current;
}

async function fsyncFolder(dir: string): Promise<void> {
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
