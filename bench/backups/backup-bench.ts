/**
 * Backups of the embedded database (design.md 8.8, issue 42, decision 081): what a backup costs
 * the customers answered meanwhile, and what one costs at the bench's scale.
 *
 *   npx tsx bench/backups/backup-bench.ts [--part latency|scale] [--seconds 20] [--rate 40]
 *     [--warmup 5] [--takes 3] [--no-restore]
 *
 * `latency` (goal: "the process keeps answering customers during a backup of the demo data"):
 * the app built in this process (`buildApp`, as the API tests build it, through tsx) on PGlite
 * in a temporary DATA_DIR with the demo data (SEED_DEMO), listening on 127.0.0.1. Customer reads
 * from a worker thread of the same process (its own event loop, as a client process would have;
 * the 2 cores are shared all the same) at a fixed arrival rate (40 a second, design.md 8's
 * load), the load bench's mix without its two POST Orders (bench/load/load.ts): GET Orders x2,
 * GET Order x2, GET Worksheet, GET Customer, GET DisplayMessages, GET OrderGuide, from the demo
 * customers x001 and x002 of each type in turn. Requests start on a schedule whether or not
 * earlier ones are answered (an open model) and each latency runs from its scheduled instant.
 * Three windows of `--seconds` each after `--warmup` unmeasured: before (no backup), during
 * (POST Backup as admin, one after another, over the real socket), after. Per window: requests,
 * p50 / p95 / p99 / max, errors, the server's event loop's longest stall; during, also the
 * requests whose time overlapped a `dumpDataDir` (it holds PGlite's query lock) or the copy of
 * its answer (the event loop is blocked). Each backup's time, split at its `dumpDataDir` and
 * copy, and its size.
 *
 * `scale` (goal: "the backup's time and the file's size for 2,000 customers and 1,000,000
 * history lines on the embedded database"): the orders bench's data (bench/orders/bench-data.ts,
 * made in SQL, the fastest load that runs on PGlite: 2,000 customers, 1,500 items, 100,000
 * imported orders, 1,000,000 order lines), vacuumed and checkpointed, the database closed and
 * opened again by `buildApp` as a server start would. Then `app.backups.take()` `--takes` times:
 * each one's wall time, its `dumpDataDir` part (PGlite held), the copy of the dump to an
 * ArrayBuffer when the backup makes one, the rest (compression, write), the file's size, the
 * event loop's longest stall, how long a `select 1` due every 100 ms waited at most (from its
 * due instant), and the process's RSS before, at its peak (sampled every 100 ms, and the
 * kernel's high-water mark, which sees a peak while the event loop is blocked) and after. The
 * data directory's size (`du -sb`), pg_wal apart.
 *
 * Both parts then restore the last backup into a new PGlite directory (`loadDataDir`, as
 * tests/support/import-server.ts starts from a snapshot) and count its rows against the source,
 * unless `--no-restore`. Every temporary folder is removed at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { request } from '#support/socket-client.js';
import { TEST_ADMIN, testConfig } from '#support/test-config.js';
import { buildApp } from '../../src/server/app.js';
import { migrateDatabase, openDatabase } from '../../src/server/db/client.js';
import { demoCustomers } from '../../src/server/db/seed/demo-catalog.js';
import { generateBenchData } from '../orders/bench-data.js';
import { type Customer, customerCall, type Kind, readOrderIds, send } from '../soak/customer-calls.js';
import { percentile } from '../soak/stats.js';

/** The command's options; read in the main thread only (the load's thread gets its work by message). */
function readOptions() {
  const { values } = parseArgs({
    options: {
      part: { type: 'string' },
      seconds: { type: 'string', default: '20' },
      rate: { type: 'string', default: '40' },
      warmup: { type: 'string', default: '5' },
      takes: { type: 'string', default: '3' },
      'no-restore': { type: 'boolean', default: false },
    },
  });
  const part = values.part;
  if (part !== undefined && part !== 'latency' && part !== 'scale')
    throw new Error('--part is latency or scale');
  return {
    part,
    seconds: Number(values.seconds),
    rate: Number(values.rate),
    warmup: Number(values.warmup),
    takes: Number(values.takes),
    restore: !values['no-restore'],
  };
}
type Options = ReturnType<typeof readOptions>;

const MB = 1024 * 1024;

/** Milliseconds on a clock both threads share (performance.now() has an origin per thread). */
const clock = () => performance.timeOrigin + performance.now();
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const ms = (n: number) => n.toFixed(1).padStart(8);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** `du -sb`: the bytes a folder holds on disk. */
function diskBytes(dir: string): number {
  return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
}

/** The kernel's high-water mark of this process's RSS (it sees a peak the event loop cannot sample). */
function peakRss(): number {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
}

/** Starts the high-water mark again from the RSS now (as the import bench does for its server). */
function resetPeakRss() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {}
}

/**
 * The event loop's longest stall since `reset`: the longest gap between two runs of a 10 ms
 * timer, less its period. (A `monitorEventLoopDelay` histogram reset just before a block does not
 * record it: a 2 s busy loop right after its `reset()` showed as 10 ms on Node 20.)
 */
function loopStalls() {
  let last = performance.now();
  let max = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    max = Math.max(max, now - last - 10);
    last = now;
  }, 10);
  return {
    reset() {
      last = performance.now();
      max = 0;
    },
    /** The longest stall so far, the one under way included. */
    max: () => Math.max(max, performance.now() - last - 10),
    stop: () => clearInterval(timer),
  };
}

/**
 * The times `dumpDataDir` held PGlite (`clock` ms), and of the copy of its answer to an
 * ArrayBuffer when the backup makes one, noted by wrapping the app's instance.
 */
interface Dump {
  start: number;
  end: number;
  copy?: { start: number; end: number };
}

function watchDumps(app: FastifyInstance): Dump[] {
  const database = app.database;
  if (database.kind !== 'pglite') throw new Error('the bench is for the embedded database');
  const pglite = database.pglite;
  const dumps: Dump[] = [];
  const dumpDataDir = pglite.dumpDataDir.bind(pglite);
  pglite.dumpDataDir = async (compression) => {
    const dump: Dump = { start: clock(), end: 0 };
    dumps.push(dump);
    try {
      const file = await dumpDataDir(compression);
      const arrayBuffer = file.arrayBuffer.bind(file);
      file.arrayBuffer = async () => {
        const start = clock();
        try {
          return await arrayBuffer();
        } finally {
          dump.copy = { start, end: clock() };
        }
      };
      return file;
    } finally {
      dump.end = clock();
    }
  };
  return dumps;
}

/** Opens the backup in a new directory and answers its row counts and the time it took. */
async function restoreCounts(file: string, dir: string) {
  const started = performance.now();
  const restored = new PGlite(dir, { loadDataDir: new Blob([readFileSync(file)]) });
  await restored.waitReady;
  const opened = performance.now() - started;
  try {
    return { opened, counts: await rowCounts((q) => restored.query(q)) };
  } finally {
    await restored.close();
  }
}

type Query = (q: string) => Promise<{ rows: unknown[] }>;

/** A query through the app's Drizzle database (`execute` answers `{ rows }` on PGlite). */
const appQuery =
  (app: FastifyInstance): Query =>
  (q) =>
    app.db.execute(sql.raw(q)) as unknown as Promise<{ rows: unknown[] }>;

/** The counts a restored copy must have. */
async function rowCounts(query: Query): Promise<string> {
  const { rows } = await query(
    `select (select count(*) from customers)::int as customers, (select count(*) from orders)::int as orders,
            (select count(*) from order_lines)::int as lines, (select count(*) from products)::int as items`,
  );
  const r = rows[0] as Record<string, unknown>;
  return `customers ${r.customers}, orders ${r.orders}, order lines ${r.lines}, items ${r.items}`;
}

// ---------------------------------------------------------------------------------------------
// The latency part: customers answered before, during and after back-to-back backups.

const agent = new http.Agent({ keepAlive: true });

/** A signed-in demo customer, with their type for GET DisplayMessages. */
interface Caller extends Customer {
  typeId: number;
}

/** The load bench's round without its two POST Orders: eight reads. */
const round: readonly Kind[] = [
  'GET Orders',
  'GET Order',
  'GET Worksheet',
  'GET Customer',
  'GET OrderGuide',
  'GET DisplayMessages',
  'GET Orders',
  'GET Order',
];

/** One request's outcome; the instants are `clock` ms. */
interface Answer {
  kind: Kind;
  scheduled: number;
  answered: number;
  ok: boolean;
  problem?: string;
}

/** Work for the load's thread: requests `first`.. `first + count - 1` of the schedule at `rate` a second. */
interface Job {
  base: string;
  callers: Caller[];
  first: number;
  count: number;
  rate: number;
}

/** Runs a job from now on, each request started at its instant, and answers every outcome. */
async function drive({ base, callers, first, count, rate }: Job): Promise<Answer[]> {
  const answers: Answer[] = [];
  const start = clock() + 10;
  const inFlight: Promise<void>[] = [];
  const fire = async (n: number, scheduled: number) => {
    const kind = round[n % round.length]!;
    const who = callers[Math.floor(n / round.length) % callers.length]!;
    const call = customerCall(kind, who, n, '');
    // The messages for the customer's own type (the soak's customers are all of type 2).
    if (kind === 'GET DisplayMessages') call.urlPath = `/api/v1/DisplayMessages/${who.typeId}`;
    let problem: string | undefined;
    try {
      const reply = await send(agent, base, call);
      if (reply.status !== 200) problem = `${reply.status} ${reply.body.slice(0, 200)}`;
    } catch (err) {
      problem = String(err);
    }
    answers.push({ kind, scheduled, answered: clock(), ok: !problem, problem });
  };
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      for (let due = start + (next * 1000) / rate; next < count && due <= clock(); ) {
        inFlight.push(fire(first + next, due));
        next++;
        due = start + (next * 1000) / rate;
      }
      if (next >= count) return resolve();
      setTimeout(tick, Math.max(0, start + (next * 1000) / rate - clock()));
    };
    tick();
  });
  await Promise.all(inFlight);
  return answers;
}

/**
 * The load's own thread (this file again, as a worker): its timers and sockets are not held up
 * by the server's event loop, and its work is not the server thread's, as with a client process;
 * the process's CPU (2 cores here) is still shared.
 */
function loadThread() {
  // tsx registers itself in the main thread only: the worker registers it before loading this file.
  const worker = new Worker(
    `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`,
    { eval: true },
  );
  // A failure of the thread (at start, or in a job) fails the job under way or the next one.
  let failure: Error | undefined;
  let fail = (_err: Error) => {};
  worker.on('error', (err) => {
    failure = err;
    fail(err);
  });
  return {
    run: (job: Job) =>
      new Promise<Answer[]>((resolve, reject) => {
        if (failure) return reject(failure);
        fail = reject;
        worker.once('message', resolve);
        worker.postMessage(job);
      }),
    stop: () => worker.terminate(),
  };
}

function latencyLine(name: string, answers: Answer[]) {
  const l = answers.map((a) => a.answered - a.scheduled);
  const errors = answers.filter((a) => !a.ok).length;
  console.log(
    `  ${name.padEnd(34)} ${String(answers.length).padStart(6)} ${ms(percentile(l, 50))} ${ms(percentile(l, 95))} ${ms(percentile(l, 99))} ${ms(percentile(l, 100))} ${String(errors).padStart(7)}`,
  );
}

async function signInDemo(base: string, companyId: number, zipcode: number): Promise<Caller> {
  const res = await request(`${base}/api/v1/Authenticate`, {
    agent,
    body: { CompanyId: companyId, Zipcode: zipcode },
  });
  const cookie = res.cookies.find((c) => c.startsWith('bev_session='));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in ${companyId}: ${res.status} ${res.body}`);
  const { Id, CustomerTypeId } = JSON.parse(res.body) as { Id: number; CustomerTypeId: number };
  return { cookie, customerId: Id, companyId, orderIds: [], typeId: CustomerTypeId };
}

async function latencyPart(o: Options) {
  console.log(`\n== Customers answered during backups of the demo data (load average ${loadAverage()})`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-backup-bench-demo-'));
  const restoreDir = path.join(dir, 'restored');
  let app: FastifyInstance | undefined;
  const load = loadThread();
  try {
    const config = testConfig({
      dataDir: dir,
      pgliteDir: path.join(dir, 'db'),
      seedDemo: true,
      backupDir: path.join(dir, 'backups'),
      backupKeep: 2,
    });
    const t0 = performance.now();
    app = await buildApp({ config, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    console.log(
      `demo data seeded and server listening in ${((performance.now() - t0) / 1000).toFixed(1)} s; data directory ${mb(diskBytes(config.pgliteDir))}`,
    );
    const dumps = watchDumps(app);

    // The first two demo customers of each type (x001, x002), the active ones with an order
    // history, signed in one after another.
    const callers: Caller[] = [];
    for (const c of demoCustomers.filter((d) => d.isActive && d.companyId % 1000 <= 2)) {
      const who = await signInDemo(base, c.companyId, c.zipcode);
      await readOrderIds(agent, base, who);
      if (who.orderIds.length > 0) callers.push(who);
    }
    const admin = await request(`${base}/api/v1/Maint/Authenticate`, {
      agent,
      body: { User: TEST_ADMIN.user, Password: TEST_ADMIN.password },
    });
    const adminCookie = admin.cookies.find((c) => c.startsWith('bev_session='));
    if (admin.status !== 200 || !adminCookie) throw new Error(`admin sign-in: ${admin.status} ${admin.body}`);
    console.log(
      `customers ${callers.map((c) => c.companyId).join(', ')}; ${o.rate} requests/s from the load's own thread`,
    );

    const perWindow = Math.round(o.seconds * o.rate);
    let n = 0;
    if (o.warmup > 0) {
      await load.run({ base, callers, first: n, count: Math.round(o.warmup * o.rate), rate: o.rate });
      n += Math.round(o.warmup * o.rate);
    }
    const stalls = loopStalls();
    const windows: { name: string; answers: Answer[]; loopMaxMs: number; load: string }[] = [];
    const takes: { start: number; end: number; status: number; bytes: number; file: string }[] = [];
    for (const name of ['before: no backup', 'during: backups back to back', 'after: no backup']) {
      stalls.reset();
      const answering = load.run({ base, callers, first: n, count: perWindow, rate: o.rate });
      n += perWindow;
      if (name.startsWith('during')) {
        // POST Backup as staff would, one after another until the window's last request is due.
        const until = clock() + o.seconds * 1000;
        while (clock() < until) {
          const started = clock();
          const res = await request(`${base}/api/v1/Backup`, {
            agent,
            method: 'POST',
            headers: { cookie: adminCookie },
            timeoutMs: 600_000,
          });
          const body = res.status === 201 ? (JSON.parse(res.body) as { File: string; Bytes: number }) : null;
          takes.push({
            start: started,
            end: clock(),
            status: res.status,
            bytes: body?.Bytes ?? 0,
            file: body?.File ?? res.body.slice(0, 200),
          });
        }
      }
      const answers = await answering;
      windows.push({ name, answers, loopMaxMs: stalls.max(), load: loadAverage() });
    }
    stalls.stop();

    console.log(
      `\n  window                             requests   p50 ms   p95 ms   p99 ms   max ms  errors`,
    );
    for (const w of windows) latencyLine(w.name, w.answers);
    const during = windows[1]!.answers;
    // The event loop is blocked from the dump's start to the end of its copy (when it has one).
    const blocked = dumps.map((d) => ({ start: d.start, end: d.copy?.end ?? d.end }));
    const overlapping = new Set(
      during.filter((a) => blocked.some((b) => a.scheduled < b.end && a.answered > b.start)),
    );
    latencyLine('during, overlapping a dump or copy', [...overlapping]);
    latencyLine(
      'during, overlapping none',
      during.filter((a) => !overlapping.has(a)),
    );
    for (const w of windows)
      console.log(
        `  ${w.name}: the event loop stalled at most ${w.loopMaxMs.toFixed(0)} ms; load average after it ${w.load}`,
      );
    const problems = windows.flatMap((w) => w.answers.filter((a) => a.problem)).slice(0, 5);
    for (const p of problems) console.log(`  error: ${p.kind}: ${p.problem}`);

    const dumpMs = dumps.map((d) => d.end - d.start);
    const ok = takes.filter((t) => t.status === 201);
    const summary = (values: number[]) =>
      `${percentile(values, 50).toFixed(0)} ms median, ${percentile(values, 100).toFixed(0)} ms at most`;
    console.log(`\n  backups taken: ${ok.length} of ${takes.length} answered 201`);
    console.log(`  POST Backup, from sent to answered: ${summary(takes.map((t) => t.end - t.start))}`);
    console.log(
      `  of which dumpDataDir (PGlite held, no query runs): ${summary(dumpMs)}, ${((dumpMs.reduce((a, b) => a + b, 0) / (o.seconds * 1000)) * 100).toFixed(0)}% of the window`,
    );
    const copyMs = dumps.flatMap((d) => (d.copy ? [d.copy.end - d.copy.start] : []));
    console.log(
      `  then its copy to an ArrayBuffer (PGlite free, the event loop blocked): ${copyMs.length ? summary(copyMs) : 'none made'}`,
    );
    if (dumps.length === takes.length) {
      console.log(
        `  before the dump (the request, the wait for PGlite): ${summary(takes.map((t, i) => dumps[i]!.start - t.start))}`,
      );
      console.log(
        `  after the copy (the compression, the write and syncs, the rotation, the answer): ${summary(takes.map((t, i) => t.end - (dumps[i]!.copy?.end ?? dumps[i]!.end)))}`,
      );
    }
    console.log(
      `  file size: ${ok.length ? `${mb(Math.min(...ok.map((t) => t.bytes)))} to ${mb(Math.max(...ok.map((t) => t.bytes)))}` : 'none'}`,
    );
    for (const t of takes.filter((t) => t.status !== 201)) console.log(`  failed: ${t.status} ${t.file}`);

    const source = await rowCounts(appQuery(app));
    const last = ok.at(-1);
    await app.close();
    app = undefined;
    if (o.restore && last) {
      const { opened, counts } = await restoreCounts(path.join(config.backupDir, last.file), restoreDir);
      console.log(
        `  restore of ${last.file}: opened in ${(opened / 1000).toFixed(1)} s; ${counts === source ? 'same counts as the source' : `MISMATCH: ${counts} against ${source}`} (${counts})`,
      );
    }
  } finally {
    await load.stop();
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The scale part: 2,000 customers and 1,000,000 history lines.

async function scalePart(o: Options) {
  console.log(`\n== A backup of 2,000 customers and 1,000,000 history lines (load average ${loadAverage()})`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-backup-bench-scale-'));
  const pgliteDir = path.join(dir, 'db');
  const backupDir = path.join(dir, 'backups');
  let app: FastifyInstance | undefined;
  try {
    const t0 = performance.now();
    const database = await openDatabase({ pgliteDir });
    await migrateDatabase(database);
    console.log(`PGlite in ${pgliteDir}, generating data:`);
    await generateBenchData(database.db, console.log);
    await database.close();
    const dataBytes = diskBytes(pgliteDir);
    const walBytes = diskBytes(path.join(pgliteDir, 'pg_wal'));
    console.log(
      `data ready in ${((performance.now() - t0) / 1000).toFixed(1)} s: data directory ${mb(dataBytes)} (du -sb), of which pg_wal ${mb(walBytes)}`,
    );

    const config = testConfig({ dataDir: dir, pgliteDir, seedDemo: false, backupDir, backupKeep: 2 });
    app = await buildApp({ config, logger: false });
    await app.ready();
    const dumps = watchDumps(app);
    const db = app.db;
    const source = await rowCounts(appQuery(app));
    console.log(`opened by buildApp: ${source}; RSS ${mb(process.memoryUsage().rss)}`);

    console.log(
      `\n  take   wall s   dump s   copy s   rest s   file        loop stall   select 1 waited   RSS before   peak (sampled / kernel)   after   +2 s   load`,
    );
    let last = '';
    for (let i = 1; i <= o.takes; i++) {
      await sleep(2000);
      const before = process.memoryUsage().rss;
      let sampled = before;
      const sampler = setInterval(() => {
        sampled = Math.max(sampled, process.memoryUsage().rss);
      }, 100);
      // A query due every 100 ms, as customers' would arrive, each timed from its due instant
      // (the ones due while the event loop is blocked are sent when it is free): how long a
      // customer's query waits behind the backup.
      let probeMax = 0;
      let probing = true;
      const probes: Promise<void>[] = [];
      const probeStart = performance.now();
      let due = 0;
      let probeTimer: NodeJS.Timeout | undefined;
      const probe = () => {
        for (; probeStart + due * 100 <= performance.now(); due++) {
          const at = probeStart + due * 100;
          probes.push(
            db.execute(sql`select 1`).then(() => {
              probeMax = Math.max(probeMax, performance.now() - at);
            }),
          );
        }
        if (probing) probeTimer = setTimeout(probe, probeStart + due * 100 - performance.now());
      };
      probe();
      const stalls = loopStalls();
      resetPeakRss();
      const started = performance.now();
      const taken = await app.backups.take();
      const wall = performance.now() - started;
      const stalled = stalls.max();
      stalls.stop();
      probing = false;
      clearTimeout(probeTimer);
      clearInterval(sampler);
      await Promise.all(probes);
      const kernelPeak = peakRss();
      const after = process.memoryUsage().rss;
      await sleep(2000);
      const settled = process.memoryUsage().rss;
      const dump = dumps.at(-1)!;
      const dumpMs = dump.end - dump.start;
      const copyMs = dump.copy ? dump.copy.end - dump.copy.start : 0;
      last = taken.File;
      console.log(
        `  ${String(i).padStart(4)} ${(wall / 1000).toFixed(2).padStart(8)} ${(dumpMs / 1000).toFixed(2).padStart(8)} ${(copyMs / 1000).toFixed(2).padStart(8)} ${((wall - dumpMs - copyMs) / 1000).toFixed(2).padStart(8)}   ${mb(taken.Bytes).padEnd(10)} ${`${stalled.toFixed(0)} ms`.padStart(10)} ${`${probeMax.toFixed(0)} ms`.padStart(17)} ${mb(before).padStart(12)}   ${`${mb(sampled)} / ${mb(kernelPeak)}`.padStart(23)} ${mb(after).padStart(9)} ${mb(settled).padStart(9)}   ${loadAverage()}`,
      );
    }
    await app.close();
    app = undefined;
    if (o.restore && last) {
      const { opened, counts } = await restoreCounts(path.join(backupDir, last), path.join(dir, 'restored'));
      console.log(
        `\n  restore of ${last}: opened in ${(opened / 1000).toFixed(1)} s; ${counts === source ? 'same counts as the source' : `MISMATCH: ${counts} against ${source}`}`,
      );
    }
  } finally {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMainThread) {
  const o = readOptions();
  console.log(
    `nproc ${os.availableParallelism()}, load average ${loadAverage()}, node ${process.version}, the app in this process through tsx`,
  );
  if (o.part !== 'scale') await latencyPart(o);
  if (o.part !== 'latency') await scalePart(o);
  agent.destroy();
} else {
  const port = parentPort!;
  port.on('message', async (job: Job) => port.postMessage(await drive(job)));
}
