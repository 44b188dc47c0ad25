import { loadConfig } from './config.js';
import { RestoreRefused, restoreBackup } from './modules/backups/restore.js';

/**
 * `npm run restore -- FILE [--force]`: a backup of the embedded database back into DATA_DIR
 * (design.md 8.8). Stop the server first; `npm run serve` then starts on the restored data.
 */
const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('--'));

async function main(): Promise<number> {
  if (!file) {
    console.error('Usage: npm run restore -- FILE [--force]   (FILE: a backup-YYYYMMDD-HHMMSS.tar.gz)');
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: this database is PostgreSQL. Restore it with pg_restore (README, "Running it").',
    );
    return 2;
  }
  try {
    const done = await restoreBackup({ file, pgliteDir: config.pgliteDir, force });
    console.log(
      `Restored ${file} into ${config.pgliteDir}: ${done.customers} customers, ${done.orders} orders.${
        done.movedAside ? ` The database that was there is in ${done.movedAside}.` : ''
      } Start the server with npm run serve.`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof RestoreRefused)) throw err;
    console.error(`Not restored: ${err.message}. Nothing was changed.`);
    return 1;
  }
}

process.exitCode = await main();
