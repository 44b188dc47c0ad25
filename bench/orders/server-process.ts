import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ADMIN_PASSWORD = 'bench-admin-password';

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Web orders stored, counted by their back-office files (PGlite cannot be opened by a second process). */
  countWebOrders(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The server's node arguments as `npm run serve` has them (the bundled dist/server/main.js,
 * decision 047), bundled again first (half a second) so that it is the source as it is now;
 * BENCH_TSX=1 runs src/server/main.ts through tsx instead.
 */
function serverArgs(): string[] {
  if (process.env.BENCH_TSX === '1') return ['--import', 'tsx', 'src/server/main.ts'];
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the server could not be built');
  return JSON.parse(readFileSync('package.json', 'utf8')).scripts.serve.split(' ').slice(1);
}

/** Starts the server in its own process, as production runs it, and waits for /healthz. */
export async function startServer(opts: {
  databaseUrl?: string;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  // e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...serverArgs()], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      EXPORT_DIR: path.join(opts.dataDir, 'exports'),
      SEED_DEMO: 'false',
      ADMIN_PASSWORD,
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123',
      LOG_LEVEL: 'warn',
      // The bench sends thousands of orders from a few dozen customers a minute.
      ORDERS_PER_MINUTE: '1000000',
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : { DATABASE_URL: '' }),
      ...opts.env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    child,
    async countWebOrders() {
      // Every stored web order writes exactly one back-office file named by its Web Conf #.
      const dir = path.join(opts.dataDir, 'exports');
      return existsSync(dir) ? readdirSync(dir).filter((f) => /^W\d+\.txt$/.test(f)).length : 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
