/**
 * Issue 3's benchmark: the order calls at 32 connections against a real server process, on
 * PostgreSQL and on PGlite, with 2,000 customers, 1,500 items and 1,000,000 order history
 * lines. Prints requests/s, p50 and p99 for GET /healthz (the ceiling), GET Orders/{companyId},
 * GET Order/{id}/Worksheet/ and POST Order, and checks that every accepted order is stored once.
 *
 *   npx tsx bench/orders/orders-bench.ts [--only pg|pglite] [--seconds 15] [--orders 2000]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { addDays, dayOfWeek } from '../../src/domain/business-date.js';
import { earliestDeliveryDate } from '../../src/domain/delivery-date.js';
import { migrateDatabase, openDatabase } from '../../src/server/db/client.js';
import { adminPostgresUrl, createDatabase, dropDatabase } from '../../src/server/test/pg-admin.js';
import { BENCH, firstCompanyId, generateBenchData } from './bench-data.js';
import { startServer } from './server-process.js';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const seconds = args.includes('--seconds') ? Number(args[args.indexOf('--seconds') + 1]) : 15;
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const connections = 32;
const ordersToPost = args.includes('--orders') ? Number(args[args.indexOf('--orders') + 1]) : 2000;

interface Row {
  target: string;
  call: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}
const rows: Row[] = [];

async function run(target: 'pg' | 'pglite') {
  console.log(`\n== ${target === 'pg' ? 'PostgreSQL' : 'PGlite'} ==`);
  const dir = mkdtempSync(path.join(os.tmpdir(), `bev-bench-${target}-`));
  const dbName = `bev_bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = target === 'pg' ? await createDatabase(pgUrl, dbName) : undefined;
  try {
    const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dir, 'db') });
    await migrateDatabase(database);
    console.log('generating data:');
    await generateBenchData(database.db, console.log);
    await database.close();

    const server = await startServer({ databaseUrl, dataDir: dir });
    try {
      await measure(target, server.url, server.countWebOrders);
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
  setup: (client: autocannon.Client, i: number) => void,
  amount?: number,
) {
  let i = 0;
  const statuses = new Map<number, number>();
  const result = await autocannon({
    url,
    connections,
    // A fixed number of requests ends with none in flight, so answers and stored rows can be compared.
    ...(amount ? { amount } : { duration: seconds }),
    setupClient: (client) => {
      setup(client, i++);
      client.on('response', (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
    },
  });
  const row: Row = {
    target,
    call,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  rows.push(row);
  const codes = [...statuses].map(([code, n]) => `${code}×${n}`).join(' ');
  console.log(
    `  ${call.padEnd(34)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}  non-2xx ${row.non2xx}  [${codes}]`,
  );
  return statuses;
}

async function measure(target: string, url: string, countWebOrders: () => Promise<number>) {
  const clients = await Promise.all(
    Array.from({ length: connections }, (_, k) => signIn(url, firstCompanyId + k * 61)),
  );
  // Type 2: 24 h lead time, 16:00 cutoff; a date a week out is always allowed (and never a Sunday).
  let date = addDays(
    earliestDeliveryDate({
      now: new Date(),
      tz: 'America/Chicago',
      leadHours: 24,
      cutoffHours: 16,
      cutoffMinutes: 0,
    }),
    7,
  );
  if (dayOfWeek(date) === 0) date = addDays(date, 1);

  // A few seconds of each read first, unrecorded: the JIT and the database's caches warm up.
  await autocannon({
    url: `${url}/api/v1/Orders/${clients[0]!.companyId}`,
    connections,
    duration: 3,
    headers: { cookie: clients[0]!.cookie },
  });
  console.log(`${connections} connections, ${seconds} s each:`);
  await load(target, 'GET /healthz (ceiling)', `${url}/healthz`, () => {});
  await load(target, 'GET Orders/{companyId}', url, (client, i) => {
    const c = clients[i % clients.length]!;
    client.setRequests([
      { method: 'GET', path: `/api/v1/Orders/${c.companyId}`, headers: { cookie: c.cookie } },
    ]);
  });
  await load(target, 'GET Order/{id}/Worksheet/', url, (client, i) => {
    const c = clients[i % clients.length]!;
    client.setRequests([
      { method: 'GET', path: `/api/v1/Order/${c.customerId}/Worksheet/`, headers: { cookie: c.cookie } },
    ]);
  });
  const before = await countWebOrders();
  const post = await load(
    target,
    'POST Order',
    url,
    (client, i) => {
      const c = clients[i % clients.length]!;
      client.setRequests([
        {
          method: 'POST',
          path: '/api/v1/Order',
          headers: { cookie: c.cookie, 'content-type': 'application/json' },
          body: orderBody(c, date, i),
        },
      ]);
    },
    ordersToPost,
  );
  const accepted = post.get(201) ?? 0;
  const stored = (await countWebOrders()) - before;
  console.log(
    `  POST Order: ${accepted} answered 201, ${stored} stored ${accepted === stored ? '(each once)' : '(MISMATCH)'}`,
  );
}

for (const target of ['pg', 'pglite'] as const) {
  if (!only || only === target) await run(target);
}
console.log('\nsummary (req/s, p50 ms, p99 ms, errors, non-2xx):');
for (const r of rows)
  console.log(
    `  ${r.target.padEnd(7)} ${r.call.padEnd(34)} ${r.rps}\t${r.p50}\t${r.p99}\t${r.errors}\t${r.non2xx}`,
  );
process.exit(0);
