import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Folders this process has made or found: every order writes two files into the same two
 * folders, and asking for them again each time is a system call per file for nothing. A
 * folder removed behind our back is made again (the write fails with ENOENT first).
 */
const knownFolders = new Set<string>();

/**
 * Writes a file under a temporary name in the same folder, then renames it: a reader (the
 * ERP polling the export folder) sees the whole file or none of it, never half.
 */
export async function writeFileAtomic(file: string, data: string | Buffer): Promise<void> {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    if (!knownFolders.has(dir)) await makeFolder(dir);
    try {
      await writeFile(tmp, data, { flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await makeFolder(dir);
      await writeFile(tmp, data, { flag: 'wx' });
    }
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

async function makeFolder(dir: string) {
  knownFolders.delete(dir);
  await mkdir(dir, { recursive: true });
  knownFolders.add(dir);
}
