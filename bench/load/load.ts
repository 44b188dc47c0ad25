/**
 * Design section 8's load: customer requests at a fixed arrival rate (40 a second, ten times a
 * large distributor's peak) of the soak's mix, against a real server process as production runs
 * it, on PostgreSQL or on PGlite. Requests start on a schedule, whether or not earlier ones have
 * been answered (an open model: a slow answer does not hold the next customer back), and each
 * latency runs from the request's scheduled start, so time the bench itself was late counts too.
 *
 *   npx tsx bench/load/load.ts [--database pg|pglite] [--seconds 60] [--rate 40] [--warmup 5]
 *
 * The data is the orders bench's (bench/orders/bench-data.ts): 2,000 customers, 1,500 items,
 * 1,000,000 order history lines, plus its 32 order-guide customers (1,500 items, a year of
 * weekly orders). `pg` (the default) creates a database on BENCH_DATABASE_URL's server (default
 * the local one) and drops it after; `pglite` loads the same generator's data into the embedded
 * database in a temporary DATA_DIR and starts the server on it.
 *
 * The mix, ten requests a round: eight reads (GET Orders x2, GET Order x2, GET Worksheet,
 * GET Customer, GET DisplayMessages, GET OrderGuide) and two POST Order, each with its own
 * Idempotency-Key. Reads go to 32 customers, guides to the 32 guide customers, orders to 32
 * others. `--warmup` seconds at the same rate come first, unmeasured (the JIT, the caches).
 *
 * It prints per kind count, p50, p99, max and errors, the goal (p99 <= 100 ms: printed, not
 * asserted), and the CPU per request of the server process (and of PostgreSQL's backends).
 * After the run it reads the orders back: every 201 must be stored exactly once, under its
 * Idempotency-Key; it exits 1 if one is lost or stored twice.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { adminPostgresUrl, createDatabase, dropDatabase } from '#support/pg-admin.js';
import { migrateDatabase, openDatabase } from '../../src/server/db/client.js';
import { orders } from '../../src/server/db/schema.js';
import {
  benchDeliveryDate,
  firstCompanyId,
  generateBenchData,
  guideCompanyIds,
} from '../orders/bench-data.js';
import { cpuMeter } from '../orders/cpu-meter.js';
import { startServer } from '../orders/server-process.js';
import {
  type Customer,
  customerCall,
  type Kind,
  readOrderIds,
  send,
  signIn,
  soakRound,
} from '../soak/customer-calls.js';
import { percentile } from '../soak/stats.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) =>
  args.includes(name) ? args[args.indexOf(name) + 1]! : fallback;
const target = arg('--database', 'pg');
const seconds = Number(arg('--seconds', '60'));
const rate = Number(arg('--rate', '40'));
const warmup = Number(arg('--warmup', '5'));
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (target !== 'pg' && target !== 'pglite') throw new Error('--database is pg or pglite');

// Keep-alive sockets, as many as the requests in flight: an open model has no cap.
const agent = new http.Agent({ keepAlive: true });

/** The soak's round with its third GET Order turned into the order guide (computed per request). */
const round = soakRound.map((kind, i): Kind => (i === 5 ? 'GET OrderGuide' : kind));

class Tally {
  readonly latencies = new Map<Kind, number[]>();
  readonly errors = new Map<Kind, number>();
  readonly firstErrors: string[] = [];
  /** How late the bench started a request after its scheduled instant, at worst (ms). */
  worstLag = 0;

  record(kind: Kind, ms: number, problem?: string) {
    const list = this.latencies.get(kind) ?? [];
    list.push(ms);
    this.latencies.set(kind, list);
    if (!problem) return;
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    if (this.firstErrors.length < 5) this.firstErrors.push(`${kind}: ${problem}`);
  }
}

/** Customers from `from` on, none of the order-guide customers (their history is another). */
function customersFrom(from: number, count: number): number[] {
  const ids: number[] = [];
  for (let id = from; ids.length < count; id++) if (!guideCompanyIds.includes(id)) ids.push(id);
  return ids;
}

interface Crowd {
  readers: Customer[];
  guideReaders: Customer[];
  writers: Customer[];
}

/** Every Idempotency-Key sent, and the Web Conf # of every 201 by key, warm-up included: all are checked against the database. */
const keys = new Set<string>();
const accepted = new Map<string, string>();

/** Starts request `n` of the schedule; resolves once it is answered or has failed. */
async function fire(base: string, crowd: Crowd, n: number, date: string, scheduled: number, tally?: Tally) {
  const kind = round[n % round.length]!;
  // A round is one reader's, one guide customer's and two writers'.
  const r = Math.floor(n / round.length);
  const who =
    kind === 'POST Order'
      ? crowd.writers[(2 * r + (n % round.length > 4 ? 1 : 0)) % crowd.writers.length]!
      : kind === 'GET OrderGuide'
        ? crowd.guideReaders[r % crowd.guideReaders.length]!
        : crowd.readers[r % crowd.readers.length]!;
  const call = customerCall(kind, who, n, date);
  const key = call.headers['idempotency-key'];
  if (key) keys.add(key);
  if (tally) tally.worstLag = Math.max(tally.worstLag, performance.now() - scheduled);
  const expected = kind === 'POST Order' ? 201 : 200;
  try {
    const reply = await send(agent, base, call);
    if (key && reply.status === 201)
      accepted.set(key, (JSON.parse(reply.body) as { OrderNum: string }).OrderNum);
    const problem = reply.status === expected ? undefined : `${reply.status} ${reply.body.slice(0, 200)}`;
    tally?.record(kind, performance.now() - scheduled, problem);
  } catch (err) {
    tally?.record(kind, performance.now() - scheduled, String(err));
  }
}

/** `count` requests at `rate` a second from now on, each started at its instant. */
async function drive(base: string, crowd: Crowd, count: number, first: number, date: string, tally?: Tally) {
  const start = performance.now() + 10;
  const inFlight: Promise<void>[] = [];
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      for (let due = start + (next * 1000) / rate; next < count && due <= performance.now(); ) {
        inFlight.push(fire(base, crowd, first + next, date, due, tally));
        next++;
        due = start + (next * 1000) / rate;
      }
      if (next >= count) return resolve();
      setTimeout(tick, Math.max(0, start + (next * 1000) / rate - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
}

function report(tally: Tally, cpu: { server: number; pg: number }, requests: number) {
  console.log(`\n  kind                    count    p50 ms    p99 ms    max ms   errors`);
  let missed = 0;
  for (const kind of [...new Set(round)]) {
    const ms = tally.latencies.get(kind) ?? [];
    const p99 = percentile(ms, 99);
    if (!(p99 <= 100)) missed++;
    console.log(
      `  ${kind.padEnd(20)} ${String(ms.length).padStart(8)} ${percentile(ms, 50).toFixed(1).padStart(9)} ${p99.toFixed(1).padStart(9)} ${percentile(ms, 100).toFixed(1).padStart(9)} ${String(tally.errors.get(kind) ?? 0).padStart(8)}`,
    );
  }
  for (const e of tally.firstErrors) console.log(`  error: ${e}`);
  console.log(`  goal p99 <= 100 ms per kind: ${missed === 0 ? 'met' : `MISSED by ${missed} kind(s)`}`);
  console.log(`  the bench started a request up to ${tally.worstLag.toFixed(1)} ms after its instant`);
  const perRequest = (s: number) => ((s * 1000) / requests).toFixed(2);
  console.log(
    `  CPU per request: server process ${perRequest(cpu.server)} ms${target === 'pg' ? `, PostgreSQL backends ${perRequest(cpu.pg)} ms` : ' (PGlite runs inside it)'}`,
  );
}

/** Every 201 stored once under its key, and no web order but the ones the bench sent. */
async function checkStored(opts: { databaseUrl?: string; pgliteDir: string }): Promise<boolean> {
  const database = await openDatabase(opts);
  try {
    const rows = await database.db
      .select({ key: orders.idempotencyKey, orderNum: orders.orderNum })
      .from(orders)
      .where(eq(orders.source, 'web'));
    const byKey = new Map<string, string[]>();
    for (const r of rows) byKey.set(r.key ?? '', [...(byKey.get(r.key ?? '') ?? []), r.orderNum]);
    const lost = [...accepted].filter(([key, num]) => !byKey.get(key)?.includes(num)).length;
    const twice = [...byKey.values()].filter((nums) => nums.length > 1).length;
    const strangers = [...byKey.keys()].filter((key) => !keys.has(key)).length;
    const unanswered = [...byKey.keys()].filter((key) => keys.has(key) && !accepted.has(key)).length;
    const ok = lost === 0 && twice === 0 && strangers === 0;
    console.log(
      `\nPOST Order: ${accepted.size} answered 201, ${rows.length} web orders stored: ${lost} lost, ${twice} keys stored more than once, ${strangers} not sent by the bench, ${unanswered} stored without a 201 seen: ${ok ? 'each 201 stored once' : 'MISMATCH'}`,
    );
    return ok;
  } finally {
    await database.close();
  }
}

async function main(): Promise<boolean> {
  // The PostgreSQL run's files go to /dev/shm as the orders bench's do (see filesRoot there);
  // PGlite's database lives in the data folder, on disk.
  const root = target === 'pg' && existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const dir = mkdtempSync(path.join(root, `bev-load-${target}-`));
  const dbName = `bev_load_${randomBytes(4).toString('hex')}`;
  const databaseUrl = target === 'pg' ? await createDatabase(pgUrl, dbName) : undefined;
  const pgliteDir = path.join(dir, 'db');
  try {
    const t0 = Date.now();
    const database = await openDatabase({ databaseUrl, pgliteDir });
    await migrateDatabase(database);
    console.log(`${target === 'pg' ? 'PostgreSQL' : `PGlite in ${pgliteDir}`}, generating data:`);
    await generateBenchData(database.db, console.log, { orderGuide: true });
    await database.close();
    const t1 = Date.now();
    const server = await startServer({ databaseUrl, dataDir: dir });
    const t2 = Date.now();
    console.log(
      `setup ${((t2 - t0) / 1000).toFixed(1)} s: database and data ${((t1 - t0) / 1000).toFixed(1)} s, server start ${((t2 - t1) / 1000).toFixed(1)} s`,
    );
    try {
      await run(server.url, server.pid, databaseUrl ? dbName : undefined);
    } finally {
      await server.stop();
    }
    return await checkStored({ databaseUrl, pgliteDir });
  } finally {
    if (databaseUrl) await dropDatabase(adminPostgresUrl(pgUrl), dbName);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function run(base: string, serverPid: number, dbName: string | undefined) {
  // One after another, 96 in all: under the 120 sign-ins a minute one address may make.
  const crowd: Crowd = { readers: [], guideReaders: [], writers: [] };
  for (const id of customersFrom(firstCompanyId, 32)) crowd.readers.push(await signIn(agent, base, id));
  for (const id of guideCompanyIds) crowd.guideReaders.push(await signIn(agent, base, id));
  for (const id of customersFrom(firstCompanyId + 100, 32)) crowd.writers.push(await signIn(agent, base, id));
  for (const r of crowd.readers) await readOrderIds(agent, base, r);
  const date = benchDeliveryDate();

  const warmupCount = Math.round(warmup * rate);
  if (warmupCount > 0) {
    console.log(`warm-up: ${warmup} s at ${rate} requests/s, unmeasured`);
    await drive(base, crowd, warmupCount, 0, date);
  }
  const count = Math.round(seconds * rate);
  console.log(`${seconds} s at ${rate} requests/s (${count} requests), server pid ${serverPid}:`);
  const cpu = cpuMeter(serverPid, dbName ? { adminUrl: adminPostgresUrl(pgUrl), dbName } : undefined);
  const tally = new Tally();
  const before = await cpu();
  await drive(base, crowd, count, warmupCount, date, tally);
  const after = await cpu();
  report(tally, { server: after.server - before.server, pg: after.pg - before.pg }, count);
}

const ok = await main();
agent.destroy();
process.exit(ok ? 0 : 1);
