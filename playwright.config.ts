import { defineConfig, devices } from '@playwright/test';

// Each run gets its own port and data folder, so that runs side by side never share a server.
// The main process picks them; the workers it starts inherit the environment. The range stays
// below Linux's ephemeral ports (32768 and up), where outgoing connections could hold one.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 12_000));
const port = Number(process.env.E2E_PORT);
// Every journey runs on one business day, whatever day CI runs: Wednesday 11/25/2026 at 10:00
// AM Central by default (a 48-hour type-1 customer's earliest date is then a Saturday it cannot
// pick). The server's clock and each browser's (page.clock, tests/e2e/support.ts) are the real
// time moved by the same offset, so they agree to the millisecond and both run on. E2E_NOW
// runs the suite at another instant.
process.env.E2E_CLOCK_OFFSET_MS ??= String(
  Date.parse(process.env.E2E_NOW ?? '2026-11-25T10:00:00-06:00') - Date.now(),
);
const dataDir = `.tmp/e2e-${port}`;
export const baseURL = `http://127.0.0.1:${port}`;

// Debian's chromium (never `playwright install`: no browser downloads on these machines).
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/run-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    launchOptions,
    screenshot: 'only-on-failure',
    // A trace records every action of every journey and is thrown away when it passes: 12-20%
    // of the browser step (decision 034). CI's clone is gone after the run and only its log is
    // read, so CI records none; E2E_TRACE=retain-on-failure brings them back there.
    trace:
      (process.env.E2E_TRACE as 'retain-on-failure' | 'off' | undefined) ??
      (process.env.CI ? 'off' : 'retain-on-failure'),
    timezoneId: 'America/Chicago',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions } },
  ],
  webServer: {
    // A fresh embedded database with the demo data for every run.
    // The server runs and serves a copy of the build (the bundled server as production runs it,
    // decision 047), so a rebuild during the run cannot pull files away.
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && cp -r dist/web ${dataDir}/web && cp -r dist/server ${dataDir}/server && node ${dataDir}/server/main.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: `${dataDir}/web`,
      ADMIN_PASSWORD: 'e2e-admin-password',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      TEST_CLOCK_OFFSET_MS: process.env.E2E_CLOCK_OFFSET_MS,
    },
  },
});
