import { existsSync, readdirSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

/**
 * `npm run restore -- FILE [--force]` (design.md 8.8, decision 081): a backup of the embedded
 * database put back into DATA_DIR/db. The file is checked whole before anything is touched (a
 * gzip stream that ends early, a tar that does not hold a database), then loaded into a folder
 * beside the database and opened, and only then swapped in: a refused or failed restore leaves
 * the existing database exactly as it was. A database already there is replaced only with
 * --force, and moved aside, never deleted.
 */

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

const BLOCK = 512;

/** The entries of a tar archive, by name; refuses one that ends inside an entry. */
function tarEntries(tar: Buffer): string[] {
  const names: string[] = [];
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) return names; // the end-of-archive blocks
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const prefix = header.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
    const size = Number.parseInt(
      header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim() || '0',
      8,
    );
    if (!Number.isFinite(size) || size < 0) throw new RestoreRefused('its archive has a broken entry');
    const next = at + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (next > tar.length) throw new RestoreRefused('its archive ends in the middle of a file');
    names.push(prefix ? `${prefix}/${name}` : name);
    at = next;
  }
  throw new RestoreRefused('its archive has no end');
}

/** The backup's bytes, checked: a whole gzip stream holding a whole tar of a database folder. */
export async function readBackup(file: string): Promise<Buffer> {
  let gz: Buffer;
  try {
    gz = await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new RestoreRefused(
      code === 'ENOENT' ? `There is no file ${file}` : `${file} cannot be read (${code})`,
    );
  }
  let tar: Buffer;
  try {
    tar = gunzipSync(gz);
  } catch (err) {
    throw new RestoreRefused(
      `${file} is damaged or cut short (${(err as Error).message}): it is not a whole backup`,
    );
  }
  let names: string[];
  try {
    names = tarEntries(tar);
  } catch (err) {
    throw new RestoreRefused(`${file} is damaged or cut short: ${(err as Error).message}`);
  }
  if (!names.some((n) => /(^|\/)PG_VERSION$/.test(n)))
    throw new RestoreRefused(`${file} is not a backup of this product's database (it holds no PG_VERSION)`);
  return gz;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/**
 * Restores `file` into `pgliteDir`. Answers how many orders the restored database holds and
 * where a replaced database was moved.
 */
export async function restoreBackup(opts: {
  file: string;
  pgliteDir: string;
  force: boolean;
}): Promise<{ orders: number; customers: number; movedAside: string | null }> {
  const { file, pgliteDir, force } = opts;
  const occupied = existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0;
  if (occupied && !force)
    throw new RestoreRefused(
      `${pgliteDir} already holds a database: stop the server, then give --force to replace it (the one there is moved aside, not deleted)`,
    );
  const gz = await readBackup(file);
  const staging = `${pgliteDir}.restoring-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  let counts: { orders: number; customers: number };
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = new PGlite(staging, { loadDataDir: new Blob([new Uint8Array(gz)]) });
    try {
      await pg.waitReady;
      const { rows } = await pg.query<{ orders: number; customers: number }>(
        'select (select count(*)::int from orders) as orders, (select count(*)::int from customers) as customers',
      );
      counts = rows[0]!;
    } finally {
      await pg.close();
    }
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    if (err instanceof RestoreRefused) throw err;
    throw new RestoreRefused(
      `${file} could not be opened as this product's database: ${(err as Error).message}`,
    );
  }
  let movedAside: string | null = null;
  if (occupied) {
    movedAside = `${pgliteDir}.replaced-${stamp(new Date())}`;
    await rename(pgliteDir, movedAside);
  }
  await rename(staging, pgliteDir);
  return { ...counts, movedAside };
}
