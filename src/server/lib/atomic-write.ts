import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
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
 * recorded a written one. The folder is made when it is missing.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
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
      await handle.writeFile(data);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
