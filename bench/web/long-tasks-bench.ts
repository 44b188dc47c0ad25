/**
 * The long tasks of a customer's page, measured in the browser itself (issue 22: total blocking
 * time). Lighthouse's TBT is a simulation: it takes the tasks of an unthrottled load, multiplies
 * them by 4 and lays them on a modelled network, so on a busy 2-core machine its figures move by
 * hundreds of ms from run to run. Here Debian's chromium loads the page with its CPU slowed 4x for
 * real (CDP `Emulation.setCPUThrottlingRate`), the page's own PerformanceObserver lists the
 * 'longtask' entries, and TBT is their time over 50 ms after the first contentful paint. The
 * tasks' start and duration are printed too, which says more than the sum: a render that React
 * could not split shows as one task of hundreds of ms.
 *
 *   npx tsx bench/web/long-tasks-bench.ts [--runs 5] [--path /order/form/0] [--web DIR] [--trace FILE]
 *
 * It serves dist/ (`npm run build` first) with the bundled server on the embedded database with
 * the demo data, the demo bar 1001 signed in; `--web DIR` serves another build's dist/web (a
 * baseline built from main, to compare back to back). `--trace FILE` writes the last run's
 * Chrome trace with the JavaScript samples (open it in DevTools' Performance panel).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option('--runs') ?? 5);
const pagePath = option('--path') ?? '/order/form/0';
const traceFile = option('--trace');
const root = path.resolve(import.meta.dirname, '../..');
const webRoot = path.resolve(option('--web') ?? path.join(root, 'dist/web'));
const serverMain = path.join(root, 'dist/server/main.js');
if (!existsSync(path.join(webRoot, 'index.html')) || !existsSync(serverMain)) {
  console.error('No build to serve: run `npm run build` first.');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bev-long-tasks-'));
const port = 20_000 + Math.floor(Math.random() * 12_000);
const origin = `http://127.0.0.1:${port}`;

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--max-semi-space-size=8', serverMain], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: webRoot,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      ADMIN_PASSWORD: 'long-tasks-admin-password',
      LOG_LEVEL: 'warn',
    },
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return child;
    } catch {}
    if (Date.now() - started > 120_000) throw new Error('the server did not answer /healthz in 120 s');
    await sleep(250);
  }
}

/** The demo bar's session cookies, as the login screen gets them. */
async function signIn() {
  const res = await fetch(`${origin}/api/v1/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ CompanyId: 1001, Zipcode: '60601' }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return res.headers.getSetCookie().map((c) => {
    const pair = c.split(';')[0]!;
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: origin };
  });
}

interface LongTask {
  start: number;
  duration: number;
}

declare global {
  interface Window {
    benchLongTasks: LongTask[];
    benchFcp: number | null;
  }
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const cookies = await signIn();
  const tbts: number[] = [];
  console.log(
    `${pagePath}, CPU 4x slower (CDP), no network throttling, ${runs} runs; ${os.loadavg()[0]} load`,
  );
  for (let run = 1; run <= runs; run++) {
    // Lighthouse's mobile screen (Moto G Power), no service worker: a first visit each time.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    await context.addCookies(cookies);
    await context.addInitScript(() => {
      window.benchLongTasks = [];
      window.benchFcp = null;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          window.benchLongTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          if (e.name === 'first-contentful-paint') window.benchFcp = e.startTime;
      }).observe({ type: 'paint', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const tracing = traceFile !== undefined && run === runs;
    if (tracing) {
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'disabled-by-default-v8.cpu_profiler',
          'blink.user_timing',
          'toplevel',
        ],
      });
    }
    await page.goto(origin + pagePath);
    await page.locator('main h1').first().waitFor({ timeout: 60_000 });
    // What runs after the heading shows (the form's data, the deferred hosts) counts too.
    await sleep(4000);
    if (tracing) writeFileSync(traceFile, await browser.stopTracing());
    const { tasks, fcp } = await page.evaluate(() => ({
      tasks: window.benchLongTasks,
      fcp: window.benchFcp,
    }));
    const after = fcp ?? 0;
    const tbt = tasks.reduce(
      (sum, t) => sum + Math.max(0, t.start + t.duration - Math.max(t.start, after) - 50),
      0,
    );
    tbts.push(tbt);
    const list = tasks.map((t) => `${Math.round(t.duration)}@${Math.round(t.start)}`).join(' ');
    console.log(
      `run ${run}: FCP ${Math.round(after)} ms, TBT ${Math.round(tbt)} ms; tasks (ms@start) ${list}`,
    );
    await context.close();
  }
  const sorted = [...tbts].sort((a, b) => a - b);
  console.log(`median TBT ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
