// The idle server's memory, on the Node that runs this script: starts the server as
// `npm start` does (`npm run serve`'s node arguments and dist/server/main.js, decision 047; the
// embedded database with the demo data, the built web app), in its own process and a fresh
// data folder, waits for /healthz, leaves it idle, then reads its resident memory (VmRSS) and
// its peak (VmHWM) from /proc. Run it under each Node version to compare them (decision 034):
//
//   node bench/memory/idle-rss.mjs [--idle-seconds 30] [--database pg] [--tsx]
//
// `--database pg` runs it on PostgreSQL instead (a database of its own on BENCH_DATABASE_URL's
// server, default the local one, dropped after): a first start migrates and seeds it, and the
// second, measured, starts on it as a distributor's server does. Either way one customer signs
// in once the server is up (issue 22: the idle server's RSS after start and one sign-in, goal
// at most 120 MB on PostgreSQL). `--tsx` runs src/server/main.ts through tsx instead.
//
// Builds the web app first if dist/web is missing (`npm run build`), and bundles the server
// every time. Linux only (/proc).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
process.chdir(root);
const args = process.argv.slice(2);
const idleSeconds = args.includes('--idle-seconds') ? Number(args[args.indexOf('--idle-seconds') + 1]) : 30;
const onPostgres = args.includes('--database') && args[args.indexOf('--database') + 1] === 'pg';
const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `bev_idle_${process.pid}`;
async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
let databaseUrl = '';
if (onPostgres) {
  await admin(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}

if (!existsSync('dist/web/index.html')) {
  console.log('dist/web is missing: npm run build');
  const r = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The server is bundled again (half a second), so the figure is the source's as it is now.
const bundled = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
if (bundled.status !== 0) process.exit(bundled.status ?? 1);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bev-idle-rss-'));
const port = 20_000 + Math.floor(Math.random() * 12_000);
// As production runs it: `npm run serve`'s node arguments (decision 047), in one process.
// `--tsx` measures the TypeScript run through tsx instead, as `npm run dev` does.
const serveArgs = JSON.parse(readFileSync('package.json', 'utf8')).scripts.serve.split(' ').slice(1);
const serverArgs = args.includes('--tsx') ? ['--import', 'tsx', 'src/server/main.ts'] : serveArgs;
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  ...(onPostgres ? { SESSION_SECRET: 'idle-rss-session-secret-of-at-least-32-chars' } : {}),
  SEED_DEMO: 'true',
  ADMIN_PASSWORD: 'idle-rss-admin-password',
  LOG_LEVEL: 'warn',
};

async function untilHealthy(server) {
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return (Date.now() - started) / 1000;
    } catch {}
    if (Date.now() - started > 120_000) throw new Error('the server did not answer /healthz in 120 s');
    await sleep(250);
  }
}

async function stop(server) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

// On PostgreSQL a first start migrates and seeds the demo data, and stops: a distributor's
// server starts on a database that is already there (SEED_DEMO is off for PostgreSQL), so
// the measured start does neither.
if (onPostgres) {
  const first = spawn(process.execPath, serverArgs, { stdio: ['ignore', 'ignore', 'inherit'], env });
  try {
    await untilHealthy(first);
  } finally {
    await stop(first);
  }
  env.SEED_DEMO = 'false';
}
const child = spawn(process.execPath, serverArgs, { stdio: ['ignore', 'ignore', 'inherit'], env });

/** VmRSS and VmHWM of the server process, in MB. */
function memory() {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

try {
  const ready = await untilHealthy(child);
  const atReady = memory();
  const signIn = await fetch(`http://127.0.0.1:${port}/api/v1/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ CompanyId: 1001, Zipcode: '60601' }),
  });
  if (!signIn.ok) throw new Error(`the demo customer's sign-in answered ${signIn.status}`);
  await sleep(idleSeconds * 1000);
  const idle = memory();
  console.log(
    `Node ${process.versions.node}, node ${serverArgs.join(' ')}, ${onPostgres ? 'PostgreSQL (a second start: the first migrated and seeded)' : 'embedded database'} with the demo data`,
  );
  console.log(`  ready (/healthz answered) after ${ready.toFixed(1)} s: RSS ${atReady.rss.toFixed(0)} MB`);
  console.log('  one customer signed in');
  console.log(
    `  idle RSS ${idleSeconds} s later: ${idle.rss.toFixed(0)} MB (peak since start ${idle.hwm.toFixed(0)} MB)`,
  );
} finally {
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
  if (onPostgres) await admin(`drop database if exists ${dbName} with (force)`);
}
