/**
 * The customer's pages on a phone on a slow network (issue 22, design.md 7.9): Lighthouse
 * 12.2.3 (pinned; 13 needs Node 22) on Debian's chromium against the production build and the
 * bundled server (`npm run build`, decision 047) on the embedded database with the demo data,
 * Lighthouse's mobile profile (Moto G Power screen, simulated slow 4G: 150 ms round trip,
 * 1.6 Mbit/s, and a 4x slower CPU). Three runs of each page, then the median of:
 *   - LCP (largest contentful paint) and TBT (total blocking time),
 *   - the bytes transferred in all and of JavaScript (what the phone downloads: brotli where
 *     the browser asks for it),
 * for the login page, the order home and the order form (the demo bar 1001 signed in, its
 * session cookie sent with each request). Goals: LCP at most 2.0 s, TBT at most 200 ms, the
 * login page's JavaScript at most 90 kB.
 *
 * Then the repeat visit of the order home with the service worker in place: the page is
 * loaded once (the worker installs and caches the shell), then three times more without
 * clearing storage, with the network and CPU throttled for real (Lighthouse's devtools
 * throttling, since its simulation cannot model answers from the worker's cache). Goal: the
 * first contentful paint under 1 s.
 *
 *   npx tsx bench/web/lighthouse-bench.ts [--runs 3] [--only login,home,form,repeat] [--save DIR [--samples]]
 *
 * `--only` runs some of the pages (`login`, `home`, `form`, and `repeat` for the repeat
 * visit); `--save DIR` writes each run's Lighthouse result there as JSON (the requests:
 * `audits["network-requests"]`; the LCP element: `audits["largest-contentful-paint-element"]`),
 * and the trace it recorded beside it (`*.trace.json`): its long tasks are that trace's tasks
 * multiplied by 4. `--web DIR` serves another build (one built with `--minify false` names
 * the functions in the trace).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { root, startDemoServer } from './demo-server';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option('--runs') ?? 3);
const only = option('--only')?.split(',');
const included = (name: string) => !only || only.includes(name);
const saveDir = option('--save');
// The saved traces with the JavaScript samples too (what runs in each long task); the sampling
// costs time, so the figures of such runs are not to be compared with others.
const withSamples = args.includes('--samples');
const webRoot = option('--web');
if (saveDir) mkdirSync(saveDir, { recursive: true });
let saved = 0;
process.chdir(root);

if (!existsSync('dist/web/index.html') || !existsSync('dist/server/main.js')) {
  const built = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

interface Figures {
  lcp: number;
  fcp: number;
  tbt: number;
  total: number;
  js: number;
}

function figuresOf(lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  return {
    lcp: numeric('largest-contentful-paint'),
    fcp: numeric('first-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    total: summary?.find((i) => i.resourceType === 'total')?.transferSize ?? Number.NaN,
    js: summary?.find((i) => i.resourceType === 'script')?.transferSize ?? Number.NaN,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${Math.round(x).toLocaleString('en-US')} ms`;
const kb = (x: number) => `${(x / 1000).toFixed(1)} kB`;

async function audit(url: string, flags: Flags, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, {
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance'],
    ...(withSamples ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    ...flags,
  });
  if (!result) throw new Error(`no result for ${url}`);
  const err = result.lhr.runtimeError;
  // A trace that was not recorded (seen on the loaded 2-core machine): Lighthouse says to run
  // again, so the run is done once more rather than the whole bench lost.
  if (err?.code === 'NO_NAVSTART' && attempt < 3) return audit(url, flags, attempt + 1);
  if (err) throw new Error(`${url}: ${err.code} ${err.message}`);
  if (saveDir) {
    const name = `${String(++saved).padStart(2, '0')}-${new URL(url).pathname.replace(/\W+/g, '-')}.json`;
    writeFileSync(path.join(saveDir, name), JSON.stringify(result.lhr));
    // The trace Lighthouse recorded (unthrottled; its simulation multiplies the tasks by 4):
    // open it in DevTools' Performance panel to see what its long tasks are made of.
    const trace = (result.artifacts as { Trace?: unknown } | undefined)?.Trace;
    if (trace)
      writeFileSync(path.join(saveDir, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
  }
  return figuresOf(result.lhr);
}

const server = await startDemoServer({ host: 'localhost', ...(webRoot ? { webRoot } : {}) });
const { origin } = server;
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  const cookie = (await server.signIn()).map((c) => `${c.name}=${c.value}`).join('; ');
  const pages = [
    { key: 'login', name: 'login page (/user/login)', path: '/user/login', signedIn: false },
    { key: 'home', name: 'order home (/order/home)', path: '/order/home', signedIn: true },
    { key: 'form', name: 'order form (/order/form/0)', path: '/order/form/0', signedIn: true },
  ].filter((p) => included(p.key));
  console.log(
    `Lighthouse 12.2.3, mobile (simulated slow 4G, 4x CPU), ${runs} runs each, medians; Node ${process.versions.node}`,
  );
  console.log('page                           LCP        TBT       transfer   JavaScript');
  for (const page of pages) {
    const all: Figures[] = [];
    for (let i = 0; i < runs; i++) {
      all.push(
        await audit(`${origin}${page.path}`, {
          port: chrome.port,
          ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        }),
      );
    }
    const m = (k: keyof Figures) => median(all.map((f) => f[k]));
    console.log(
      `${page.name.padEnd(30)} ${ms(m('lcp')).padStart(9)} ${ms(m('tbt')).padStart(9)} ${kb(m('total')).padStart(10)} ${kb(m('js')).padStart(10)}`,
    );
  }

  if (included('repeat')) {
    // The repeat visit: the first load installs the worker; the next ones keep its cache.
    const repeat: Figures[] = [];
    const repeatFlags: Flags = {
      port: chrome.port,
      extraHeaders: { Cookie: cookie },
      throttlingMethod: 'devtools',
    };
    await audit(`${origin}/order/home`, repeatFlags);
    for (let i = 0; i < runs; i++) {
      repeat.push(await audit(`${origin}/order/home`, { ...repeatFlags, disableStorageReset: true }));
    }
    console.log(
      `order home, repeat visit with the service worker (devtools throttling, ${runs} runs): first contentful paint ${ms(median(repeat.map((f) => f.fcp)))}, LCP ${ms(median(repeat.map((f) => f.lcp)))}, transfer ${kb(median(repeat.map((f) => f.total)))}`,
    );
  }
} finally {
  await chrome.kill();
  await server.stop();
}
