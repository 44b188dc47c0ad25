/**
 * The production build served as `npm run serve` serves it, on the embedded database with the
 * demo data in a directory of its own, for the web benches (lighthouse-bench.ts,
 * long-tasks-bench.ts); and the demo bar 1001 signed in, as the login screen signs it in.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const root = path.resolve(import.meta.dirname, '../..');

export interface DemoServer {
  /** `http://{host}:{port}` */
  origin: string;
  /** The demo bar's session cookies, as `name=value` pairs. */
  signIn(): Promise<{ name: string; value: string }[]>;
  stop(): Promise<void>;
}

export interface DemoServerOptions {
  /** The name the pages are opened by (`localhost` is a secure context for the service worker). */
  host?: string;
  /** Another build's web files (`dist/web` by default). */
  webRoot?: string;
}

/** Starts the server and waits for its health check; throws when there is no build to serve. */
export async function startDemoServer({
  host = '127.0.0.1',
  webRoot,
}: DemoServerOptions = {}): Promise<DemoServer> {
  const web = path.resolve(webRoot ?? path.join(root, 'dist/web'));
  if (!existsSync(path.join(web, 'index.html')) || !existsSync(path.join(root, 'dist/server/main.js')))
    throw new Error('No build to serve: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bev-web-bench-'));
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  const origin = `http://${host}:${port}`;
  // `npm run serve`'s command, without npm in between.
  const serveArgs: string[] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
    .scripts.serve.split(' ')
    .slice(1);
  const child: ChildProcess = spawn(process.execPath, serveArgs, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: web,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      ADMIN_PASSWORD: 'web-bench-admin-password',
      LOG_LEVEL: 'warn',
    },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {}
    if (Date.now() - started > 120_000) {
      await stop();
      throw new Error('the server did not answer /healthz in 120 s');
    }
    await sleep(250);
  }

  async function signIn() {
    const res = await fetch(`${origin}/api/v1/Authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ CompanyId: 1001, Zipcode: '60601' }),
    });
    if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
    return res.headers.getSetCookie().map((c) => {
      const pair = c.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
    });
  }

  return { origin, signIn, stop };
}
