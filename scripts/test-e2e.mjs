// Browser tests: build the app, then Playwright drives Debian's chromium against a server
// it starts on the embedded database with demo data (playwright.config.ts).
//
// One Playwright process runs both projects (desktop and phone) against one server.
// E2E_PROJECTS_IN_PARALLEL=1 runs them at the same time instead, each in its own Playwright
// process with its own server, database and port, each project's output printed whole when it
// ends. That did not make the step shorter on CI's two cores (chromium keeps a core busy on its
// own), so it is not the default
// (decision 034).

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `${chromium} is missing: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.log(`${message} Skipping the browser tests.`);
  process.exit(0);
}

// The web app and the bundled server, as `npm run build` makes them (decision 047).
const built =
  (spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' }).status ?? 1) ||
  (spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' }).status ?? 1);
if (built !== 0) process.exit(built);

const args = process.argv.slice(2);
const freePort = (() => {
  const used = new Set();
  return () => {
    for (;;) {
      const port = 20_000 + Math.floor(Math.random() * 12_000);
      if (!used.has(port)) {
        used.add(port);
        return port;
      }
    }
  };
})();

/** One Playwright process on its own port (its server and data folder), output kept or shown. */
function playwright(extra, { buffered }) {
  const port = String(freePort());
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', ...args, ...extra], {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, E2E_PORT: port },
    });
    const output = [];
    child.stdout?.on('data', (d) => output.push(d));
    child.stderr?.on('data', (d) => output.push(d));
    child.on('close', (code, signal) => {
      // The port names the run's data folder (playwright.config.ts), removed once it is over.
      rmSync(`.tmp/e2e-${port}`, { recursive: true, force: true });
      resolve({ status: code ?? (signal ? 1 : 0), output: Buffer.concat(output).toString() });
    });
  });
}

const oneProcess =
  process.env.E2E_PROJECTS_IN_PARALLEL !== '1' ||
  args.some((a) => a === '--project' || a.startsWith('--project='));
if (oneProcess) {
  const { status } = await playwright([], { buffered: false });
  process.exit(status);
}

const projects = ['desktop', 'phone'];
console.log(`Running the ${projects.join(' and ')} projects side by side, each with its own server`);
const runs = await Promise.all(projects.map((p) => playwright(['--project', p], { buffered: true })));
for (const [i, run] of runs.entries()) {
  console.log(`\n----- ${projects[i]} -----\n${run.output}`);
}
const failed = projects.filter((_, i) => runs[i].status !== 0);
console.log(
  failed.length
    ? `\nbrowser tests failed on: ${failed.join(', ')}`
    : '\nbrowser tests passed on both projects',
);
process.exit(failed.length ? 1 : 0);
