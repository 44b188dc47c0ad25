import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TEST_ADMIN } from './test-config.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The server's script (TypeScript: run through tsx, or bundled first). */
export const importServerScript = path.join(here, 'import-server.ts');
const script = importServerScript;

/** The moments of an order change at which crash-at.ts kills the server. */
export type CrashPoint = 'order-claimed' | 'order-committed';

/**
 * The server of import-server.ts in a child process (node --import tsx, so the pid is the
 * server's own, not a wrapper's): the crash test kills it, the benches read its memory, the
 * resilience tests run two of them on one database or take its database away.
 */
export class ServerProcess {
  readonly baseUrl: string;
  private readonly watchers = new Set<(line: string) => void>();
  private readonly exited: Promise<number | null>;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
    lines: AsyncIterable<string>,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    void (async () => {
      for await (const line of lines) for (const w of this.watchers) w(line);
    })();
  }

  /**
   * `nodeArgs`: how node runs the server, by default import-server.ts through tsx; a bench may
   * run it bundled instead, as production runs the server (bench/import/import-bench.ts).
   *
   * `timeoutMs` is how long to wait for READY before the process is killed. A start is node
   * and tsx loading the server's TypeScript (about 2 s of CPU), then the database: PGlite opens
   * its directory in 1-4 s and migrates and seeds a new one in 13 s or more (hence
   * PGLITE_SNAPSHOT). The API tests run several files at once on 2 cores, so the wall time is
   * several times the CPU time: measured in import-crash.routes.test.ts under the suite's load
   * (load average 10-13), 29 s for a fresh PGlite directory, 12 s from the snapshot, 8-9 s to
   * reopen one, about 5 s on PostgreSQL. 90 s is three times the worst of these: a start that
   * times out fails the test for no fault of the code under test, and the benches start it on
   * large databases.
   */
  static async start(
    env: Record<string, string | undefined>,
    timeoutMs = 90_000,
    nodeArgs: readonly string[] = ['--import', 'tsx', script],
  ): Promise<ServerProcess> {
    const child = spawn(process.execPath, nodeArgs, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const deadline = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    try {
      for (;;) {
        const next = await lines.next();
        if (next.done)
          throw new Error(`the server process ended before it was ready (exit ${child.exitCode})`);
        const ready = /^READY (\d+)$/.exec(next.value);
        if (ready) return new ServerProcess(child, Number(ready[1]), { [Symbol.asyncIterator]: () => lines });
      }
    } finally {
      clearTimeout(deadline);
    }
  }

  /**
   * The server of `start`, killed with SIGKILL at `point` of an order change: crash-at.ts,
   * loaded after tsx and before the server, watches the change's file operations.
   */
  static startCrashingAt(point: CrashPoint, env: Record<string, string | undefined>, timeoutMs?: number) {
    const crashAt = pathToFileURL(path.join(here, 'crash-at.ts')).href;
    return ServerProcess.start({ ...env, CRASH_AT: point }, timeoutMs, [
      '--import',
      'tsx',
      '--import',
      crashAt,
      script,
    ]);
  }

  /** Resolves at the first log line (JSON) for which `test` is true. */
  waitForLog(test: (entry: Record<string, unknown>) => boolean): Promise<void> {
    return new Promise((resolve) => {
      const watcher = (line: string) => {
        try {
          if (test(JSON.parse(line))) {
            this.watchers.delete(watcher);
            resolve();
          }
        } catch {
          // not a log line
        }
      };
      this.watchers.add(watcher);
    });
  }

  /** Calls `watch` with every JSON log line from now on (a line that is not JSON is skipped). */
  onLog(watch: (entry: Record<string, unknown>) => void): void {
    this.watchers.add((line) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line);
      } catch {
        return; // not a log line
      }
      watch(entry);
    });
  }

  /** The memory the process holds now (Linux: VmRSS), in bytes. */
  rss(): number {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
  }

  /** The most memory the process has held so far (Linux: VmHWM), in bytes. */
  peakRss(): number {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) * 1024;
  }

  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }

  async signInAdmin(): Promise<string> {
    const res = await fetch(`${this.baseUrl}/api/v1/Maint/Authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ User: TEST_ADMIN.user, Password: TEST_ADMIN.password }),
    });
    if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status}`);
    // The session cookie, not the device cookie a sign-in also sets (decision 021).
    const session = res.headers.getSetCookie().find((c) => c.startsWith('bev_session='));
    if (!session) throw new Error('admin sign-in set no session cookie');
    return session.split(';')[0]!;
  }

  /**
   * Starts a multipart upload whose body the caller writes (`head`, the file, `tail`): a raw
   * request, so a large file streams without being held in memory.
   */
  upload(urlPath: string, cookie: string, boundary: string, contentLength?: number) {
    const request = http.request(`${this.baseUrl}${urlPath}`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(contentLength === undefined ? {} : { 'content-length': contentLength }),
      },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.once('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      request.once('error', reject);
    });
    response.catch(() => {}); // a killed server ends the request; callers that care await it
    return { request, response };
  }
}
