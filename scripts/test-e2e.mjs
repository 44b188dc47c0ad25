// Browser tests: build the app, then Playwright drives Debian's chromium against a server
// it starts on the embedded database with demo data (playwright.config.ts).

import { spawnSync } from 'node:child_process';
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

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' }).status ?? 1;
const built = run('npx', ['vite', 'build', '--logLevel', 'warn']);
if (built !== 0) process.exit(built);
// The port names the run's data folder (playwright.config.ts), removed once the run is over.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 12_000));
const status = run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
rmSync(`.tmp/e2e-${process.env.E2E_PORT}`, { recursive: true, force: true });
process.exit(status);
