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
 *   npx tsx bench/web/long-tasks-bench.ts [--runs 5] [--path /order/form/0] [--web DIR] [--trace FILE] [--console]
 *
 * It serves dist/ (`npm run build` first) with the bundled server on the embedded database with
 * the demo data, the demo bar 1001 signed in; `--web DIR` serves another build's dist/web (a
 * baseline built from main, to compare back to back). `--trace FILE` writes the last run's
 * Chrome trace with the JavaScript samples (open it in DevTools' Performance panel); `--console`
 * prints what the page logs (a build with logging added by hand, say).
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { startDemoServer } from './demo-server';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option('--runs') ?? 5);
const pagePath = option('--path') ?? '/order/form/0';
const traceFile = option('--trace');
const printConsole = args.includes('--console');
const webRoot = option('--web');

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

const server = await startDemoServer(webRoot ? { webRoot } : {});
const { origin } = server;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const cookies = (await server.signIn()).map((c) => ({ ...c, url: origin }));
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
    if (printConsole) page.on('console', (message) => console.log(`  console: ${message.text()}`));
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
  await server.stop();
}
