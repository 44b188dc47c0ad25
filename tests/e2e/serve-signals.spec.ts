import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from './support';

/*
 * `npm run serve`, as the README starts a process, stopped the way a service manager or an
 * operator stops it: SIGTERM to the pid it started. The signal must reach the server (issue 44:
 * npm's shell did not pass it on, and node went on serving as an orphan, so the next start
 * failed with EADDRINUSE). The build is the one the browser journeys run on. One project: it
 * drives no browser.
 */
test('SIGTERM to the pid of `npm run serve` stops the server and frees its port', async () => {
  test.skip(test.info().project.name !== 'desktop', 'a process test: once is enough');
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bev-serve-'));
  const npm = spawn('npm', ['run', 'serve'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'serve-signals-password',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own process group, so that the clean-up below reaches whatever it started, even a
    // server it left behind. The test itself signals the npm pid alone, as an operator would.
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  try {
    let base = '';
    for await (const line of createInterface({ input: npm.stdout! })) {
      const running = /is running at (http:\/\/\S+?)\/?$/.exec(line);
      if (running) {
        base = running[1]!.replace('localhost', '127.0.0.1');
        break;
      }
    }
    expect(base).not.toBe('');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Nothing answers there any more: no server left behind the npm that was stopped.
    await expect
      .poll(
        () =>
          fetch(`${base}/healthz`).then(
            (r) => r.status,
            () => 'refused',
          ),
        { timeout: 15_000 },
      )
      .toBe('refused');
  } finally {
    try {
      process.kill(-npm.pid!, 'SIGKILL');
    } catch {
      // The group is gone: everything in it stopped.
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
