/**
 * Bulk import bench (design.md 6, "bulk import"): 1,000,000 order history lines through the
 * real endpoint of a real server process, on a fresh PostgreSQL database and on a fresh
 * PGlite directory, against `psql \copy` of the same file into a bare 13-column text table.
 *
 *   npx tsx bench/import/import-bench.ts [--lines 1000000] [--availability 100000]
 *     [--prices 500000] [--invoices 200000] [--only pg|pglite]
 *     [--part history|availability|prices|invoices]
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where the
 * bench database is created and dropped. BENCH_SCHEMA_SQL names a SQL file run on that
 * database once the server has migrated it, before the uploads: a way to measure a schema
 * change by hand (bench/import/bulk-schema-trial.sql) without a migration. Goals: PostgreSQL
 * at least half the \copy rate and a peak RSS under 300 MB; PGlite at least 25,000 lines/s.
 * The server reports its memory every 250 ms, so the bench can say what the peak was made of.
 *
 * The history file is previewed first (`?dryRun=1`, design.md 7.7: the same import, rolled
 * back), then imported: goals for the preview, a time within 1.5 times the import's and a peak
 * RSS under 300 MB (decision 045). Each upload's peak is its own: the kernel's high-water mark
 * is reset between them (/proc/PID/clear_refs).
 *
 * The availability file (design.md 8.3, decision 070) is measured the same way: 100,000 lines
 * (`--availability`), one per item of a 100,000-item items file imported first, previewed then
 * imported, each upload's peak RSS under the same 300 MB bound. The prices file (design.md 8.4,
 * decision 073) too: 500,000 lines (`--prices`), every item priced for each of the 7 customer
 * types and then for customers one by one, previewed, imported, and imported again (every line
 * unchanged). The invoices file (design.md 8.4, decision 076): 200,000 lines (`--invoices`), 10 a
 * invoice, one invoice for each order of the history file, previewed then imported, with each
 * invoice checked against its order when the file is in; alone (`--part invoices`), the history
 * file it needs (10 lines an order) is imported first and not measured. `--part` runs one of the
 * four.
 *
 * The server runs as production runs it (decision 047): import-server.ts (the app with the
 * memory reports) bundled by esbuild as `npm run build` bundles main.ts, with `npm run serve`'s
 * node arguments (`--max-semi-space-size=8`). BENCH_TSX=1 runs it through tsx instead, as the
 * tests do and as this bench did before decision 048 (about 40 MB more at rest: the TypeScript
 * loader's thread, and V8's default 16 MB semi-spaces).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { multipartFrame } from '#support/multipart.js';
import { adminPostgresUrl, createDatabase, dropDatabase } from '#support/pg-admin.js';
import { importServerScript, ServerProcess } from '#support/server-process.js';
import {
  writeAvailability,
  writeCustomers,
  writeHistory,
  writeInvoices,
  writeItems,
  writePrices,
} from './generate.js';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '1000000' },
    availability: { type: 'string', default: '100000' },
    prices: { type: 'string', default: '500000' },
    invoices: { type: 'string', default: '200000' },
    only: { type: 'string' },
    part: { type: 'string' },
  },
});
const LINES = Number(values.lines);
const AVAILABILITY_LINES = Number(values.availability);
const PRICE_LINES = Number(values.prices);
const runsHistory = !values.part || values.part === 'history';
const runsAvailability = !values.part || values.part === 'availability';
const runsPrices = !values.part || values.part === 'prices';
const INVOICE_LINES = Number(values.invoices);
const runsInvoices = !values.part || values.part === 'invoices';
const CUSTOMERS = 2_000;
const ITEMS = 1_500;
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MB = 1024 * 1024;

const work = mkdtempSync(path.join(os.tmpdir(), 'bev-import-bench-'));
const files = {
  customers: path.join(work, 'customers.txt'),
  items: path.join(work, 'items.txt'),
  history: path.join(work, 'history.txt'),
  /** As many items as availability lines, so that each line names a known item. */
  availabilityItems: path.join(work, 'availability-items.txt'),
  availability: path.join(work, 'availability.txt'),
  prices: path.join(work, 'prices.txt'),
  invoices: path.join(work, 'invoices.txt'),
  /** The orders the invoices are for, when the history part does not run. */
  invoiceHistory: path.join(work, 'invoice-history.txt'),
};

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The server's node arguments: import-server.ts bundled into .tmp by scripts/build-server.mjs,
 * as `npm run build` bundles main.ts (the packages stay in node_modules, the migrations go
 * beside it), and `npm run serve`'s node arguments; or, with BENCH_TSX=1, through tsx.
 */
async function serverArgs(): Promise<{ args: string[]; how: string; remove: () => void }> {
  if (process.env.BENCH_TSX === '1')
    return { args: ['--import', 'tsx', importServerScript], how: 'tsx (BENCH_TSX=1)', remove: () => {} };
  const out = path.join(root, `.tmp/import-bench-${process.pid}`);
  const script = path.join(root, 'scripts/build-server.mjs');
  const built = spawnSync(process.execPath, [script, importServerScript, out], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`scripts/build-server.mjs failed (exit ${built.status})`);
  const serve: string[] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
    .scripts.serve.split(' ')
    .slice(1, -1); // node's options, without dist/server/main.js
  return {
    args: [...serve, path.join(out, 'import-server.js')],
    how: `bundled, node ${serve.join(' ')}`,
    remove: () => rmSync(out, { recursive: true, force: true }),
  };
}

async function upload(server: ServerProcess, cookie: string, url: string, file: string) {
  const boundary = `----bench${randomBytes(6).toString('hex')}`;
  const { head, tail } = multipartFrame(boundary, { fileName: path.basename(file) });
  const size = statSync(file).size;
  const started = performance.now();
  const { request, response } = server.upload(url, cookie, boundary, head.length + size + tail.length);
  request.write(head);
  const stream = createReadStream(file, { highWaterMark: 256 * 1024 });
  stream.pipe(request, { end: false });
  stream.on('end', () => request.end(tail));
  const res = await response;
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.slice(0, 500)}`);
  return { seconds, report: JSON.parse(res.body) };
}

/** The server's memory reports (import-server.ts, MEMORY_REPORT_MS): the last one and the largest figures. */
function watchMemory(server: ServerProcess) {
  const keys = ['heapUsed', 'heapTotal', 'external'] as const;
  const last = { heapUsed: 0, heapTotal: 0, external: 0 };
  const peak = { ...last };
  server.onLog((entry) => {
    if (entry.msg !== 'memory usage') return;
    for (const key of keys) {
      last[key] = Number(entry[key]) || 0;
      peak[key] = Math.max(peak[key], last[key]);
    }
  });
  const mb = (n: number) => `${(n / MB).toFixed(0)} MB`;
  return {
    /** The figures now; the peaks start again from them. */
    now: () => {
      Object.assign(peak, last);
      return { ...last };
    },
    since: (before: typeof last) =>
      `heap used ${mb(before.heapUsed)} before, ${mb(peak.heapUsed)} at most (heap ${mb(peak.heapTotal)}), external ${mb(peak.external)} at most`,
  };
}

function applySchemaTrial(databaseUrl: string) {
  const file = process.env.BENCH_SCHEMA_SQL;
  if (!file) return;
  const r = spawnSync('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-f', file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${file} failed: ${r.stderr}`);
  console.log(`Schema trial applied: ${file} (${readFileSync(file, 'utf8').split('\n')[0]})`);
}

/** CPU seconds (user + system) a process has used so far (Linux: /proc/PID/stat). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN; // the process has ended
  }
}

/**
 * The CPU time the server and the PostgreSQL backends of its database spend on an upload: on a
 * shared machine these figures compare two runs better than the wall clock does.
 */
async function cpuMeter(serverPid: number, databaseUrl: string | undefined) {
  const backends = async () => {
    if (!databaseUrl) return [];
    const sql =
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()';
    const r = spawnSync('psql', [databaseUrl, '-At', '-c', sql], { encoding: 'utf8' });
    return r.stdout.split('\n').filter(Boolean).map(Number);
  };
  const before = new Map((await backends()).map((pid) => [pid, cpuSeconds(pid)]));
  const server = cpuSeconds(serverPid);
  return async () => {
    let database = 0;
    // A backend that ended meanwhile (an idle pool connection closing) is left out.
    for (const pid of new Set([...before.keys(), ...(await backends())])) {
      const spent = cpuSeconds(pid) - (before.get(pid) ?? 0);
      if (!Number.isNaN(spent)) database += spent;
    }
    return { server: cpuSeconds(serverPid) - server, database };
  };
}

interface Result {
  target: string;
  seconds: number;
  linesPerSecond: number;
  peakRssMb: number;
  baselineRssMb: number;
  dryRun: { seconds: number; peakRssMb: number };
}

/** Starts a new peak RSS (VmHWM) for the process (Linux 4.0+: '5' to clear_refs). */
function resetPeakRss(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** The preview of the history file: its time and peak RSS; it must count every line and keep none. */
async function previewHistory(server: ServerProcess, cookie: string, memory: ReturnType<typeof watchMemory>) {
  await setTimeout(1_000);
  const baselineRssMb = server.rss() / MB;
  const heapBefore = memory.now();
  resetPeakRss(server.child.pid!);
  const { seconds, report } = await upload(server, cookie, '/api/OrderHistoryImport?dryRun=1', files.history);
  if (report.DryRun !== true || report.Inserted !== LINES || report.Changes.length !== 1000)
    throw new Error(`expected a preview of ${LINES} inserted lines: ${JSON.stringify(report).slice(0, 500)}`);
  const peakRssMb = server.peakRss() / MB;
  console.log(
    `preview (dryRun=1): ${LINES.toLocaleString('en-US')} lines in ${seconds.toFixed(1)} s = ${Math.round(LINES / seconds).toLocaleString('en-US')} lines/s; server peak RSS ${peakRssMb.toFixed(0)} MB (${baselineRssMb.toFixed(0)} MB before it; ${memory.since(heapBefore)})`,
  );
  await setTimeout(1_000); // a memory report or two at rest
  resetPeakRss(server.child.pid!);
  return { seconds, peakRssMb };
}

/** One availability upload (preview or import) with its own peak RSS; its report must account for every line. */
async function availabilityUpload(
  server: ServerProcess,
  cookie: string,
  memory: ReturnType<typeof watchMemory>,
  dryRun: boolean,
  target: string,
) {
  await setTimeout(1_000);
  const baselineRssMb = server.rss() / MB;
  const heapBefore = memory.now();
  resetPeakRss(server.child.pid!);
  const url = `/api/AvailabilityImport${dryRun ? '?dryRun=1' : ''}`;
  const { seconds, report } = await upload(server, cookie, url, files.availability);
  const applied = report.Inserted + report.Updated + report.Unchanged;
  if (
    report.Lines !== AVAILABILITY_LINES ||
    applied !== AVAILABILITY_LINES ||
    report.DryRun !== (dryRun || undefined)
  )
    throw new Error(`expected ${AVAILABILITY_LINES} lines applied: ${JSON.stringify(report).slice(0, 500)}`);
  const peakRssMb = server.peakRss() / MB;
  console.log(
    `${target} availability ${dryRun ? 'preview (dryRun=1)' : 'import'}: ${AVAILABILITY_LINES.toLocaleString('en-US')} lines in ${seconds.toFixed(1)} s = ${Math.round(AVAILABILITY_LINES / seconds).toLocaleString('en-US')} lines/s; ` +
      `server peak RSS ${peakRssMb.toFixed(0)} MB (${baselineRssMb.toFixed(0)} MB before it; ${memory.since(heapBefore)})` +
      // The bound is the PostgreSQL server's: PGlite's database lives in the server's process.
      (target === 'pg' ? `; goal < 300 MB ${peakRssMb < 300 ? 'PASS' : 'FAIL'}` : ''),
  );
  return peakRssMb;
}

/** One prices upload (preview or import) with its own peak RSS; its report must account for every line. */
async function pricesUpload(
  server: ServerProcess,
  cookie: string,
  memory: ReturnType<typeof watchMemory>,
  dryRun: boolean,
  target: string,
  what: string,
) {
  await setTimeout(1_000);
  const baselineRssMb = server.rss() / MB;
  const heapBefore = memory.now();
  resetPeakRss(server.child.pid!);
  const url = `/api/PriceImport${dryRun ? '?dryRun=1' : ''}`;
  const { seconds, report } = await upload(server, cookie, url, files.prices);
  const applied = report.Inserted + report.Updated + report.Unchanged;
  if (report.Lines !== PRICE_LINES || applied !== PRICE_LINES || report.DryRun !== (dryRun || undefined))
    throw new Error(`expected ${PRICE_LINES} lines applied: ${JSON.stringify(report).slice(0, 500)}`);
  const peakRssMb = server.peakRss() / MB;
  console.log(
    `${target} prices ${what}: ${PRICE_LINES.toLocaleString('en-US')} lines in ${seconds.toFixed(1)} s = ${Math.round(PRICE_LINES / seconds).toLocaleString('en-US')} lines/s ` +
      `(${report.Inserted} inserted, ${report.Unchanged} unchanged); server peak RSS ${peakRssMb.toFixed(0)} MB (${baselineRssMb.toFixed(0)} MB before it; ${memory.since(heapBefore)})` +
      (target === 'pg' ? `; goal < 300 MB ${peakRssMb < 300 ? 'PASS' : 'FAIL'}` : ''),
  );
}

/** One invoices upload (preview or import) with its own peak RSS; its report must account for every line. */
async function invoicesUpload(
  server: ServerProcess,
  cookie: string,
  memory: ReturnType<typeof watchMemory>,
  dryRun: boolean,
  target: string,
) {
  await setTimeout(1_000);
  const baselineRssMb = server.rss() / MB;
  const heapBefore = memory.now();
  resetPeakRss(server.child.pid!);
  const { seconds, report } = await upload(
    server,
    cookie,
    `/api/InvoiceImport${dryRun ? '?dryRun=1' : ''}`,
    files.invoices,
  );
  const applied = report.Inserted + report.Updated + report.Unchanged;
  if (report.Lines !== INVOICE_LINES || applied !== INVOICE_LINES)
    throw new Error(`expected ${INVOICE_LINES} lines applied: ${JSON.stringify(report).slice(0, 500)}`);
  const peakRssMb = server.peakRss() / MB;
  console.log(
    `${target} invoices ${dryRun ? 'preview (dryRun=1)' : 'import'}: ${INVOICE_LINES.toLocaleString('en-US')} lines (${(INVOICE_LINES / 10).toLocaleString('en-US')} invoices, each checked) in ${seconds.toFixed(1)} s = ${Math.round(INVOICE_LINES / seconds).toLocaleString('en-US')} lines/s; ` +
      `server peak RSS ${peakRssMb.toFixed(0)} MB (${baselineRssMb.toFixed(0)} MB before it; ${memory.since(heapBefore)})` +
      (target === 'pg' ? `; goal < 300 MB ${peakRssMb < 300 ? 'PASS' : 'FAIL'}` : ''),
  );
}

/** The invoices file (decision 076): the orders it is for, then its preview and its import. */
async function measureInvoices(
  server: ServerProcess,
  cookie: string,
  memory: ReturnType<typeof watchMemory>,
  target: string,
) {
  await invoicesUpload(server, cookie, memory, true, target);
  await invoicesUpload(server, cookie, memory, false, target);
}

/** The prices file (decision 073): its preview, its import, and the same file again. */
async function measurePrices(
  server: ServerProcess,
  cookie: string,
  memory: ReturnType<typeof watchMemory>,
  target: string,
) {
  await pricesUpload(server, cookie, memory, true, target, 'preview (dryRun=1)');
  await pricesUpload(server, cookie, memory, false, target, 'import');
  await pricesUpload(server, cookie, memory, false, target, 'import of the same file again');
}

/** The availability file (decision 070): its items first, then its preview, its import, and a second import that replaces the first. */
async function measureAvailability(
  server: ServerProcess,
  cookie: string,
  memory: ReturnType<typeof watchMemory>,
  target: string,
) {
  const items = await upload(server, cookie, '/api/ItemImport', files.availabilityItems);
  console.log(
    `${target}: ${AVAILABILITY_LINES.toLocaleString('en-US')} items for the availability file imported in ${items.seconds.toFixed(1)} s`,
  );
  await availabilityUpload(server, cookie, memory, true, target);
  await availabilityUpload(server, cookie, memory, false, target);
  await availabilityUpload(server, cookie, memory, false, target); // the same file again: every line unchanged
}

async function runTarget(
  target: 'pg' | 'pglite',
  nodeArgs: string[],
  databaseUrl?: string,
): Promise<Result | null> {
  const dataDir = mkdtempSync(path.join(work, `${target}-`));
  const server = await ServerProcess.start(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      UPLOAD_LIMIT_MB: '1024',
      MEMORY_REPORT_MS: '250',
    },
    undefined,
    nodeArgs,
  );
  const memory = watchMemory(server);
  try {
    if (databaseUrl) applySchemaTrial(databaseUrl);
    const cookie = await server.signInAdmin();
    await upload(server, cookie, '/api/CustomerImport', files.customers);
    await upload(server, cookie, '/api/ItemImport', files.items);
    if (runsAvailability) await measureAvailability(server, cookie, memory, target);
    if (runsPrices) await measurePrices(server, cookie, memory, target);
    if (!runsHistory) {
      if (runsInvoices) {
        await upload(server, cookie, '/api/OrderHistoryImport', files.invoiceHistory);
        await measureInvoices(server, cookie, memory, target);
      }
      return null;
    }
    const dryRun = await previewHistory(server, cookie, memory);
    const baselineRss = server.rss();
    const heapBefore = memory.now();
    const cpu = await cpuMeter(server.child.pid!, databaseUrl);
    const { seconds, report } = await upload(server, cookie, '/api/OrderHistoryImport', files.history);
    const used = await cpu();
    if (report.Inserted !== LINES)
      throw new Error(`expected ${LINES} lines inserted: ${JSON.stringify(report)}`);
    const result = {
      target,
      seconds,
      linesPerSecond: LINES / seconds,
      peakRssMb: server.peakRss() / MB,
      baselineRssMb: baselineRss / MB,
      dryRun,
    };
    console.log(
      `${target}: ${LINES.toLocaleString('en-US')} lines in ${seconds.toFixed(1)} s = ${Math.round(result.linesPerSecond).toLocaleString('en-US')} lines/s; ` +
        `server peak RSS ${result.peakRssMb.toFixed(0)} MB (${result.baselineRssMb.toFixed(0)} MB before the history upload; ${memory.since(heapBefore)}); ` +
        `CPU: server ${used.server.toFixed(1)} s${databaseUrl ? `, PostgreSQL ${used.database.toFixed(1)} s` : ''}`,
    );
    if (runsInvoices) await measureInvoices(server, cookie, memory, target);
    return result;
  } finally {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The ceiling: psql's \copy of the same file into a table with 13 text columns and nothing else. */
function psqlCopy(databaseUrl: string): number {
  const columns = Array.from({ length: 13 }, (_, i) => `c${i + 1} text`).join(', ');
  const sql = (command: string) => {
    const r = spawnSync('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-c', command], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`psql failed: ${r.stderr}`);
  };
  sql(`create table bench_copy (${columns})`);
  const started = performance.now();
  sql(`\\copy bench_copy from '${files.history}'`);
  const seconds = (performance.now() - started) / 1000;
  sql('drop table bench_copy');
  const rate = LINES / seconds;
  console.log(
    `psql \\copy: ${LINES.toLocaleString('en-US')} lines in ${seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en-US')} lines/s`,
  );
  return rate;
}

async function main() {
  console.log(
    `Generating ${CUSTOMERS} customers, ${ITEMS} items, ${runsHistory ? LINES.toLocaleString('en-US') : 'no'} order history lines, ${runsAvailability ? AVAILABILITY_LINES.toLocaleString('en-US') : 'no'} availability lines and ${runsPrices ? PRICE_LINES.toLocaleString('en-US') : 'no'} prices lines...`,
  );
  await writeCustomers(files.customers, CUSTOMERS);
  await writeItems(files.items, ITEMS);
  if (runsHistory) {
    const bytes = await writeHistory(files.history, LINES, CUSTOMERS, ITEMS);
    console.log(`History file: ${(bytes / MB).toFixed(0)} MB`);
  }
  if (runsAvailability) {
    await writeItems(files.availabilityItems, AVAILABILITY_LINES);
    const bytes = await writeAvailability(files.availability, AVAILABILITY_LINES, AVAILABILITY_LINES);
    console.log(
      `Availability file: ${AVAILABILITY_LINES.toLocaleString('en-US')} lines, ${(bytes / MB).toFixed(1)} MB`,
    );
  }
  if (runsPrices) {
    const bytes = await writePrices(files.prices, PRICE_LINES, ITEMS, CUSTOMERS);
    console.log(`Prices file: ${PRICE_LINES.toLocaleString('en-US')} lines, ${(bytes / MB).toFixed(1)} MB`);
  }
  if (runsInvoices) {
    if (runsHistory && LINES < INVOICE_LINES)
      throw new Error(`--invoices ${INVOICE_LINES} needs at least as many history lines (an order per 10)`);
    if (!runsHistory) await writeHistory(files.invoiceHistory, INVOICE_LINES, CUSTOMERS, ITEMS);
    const bytes = await writeInvoices(files.invoices, INVOICE_LINES, ITEMS);
    console.log(
      `Invoices file: ${INVOICE_LINES.toLocaleString('en-US')} lines, ${(bytes / MB).toFixed(1)} MB`,
    );
  }
  const server = await serverArgs();
  console.log(`Server: ${server.how}`);
  try {
    await targets(server.args);
  } finally {
    server.remove();
  }
}

async function targets(nodeArgs: string[]) {
  if (values.only !== 'pglite') {
    const name = `bev_bench_${randomBytes(4).toString('hex')}`;
    const url = await createDatabase(pgUrl, name);
    try {
      const ours = await runTarget('pg', nodeArgs, url);
      if (ours) {
        const ceiling = psqlCopy(url);
        const ratio = ours.linesPerSecond / ceiling;
        console.log(
          `PostgreSQL: ${(ratio * 100).toFixed(0)}% of the \\copy rate (goal 50%) ${ratio >= 0.5 ? 'PASS' : 'FAIL'}; ` +
            `peak RSS ${ours.peakRssMb.toFixed(0)} MB (goal < 300 MB) ${ours.peakRssMb < 300 ? 'PASS' : 'FAIL'}`,
        );
        const ratio15 = ours.dryRun.seconds / ours.seconds;
        console.log(
          `PostgreSQL preview: ${ratio15.toFixed(2)} times the import's time (goal <= 1.5) ${ratio15 <= 1.5 ? 'PASS' : 'FAIL'}; ` +
            `peak RSS ${ours.dryRun.peakRssMb.toFixed(0)} MB (goal < 300 MB) ${ours.dryRun.peakRssMb < 300 ? 'PASS' : 'FAIL'}`,
        );
      }
    } finally {
      await dropDatabase(adminPostgresUrl(pgUrl), name);
    }
  }
  if (values.only !== 'pg') {
    const ours = await runTarget('pglite', nodeArgs);
    if (ours) console.log(`PGlite: goal 25,000 lines/s ${ours.linesPerSecond >= 25_000 ? 'PASS' : 'FAIL'}`);
  }
}

try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
