/**
 * Issue 6's soak: mixed customer traffic at 32 connections for minutes on end, against a real
 * server process on PostgreSQL, with the server's memory sampled every 10 s. It answers one
 * question: does the server keep working (no errors, no non-2xx) and does its memory stay
 * flat (no growth beyond noise) when it runs for a long time?
 *
 *   npx tsx bench/soak/soak.ts [--minutes 10] [--connections 32] [--sample-seconds 10]
 *
 * The database (created and dropped here) holds the orders bench's data: 2,000 customers,
 * 1,500 items, 1,000,000 order history lines. Reads (80%) go to 32 customers whose history
 * does not change, orders (20%, each with its own Idempotency-Key) to 64 others, so read
 * latency does not drift as orders pile up. BENCH_DATABASE_URL picks the PostgreSQL server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminPostgresUrl, createDatabase, dropDatabase } from '#support/pg-admin.js';
import { ServerProcess } from '#support/server-process.js';
import type { SocketAnswer } from '#support/socket-client.js';
import { migrateDatabase, openDatabase } from '../../src/server/db/client.js';
import { benchDeliveryDate, firstCompanyId, generateBenchData } from '../orders/bench-data.js';
import {
  type Customer,
  customerCall,
  type Kind,
  readOrderIds,
  soakRound as round,
  send,
  signIn,
} from './customer-calls.js';
import { growthVerdict, percentile } from './stats.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const minutes = arg('--minutes', 10);
const connections = arg('--connections', 32);
const sampleSeconds = arg('--sample-seconds', 10);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MB = 1024 * 1024;

// Keep-alive sockets, one per connection, as a browser or a load balancer keeps them.
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

class Tally {
  readonly latencies = new Map<Kind, number[]>();
  readonly statuses = new Map<number, number>();
  readonly errors: string[] = [];
  readonly accepted = new Set<string>();
  /** Requests and failures since the last sample. */
  interval = { requests: 0, failures: 0 };

  record(kind: Kind, ms: number, reply: SocketAnswer) {
    const list = this.latencies.get(kind) ?? [];
    list.push(ms);
    this.latencies.set(kind, list);
    this.statuses.set(reply.status, (this.statuses.get(reply.status) ?? 0) + 1);
    this.interval.requests++;
    if (reply.status >= 300) this.interval.failures++;
    if (kind === 'POST Order' && reply.status === 201)
      this.accepted.add((JSON.parse(reply.body) as { OrderNum: string }).OrderNum);
  }

  fail(kind: Kind, err: unknown) {
    this.errors.push(`${kind}: ${String(err)}`);
    this.interval.failures++;
  }
}

async function connection(
  base: string,
  reader: Customer,
  writers: [Customer, Customer],
  date: string,
  tally: Tally,
  until: number,
  offset: number,
) {
  for (let n = offset; Date.now() < until; n++) {
    const kind = round[n % round.length]!;
    // The two orders of a round go to the connection's two writers in turn.
    const who = kind === 'POST Order' ? writers[n % 2]! : reader;
    const call = customerCall(kind, who, n, date);
    const t0 = performance.now();
    try {
      const reply = await send(agent, base, call);
      tally.record(kind, performance.now() - t0, reply);
    } catch (err) {
      tally.fail(kind, err);
    }
  }
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-soak-'));
  const dbName = `bev_soak_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await createDatabase(pgUrl, dbName);
  let server: ServerProcess | undefined;
  let ok = false;
  try {
    const database = await openDatabase({ databaseUrl });
    await migrateDatabase(database);
    console.log('generating data:');
    await generateBenchData(database.db, console.log);
    await database.close();

    server = await ServerProcess.start({
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      MEMORY_REPORT_MS: String(sampleSeconds * 1000),
      // The soak measures memory under steady traffic, not the per-customer order limit.
      ORDERS_PER_MINUTE: '1000000',
    });
    ok = await soak(server, databaseUrl);
  } finally {
    await server?.kill('SIGTERM');
    await dropDatabase(adminPostgresUrl(pgUrl), dbName);
    rmSync(dir, { recursive: true, force: true });
  }
  return ok;
}

const ok = await main();
agent.destroy();
process.exit(ok ? 0 : 1);

async function soak(server: ServerProcess, databaseUrl: string) {
  const base = server.baseUrl;
  let heapUsed = Number.NaN;
  server.onLog((e) => {
    if (e.msg === 'memory usage') heapUsed = Number(e.heapUsed);
  });
  // 32 readers and 64 writers, all different customers: 96 sign-ins, under the 120 a minute
  // one address may make, one after another (a sign-in in flight holds one of its address's
  // 30 attempts until it is answered: decision 021).
  const readers: Customer[] = [];
  for (let k = 0; k < connections; k++) readers.push(await signIn(agent, base, firstCompanyId + k));
  const writers: Customer[] = [];
  for (let k = 0; k < connections * 2; k++) writers.push(await signIn(agent, base, firstCompanyId + 100 + k));
  for (const r of readers) await readOrderIds(agent, base, r);
  const date = benchDeliveryDate();
  const tally = new Tally();
  const started = Date.now();
  const until = started + minutes * 60_000;
  console.log(
    `\n${connections} connections for ${minutes} min (80% reads of 5 kinds, 20% POST Order), server pid ${server.child.pid}:`,
  );
  console.log('   t (s)   RSS MB   heap MB    req/s   failures');
  const samples: { t: number; rss: number; heap: number }[] = [];
  const sample = () => {
    const t = (Date.now() - started) / 1000;
    const rss = server.rss() / MB;
    const heap = heapUsed / MB;
    const rps = tally.interval.requests / sampleSeconds;
    samples.push({ t, rss, heap });
    console.log(
      `${t.toFixed(0).padStart(8)} ${rss.toFixed(1).padStart(8)} ${heap.toFixed(1).padStart(9)} ${rps.toFixed(0).padStart(8)} ${String(tally.interval.failures).padStart(10)}`,
    );
    tally.interval = { requests: 0, failures: 0 };
  };
  sample();
  const timer = setInterval(sample, sampleSeconds * 1000);
  await Promise.all(
    readers.map((reader, k) =>
      connection(base, reader, [writers[2 * k]!, writers[2 * k + 1]!], date, tally, until, k),
    ),
  );
  clearInterval(timer);
  sample();

  const clean = report(tally, samples, (Date.now() - started) / 1000);
  return (await checkStored(databaseUrl, tally)) && clean;
}

/** Prints the totals, latencies and the memory verdict; true when nothing failed. */
function report(tally: Tally, samples: { t: number; rss: number; heap: number }[], seconds: number): boolean {
  const total = [...tally.statuses.values()].reduce((a, b) => a + b, 0);
  const non2xx = [...tally.statuses].filter(([s]) => s < 200 || s >= 300).reduce((a, [, n]) => a + n, 0);
  const codes = [...tally.statuses].map(([code, n]) => `${code}×${n}`).join(' ');
  console.log(
    `\ntotal ${total} requests in ${seconds.toFixed(0)} s (${(total / seconds).toFixed(0)} req/s), errors ${tally.errors.length}, non-2xx ${non2xx}  [${codes}]`,
  );
  for (const e of tally.errors.slice(0, 5)) console.log(`  error: ${e}`);
  console.log('\n  kind                       count     p50 ms    p99 ms    max ms');
  for (const [kind, ms] of [...tally.latencies].sort(([a], [b]) => a.localeCompare(b)))
    console.log(
      `  ${kind.padEnd(22)} ${String(ms.length).padStart(9)} ${percentile(ms, 50).toFixed(1).padStart(10)} ${percentile(ms, 99).toFixed(1).padStart(9)} ${percentile(ms, 100).toFixed(1).padStart(9)}`,
    );
  console.log('\nmemory over the last two thirds of the run (flat: rise <= max(3 x scatter, 2% of mean)):');
  for (const [name, key] of [
    ['RSS', 'rss'],
    ['heap used', 'heap'],
  ] as const) {
    const v = growthVerdict(samples.map((s) => ({ t: s.t, value: s[key] })));
    console.log(
      `  ${name.padEnd(10)} slope ${v.slopePerMinute.toFixed(2)} MB/min, rise ${v.growth.toFixed(1)} MB, scatter ${v.noise.toFixed(1)} MB, allowed ${v.allowed.toFixed(1)} MB: ${v.flat ? 'no growth beyond noise' : 'GROWS'}`,
    );
  }
  return tally.errors.length === 0 && non2xx === 0;
}

/** Every 201 is stored once: the fresh database had no web orders, each POST had its own key. */
async function checkStored(databaseUrl: string, tally: Tally): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ order_num: string }>("select order_num from orders where source = 'web'");
    const stored = r.rows.map((row) => row.order_num);
    const storedSet = new Set(stored);
    const missing = [...tally.accepted].filter((n) => !storedSet.has(n));
    const ok =
      stored.length === tally.accepted.size && missing.length === 0 && storedSet.size === stored.length;
    console.log(
      `\nPOST Order: ${tally.accepted.size} answered 201, ${stored.length} web orders stored, ${missing.length} missing: ${ok ? 'each stored once' : 'MISMATCH'}`,
    );
    return ok;
  } finally {
    await client.end();
  }
}
