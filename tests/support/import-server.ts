import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { TEST_SECRET, testConfig } from './test-config.js';

/**
 * The real server in a process of its own, for the import crash test and the import bench:
 * `node --import tsx tests/support/import-server.ts`. It listens on a free port and prints
 * `READY <port>`; its log (JSON lines) follows on stdout.
 *
 * Environment: DATA_DIR (required; PGlite lives in DATA_DIR/db), DATABASE_URL (PostgreSQL
 * instead), PGLITE_SNAPSHOT (a dumped data directory to start a new DATA_DIR/db from, as the
 * API tests do: much faster than migrating), SEED_DEMO (default 1), LOG_LEVEL (default info),
 * UPLOAD_LIMIT_MB (default 1024), SERVER_REDIS_URL and SERVER_TRUST_PROXY (REDIS_URL and TRUST_PROXY
 * of production), MEMORY_REPORT_MS (log the heap every so often, for the soak
 * bench: `{"msg":"memory usage","heapUsed":...}`, whatever LOG_LEVEL says), ORDERS_PER_MINUTE (the
 * per-customer order limit, raised by load tests).
 */
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const logLevel = (process.env.LOG_LEVEL ?? 'info') as 'info';
const config = testConfig({
  dataDir,
  pgliteDir: path.join(dataDir, 'db'),
  databaseUrl: process.env.DATABASE_URL || undefined,
  seedDemo: process.env.SEED_DEMO !== '0',
  logLevel,
  uploadLimitBytes: Number(process.env.UPLOAD_LIMIT_MB ?? 1024) * 1024 * 1024,
  // Tests start it on their fixed day (testClockEnv); benches on the real time.
  clockOffsetMs: Number(process.env.TEST_CLOCK_OFFSET_MS ?? 0),
  // The sign-in attack bench: shared counts and a trusted proxy, given by name so that a
  // REDIS_URL or TRUST_PROXY in the test runner's own environment never leaks in.
  redisUrl: process.env.SERVER_REDIS_URL || undefined,
  trustProxy: loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: TEST_SECRET,
    TRUST_PROXY: process.env.SERVER_TRUST_PROXY,
  }).trustProxy,
});

const snapshot = process.env.PGLITE_SNAPSHOT;
if (snapshot && !config.databaseUrl && !existsSync(config.pgliteDir)) {
  const seeded = new PGlite(config.pgliteDir, { loadDataDir: new Blob([readFileSync(snapshot)]) });
  await seeded.waitReady;
  await seeded.close();
}

const ordersPerMinute = process.env.ORDERS_PER_MINUTE ? Number(process.env.ORDERS_PER_MINUTE) : undefined;
const app = await buildApp({ config, logger: { level: logLevel }, ordersPerMinute });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);

const memoryReportMs = Number(process.env.MEMORY_REPORT_MS ?? 0);
if (memoryReportMs > 0) {
  // Straight to stdout: the bench runs the server at LOG_LEVEL=warn, and this is no warning.
  setInterval(() => {
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    process.stdout.write(`${JSON.stringify({ msg: 'memory usage', rss, heapUsed, heapTotal, external })}\n`);
  }, memoryReportMs).unref();
}

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
