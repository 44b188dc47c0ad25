/**
 * Issue 3's benchmark: the order calls at 32 connections against a real server process, on
 * PostgreSQL and on PGlite, with 2,000 customers, 1,500 items and 1,000,000 order history
 * lines. Prints requests/s, p50 and p99 for GET /healthz (the ceiling), GET Orders/{companyId},
 * GET Order/{id}/Worksheet/, GET Customer/{id}/OrderGuide (issue 19: 32 customers of 1,500
 * orderable items and a year of weekly orders; goal p99 <= 100 ms at --rate 40, design.md
 * section 8) and POST Order, and checks that every accepted order is stored once.
 *
 *   npx tsx bench/orders/orders-bench.ts [--only pg|pglite] [--seconds 15] [--orders 2000]
 *     [--calls healthz,orders,worksheet,guide,post,dashboard] [--connections 32] [--rounds 1]
 *     [--timeline] [--rate 40] [--after-data "create index ...; vacuum analyze order_lines"]
 *
 * `dashboard` (issue 21, not in the default calls) measures the staff home's GET Dashboard as
 * the bench's admin, on the same data: goal p99 <= 100 ms on PostgreSQL at 8 connections
 * (`--only pg --calls dashboard --connections 8`). --connections sets how many connections
 * every call is measured at (32 by default, and as many customers sign in).
 *
 * --calls measures only the calls named (all four by default), e.g. `--calls post` to profile
 * the server (BENCH_SERVER_NODE_ARGS, see server-process.ts) on POST Order alone. --rounds
 * measures them several times over on the same server and data, one round after another,
 * to see how much a figure moves on a shared machine. --timeline prints each call's p50 and
 * p99 second by second, to tell a steady queue from a stall.
 * --rate sends that many requests a second, evenly paced whatever the answers do
 * (paced-load.ts), instead of as many as the connections can: design.md section 8's load is 40
 * customer requests a second, e.g. `--only pg --calls guide --rate 40 --seconds 60`. The warm-ups
 * stay as fast as they can go; POST Order sends its fixed number of orders at that rate.
 * --after-data runs statements (split on ';') once the data is in, to measure an index
 * before it becomes a migration. Besides latency it prints the CPU per request of the server
 * and of its PostgreSQL backends, which compares runs on a busy machine where req/s cannot.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { adminPostgresUrl, createDatabase, dropDatabase } from '#support/pg-admin.js';
import { migrateDatabase, openDatabase } from '../../src/server/db/client.js';
import { percentile } from '../soak/stats.js';
import {
  BENCH,
  benchDeliveryDate,
  firstCompanyId,
  generateBenchData,
  guideCompanyIds,
} from './bench-data.js';
import { type CpuMeter, cpuMeter } from './cpu-meter.js';
import { type PacedRequest, pacedLoad } from './paced-load.js';
import { ADMIN_PASSWORD, startServer } from './server-process.js';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const seconds = args.includes('--seconds') ? Number(args[args.indexOf('--seconds') + 1]) : 15;
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const connections = args.includes('--connections') ? Number(args[args.indexOf('--connections') + 1]) : 32;
const ordersToPost = args.includes('--orders') ? Number(args[args.indexOf('--orders') + 1]) : 2000;
const afterData = args.includes('--after-data') ? args[args.indexOf('--after-data') + 1]! : '';
const timeline = args.includes('--timeline');
/**
 * Where the PostgreSQL run's server writes its two files per order. Not the system's temp
 * folder by default: on ext4, creating a file skips every inode of its block group freed in
 * the last minutes (the kernel's recently_deleted()), so right after a test run or an earlier
 * bench run had deleted thousands of files there, each new file cost 1.4 ms of kernel time
 * instead of 0.07 ms (perf: a third of all CPU), and the figures measured the machine's
 * history rather than the server (decision 017). BENCH_FILES_DIR=/some/disk/folder measures
 * a disk of your choosing.
 */
const filesRoot = process.env.BENCH_FILES_DIR ?? (existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());
const rate = args.includes('--rate') ? Number(args[args.indexOf('--rate') + 1]) : undefined;
const rounds = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 1;
const allCalls = 'healthz,orders,worksheet,guide,post';
const calls = new Set((args.includes('--calls') ? args[args.indexOf('--calls') + 1]! : allCalls).split(','));

interface Row {
  target: string;
  call: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU milliseconds per request of the server process and of its PostgreSQL backends. */
  serverCpu: number;
  pgCpu: number;
}
const rows: Row[] = [];

async function run(target: 'pg' | 'pglite') {
  console.log(`\n== ${target === 'pg' ? 'PostgreSQL' : 'PGlite'} ==`);
  // PGlite keeps its database in the server's data folder, so that folder stays on disk.
  const dir = mkdtempSync(path.join(target === 'pg' ? filesRoot : os.tmpdir(), `bev-bench-${target}-`));
  console.log(`the server's files (back-office exports, mail outbox) go to ${dir}`);
  const dbName = `bev_bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = target === 'pg' ? await createDatabase(pgUrl, dbName) : undefined;
  try {
    const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dir, 'db') });
    await migrateDatabase(database);
    console.log('generating data:');
    await generateBenchData(database.db, console.log, { orderGuide: calls.has('guide') });
    for (const statement of afterData
      .split(';')
      .map((q) => q.trim())
      .filter(Boolean)) {
      console.log(`  ${statement}`);
      await database.db.execute(sql.raw(statement));
    }
    await database.close();

    const server = await startServer({ databaseUrl, dataDir: dir });
    try {
      const pgAdmin = databaseUrl ? { adminUrl: adminPostgresUrl(pgUrl), dbName } : undefined;
      const cpu = cpuMeter(server.pid, pgAdmin);
      await measure(target, server.url, server.countWebOrders, cpu);
    } finally {
      await server.stop();
    }
  } finally {
    if (databaseUrl) await dropDatabase(adminPostgresUrl(pgUrl), dbName);
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Client {
  cookie: string;
  customerId: number;
  companyId: number;
}

/** The bench server's admin (server-process.ts), for the staff calls. */
async function signInAdmin(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/Maint/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ User: 'admin', Password: ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`admin sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('bev_session='))!
    .split(';')[0]!;
}

async function signIn(url: string, companyId: number): Promise<Client> {
  const res = await fetch(`${url}/api/v1/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ CompanyId: companyId, Zipcode: 60000 + ((companyId - firstCompanyId + 1) % 900) }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${companyId}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('bev_session='))!
    .split(';')[0]!;
  const body = (await res.json()) as { Id: number };
  return { cookie, customerId: body.Id, companyId };
}

function orderBody(c: Client, date: string, i: number) {
  // Two of the customer's linked items (see bench-data.ts: product (id*7 + k*31) % 1500 + 1).
  const code = (k: number) => `P${String(((c.customerId * 7 + k * 31) % BENCH.items) + 1).padStart(5, '0')}`;
  return JSON.stringify({
    DeliveryDate: date,
    Name: 'Bench Buyer',
    Phone: '3125550100',
    Email: 'buyer@bench.example.com',
    ProductQuantities: [
      { Code: code(i % 40), CaseQuantity: 2, UnitQuantity: 0 },
      { Code: code((i + 1) % 40), CaseQuantity: 1, UnitQuantity: 0 },
    ],
  });
}

async function load(
  target: string,
  call: string,
  url: string,
  cpu: CpuMeter,
  setup: (client: autocannon.Client, i: number) => void,
  amount?: number,
) {
  if (rate) return loadPaced(target, call, url, cpu, setup, amount ?? rate * seconds);
  const cpuBefore = await cpu();
  let i = 0;
  const statuses = new Map<number, number>();
  /** [seconds since the start, latency ms] of every answer, for --timeline. */
  const answers: [number, number][] = [];
  const start = performance.now();
  const result = await autocannon({
    url,
    connections,
    // A fixed number of requests ends with none in flight, so answers and stored rows can be compared.
    ...(amount ? { amount } : { duration: seconds }),
    setupClient: (client) => {
      setup(client, i++);
      client.on('response', (status: number, _bytes: number, ms: number) => {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (timeline) answers.push([(performance.now() - start) / 1000, ms]);
      });
    },
  });
  const cpuAfter = await cpu();
  const perRequest = (s: number) => Math.round((s * 1000 * 100) / Math.max(1, result.requests.total)) / 100;
  const row: Row = {
    target,
    call,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    serverCpu: perRequest(cpuAfter.server - cpuBefore.server),
    pgCpu: perRequest(cpuAfter.pg - cpuBefore.pg),
  };
  report(row, statuses, answers);
  return statuses;
}

/** `load` at --rate requests a second, paced evenly (paced-load.ts), each connection's request in turn. */
async function loadPaced(
  target: string,
  call: string,
  url: string,
  cpu: CpuMeter,
  setup: (client: autocannon.Client, i: number) => void,
  total: number,
) {
  const requests = Array.from({ length: connections }, (_, i) => {
    let request: PacedRequest = {};
    const client = { setRequests: ([first]: PacedRequest[]) => (request = first ?? {}) };
    setup(client as unknown as autocannon.Client, i);
    return request;
  });
  const cpuBefore = await cpu();
  const result = await pacedLoad(url, requests, rate!, total);
  const cpuAfter = await cpu();
  const answered = result.latencies.length;
  const perRequest = (s: number) => Math.round((s * 1000 * 100) / Math.max(1, answered)) / 100;
  const row: Row = {
    target,
    call,
    rps: Math.round(answered / result.seconds),
    p50: Math.round(percentile(result.latencies, 50)),
    p99: Math.round(percentile(result.latencies, 99)),
    errors: result.errors,
    non2xx: [...result.statuses].filter(([code]) => code < 200 || code > 299).reduce((n, [, k]) => n + k, 0),
    serverCpu: perRequest(cpuAfter.server - cpuBefore.server),
    pgCpu: perRequest(cpuAfter.pg - cpuBefore.pg),
  };
  report(row, result.statuses, result.answers);
  return result.statuses;
}

function report(row: Row, statuses: Map<number, number>, answers: [number, number][]) {
  rows.push(row);
  const codes = [...statuses].map(([code, n]) => `${code}×${n}`).join(' ');
  console.log(
    `  ${row.call.padEnd(34)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}  non-2xx ${row.non2xx}  CPU/req server ${row.serverCpu} ms, PostgreSQL ${row.pgCpu} ms  [${codes}]`,
  );
  if (timeline) printTimeline(answers);
}

function printTimeline(answers: [number, number][]) {
  const bySecond: number[][] = [];
  for (const [at, ms] of answers) {
    const second = Math.floor(at);
    const list = bySecond[second] ?? [];
    list.push(ms);
    bySecond[second] = list;
  }
  for (const [second, list] of bySecond.entries()) {
    if (!list) continue;
    list.sort((a, b) => a - b);
    const at = (q: number) => Math.round(list[Math.min(list.length - 1, Math.floor(list.length * q))]!);
    console.log(
      `    ${String(second).padStart(3)} s  ${String(list.length).padStart(6)} answers  p50 ${at(0.5)} ms  p99 ${at(0.99)} ms  max ${at(1)} ms`,
    );
  }
}

async function measure(target: string, url: string, countWebOrders: () => Promise<number>, cpu: CpuMeter) {
  // One after another: a sign-in in flight holds one of its address's 30 attempts (decision 021).
  const clients: Client[] = [];
  for (let k = 0; k < connections; k++) clients.push(await signIn(url, firstCompanyId + k * 61));
  const date = benchDeliveryDate();
  const guideClients: Client[] = [];
  if (calls.has('guide'))
    for (const companyId of guideCompanyIds) guideClients.push(await signIn(url, companyId));

  // A few seconds of each read first, unrecorded: the JIT and the database's caches warm up.
  await autocannon({
    url: `${url}/api/v1/Orders/${clients[0]!.companyId}`,
    connections,
    duration: 3,
    headers: { cookie: clients[0]!.cookie },
  });
  const postOrder = (client: autocannon.Client, i: number) => {
    const c = clients[i % clients.length]!;
    client.setRequests([
      {
        method: 'POST',
        path: '/api/v1/Order',
        headers: { cookie: c.cookie, 'content-type': 'application/json' },
        body: orderBody(c, date, i),
      },
    ]);
  };
  console.log(`${connections} connections, ${seconds} s each:`);
  for (let round = 1; round <= rounds; round++) {
    if (rounds > 1) console.log(` round ${round} of ${rounds}`);
    await measureRound(target, url, countWebOrders, cpu, clients, guideClients, postOrder, round === 1);
  }
}

async function measureRound(
  target: string,
  url: string,
  countWebOrders: () => Promise<number>,
  cpu: CpuMeter,
  clients: Client[],
  guideClients: Client[],
  postOrder: (client: autocannon.Client, i: number) => void,
  first: boolean,
) {
  if (calls.has('healthz')) await load(target, 'GET /healthz (ceiling)', `${url}/healthz`, cpu, () => {});
  if (calls.has('orders'))
    await load(target, 'GET Orders/{companyId}', url, cpu, (client, i) => {
      const c = clients[i % clients.length]!;
      client.setRequests([
        { method: 'GET', path: `/api/v1/Orders/${c.companyId}`, headers: { cookie: c.cookie } },
      ]);
    });
  if (calls.has('worksheet'))
    await load(target, 'GET Order/{id}/Worksheet/', url, cpu, (client, i) => {
      const c = clients[i % clients.length]!;
      client.setRequests([
        { method: 'GET', path: `/api/v1/Order/${c.customerId}/Worksheet/`, headers: { cookie: c.cookie } },
      ]);
    });
  if (calls.has('dashboard')) {
    const cookie = await signInAdmin(url);
    const dashboard = (client: autocannon.Client) =>
      client.setRequests([{ method: 'GET', path: '/api/v1/Dashboard', headers: { cookie } }]);
    // Its statements are prepared and cached per connection: warmed up first, unrecorded.
    if (first) await autocannon({ url, connections, duration: 3, setupClient: dashboard });
    await load(target, 'GET Dashboard', url, cpu, dashboard);
    const p99 = rows.at(-1)!.p99;
    console.log(`  GET Dashboard: goal p99 <= 100 ms: ${p99 <= 100 ? 'met' : 'MISSED'} (${p99} ms)`);
  }
  if (calls.has('guide')) {
    const guide = (client: autocannon.Client, i: number) => {
      const c = guideClients[i % guideClients.length]!;
      const path = `/api/v1/Customer/${c.customerId}/OrderGuide`;
      client.setRequests([{ method: 'GET', path, headers: { cookie: c.cookie } }]);
    };
    // Its own code and statement warm up first, unrecorded, as the reads above did.
    if (first) {
      let w = 0;
      await autocannon({ url, connections, duration: 3, setupClient: (client) => guide(client, w++) });
    }
    await load(target, 'GET Customer/{id}/OrderGuide', url, cpu, guide);
    // Design.md section 8: p99 at most 100 ms at 40 customer requests a second (--rate 40).
    const p99 = rows.at(-1)!.p99;
    console.log(
      `  GET Customer/{id}/OrderGuide: goal p99 <= 100 ms: ${p99 <= 100 ? 'met' : 'MISSED'} (${p99} ms)`,
    );
  }
  if (!calls.has('post')) return;
  if (first) {
    // POST Order runs code the reads do not (the rules, the insert, the files, the mail): it
    // warms up on its own, unrecorded, after the reads so that they read the histories as
    // generated. (A later round's reads see the orders the rounds before it placed.)
    // A fixed number ends with none in flight, so none is stored after the count below.
    let w = 0;
    await autocannon({ url, connections, amount: 2000, setupClient: (client) => postOrder(client, w++) });
  }
  const before = await countWebOrders();
  const post = await load(target, 'POST Order', url, cpu, postOrder, ordersToPost);
  const accepted = post.get(201) ?? 0;
  const stored = (await countWebOrders()) - before;
  console.log(
    `  POST Order: ${accepted} answered 201, ${stored} stored ${accepted === stored ? '(each once)' : '(MISMATCH)'}`,
  );
}

for (const target of ['pg', 'pglite'] as const) {
  if (!only || only === target) await run(target);
}
console.log(
  '\nsummary (req/s, p50 ms, p99 ms, errors, non-2xx, CPU ms per request: server, PostgreSQL backends):',
);
for (const r of rows)
  console.log(
    `  ${r.target.padEnd(7)} ${r.call.padEnd(34)} ${r.rps}\t${r.p50}\t${r.p99}\t${r.errors}\t${r.non2xx}\t${r.serverCpu}\t${r.pgCpu}`,
  );
process.exit(0);
