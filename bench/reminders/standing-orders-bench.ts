/**
 * The standing order check (design.md 8.6, decision 080, issue 40) on PostgreSQL: 2,000
 * customers of type 2 (24 hours lead time, 4 PM cutoff, standing orders placed from 24 hours
 * before the cutoff), each linked to 40 of 300 products, with a year of weekly imported orders,
 * and one Friday standing order of 3 to 5 of those products. It runs `runStandingOrderCheck` as
 * the app's loop does, with its own clock, mailer (the outbox folder: no SMTP_URL) and export
 * folder:
 *
 * - steady: Tuesday 11/24/2026 10:00 AM Central, when no Friday is due: the every-minute case
 *   of most of the week. Goal: under 1 s a run.
 * - claim: Wednesday 11/25/2026 10:00 AM, when Friday 11/27's window is open (its OrderBy is
 *   Wednesday 4 PM): one check claims and places all 2,000 orders, one after another.
 * - claimed: the same minute again, once every date is claimed: each check tries the 2,000
 *   claims and the unique index turns every one away.
 *
 * For each it prints the wall time, the statements the check sent (a wrapper around
 * node-postgres' Client.query counts and times them), and the CPU of this process and of the
 * database's backends.
 *
 *   npx tsx bench/reminders/standing-orders-bench.ts [--rounds 20]
 *
 * BENCH_DATABASE_URL picks the PostgreSQL server (default the local one). The export files and
 * the mails go under BENCH_FILES_DIR (default the system's temp folder, a disk as in
 * production: each file is synced twice; /dev/shm leaves the disk out). Run benchmarks one at a
 * time: `flock /tmp/bench.lock npx tsx ...`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { adminPostgresUrl, createDatabase, dropDatabase } from '#support/pg-admin.js';
import { migrateDatabase, openDatabase } from '../../src/server/db/client.js';
import { createMailer } from '../../src/server/modules/mail/mailer.js';
import {
  runStandingOrderCheck,
  type StandingDeps,
} from '../../src/server/modules/standing-orders/standing-orders-check.js';
import { cpuMeter } from '../orders/cpu-meter.js';
import { percentile } from '../soak/stats.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const filesRoot = process.env.BENCH_FILES_DIR ?? os.tmpdir();
const tz = 'America/Chicago';
/** No Friday is due: its window opens Tuesday at 4 PM. */
const nothingDue = new Date('2026-11-24T10:00:00-06:00');
/** Friday 11/27 is due (OrderBy Wednesday 4 PM, placed from Tuesday 4 PM). */
const fridayDue = new Date('2026-11-25T10:00:00-06:00');
const CUSTOMERS = 2000;
const ITEMS = 300;
const LINKS = 40;
const WEEKS = 52;

const ms = (t: number) => performance.now() - t;
const fmt = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

/** Every statement any pool client sends, by its first words: count and time to its answer. */
const statements = new Map<string, { n: number; ms: number }>();
function traceStatements() {
  type Query = (...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const query = proto.query;
  const label = (q: unknown) => {
    const text = typeof q === 'string' ? q : ((q as { text?: string } | null)?.text ?? '?');
    return text.replace(/\s+/g, ' ').trim().slice(0, 72);
  };
  proto.query = function (this: unknown, ...args: unknown[]) {
    const key = label(args[0]);
    const t = performance.now();
    const done = () => {
      const s = statements.get(key) ?? { n: 0, ms: 0 };
      s.n += 1;
      s.ms += ms(t);
      statements.set(key, s);
    };
    // pg-pool's query passes a callback; drizzle awaits the promise.
    const cb = args.findIndex((a) => typeof a === 'function');
    if (cb >= 0) {
      const callback = args[cb] as (...r: unknown[]) => void;
      args[cb] = (...r: unknown[]) => {
        done();
        callback(...r);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) return result.finally(done);
    return result;
  };
}

function statementsReport(of: typeof statements, indent = '    ', top = 12) {
  const rows = [...of].sort((a, b) => b[1].ms - a[1].ms);
  const n = rows.reduce((a, [, s]) => a + s.n, 0);
  const total = rows.reduce((a, [, s]) => a + s.ms, 0);
  console.log(`${indent}${n} statements, ${total.toFixed(0)} ms waiting for answers in all:`);
  for (const [key, s] of rows.slice(0, top))
    console.log(`${indent}  ${String(s.n).padStart(6)} x ${fmt(s.ms)}  ${key}`);
  if (rows.length > top) console.log(`${indent}  ... ${rows.length - top} other statements`);
}

/** Errors and warnings only, counted: the check logs every placed order at info. */
const logged = { error: 0, warn: 0 };
const log = {
  level: 'warn',
  fatal() {},
  trace() {},
  debug() {},
  info() {},
  silent() {},
  warn() {
    logged.warn += 1;
  },
  error(obj: unknown, msg?: string) {
    logged.error += 1;
    if (logged.error <= 3) console.error('check logged an error:', msg, obj);
  },
  child: () => log,
} as unknown as FastifyBaseLogger;

async function main() {
  traceStatements();
  const dbName = `bev_bench_so_${randomBytes(4).toString('hex')}`;
  const adminUrl = adminPostgresUrl(pgUrl);
  const url = await createDatabase(pgUrl, dbName);
  const database = await openDatabase({ databaseUrl: url });
  const dir = mkdtempSync(path.join(filesRoot, 'bev-bench-so-'));
  const exportDir = path.join(dir, 'exports');
  const outboxDir = path.join(dir, 'outbox');
  const mailer = createMailer({ from: 'Orders <orders@bench.example.com>', outboxDir });
  const pending = new Set<Promise<unknown>>();
  let clock = nothingDue;
  const deps: StandingDeps = {
    db: database.db,
    database,
    now: () => clock,
    config: { businessTz: tz, exportDir, publicUrl: 'https://orders.bench.example.com' },
    mailer,
    background(work) {
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
    log,
  };
  const settle = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };
  const cpu = cpuMeter(process.pid, { adminUrl, dbName });
  try {
    await migrateDatabase(database);
    const t = performance.now();
    const db = database.db;
    await db.execute(sql`insert into customer_types (id, name, lead_hours, cutoff_hours, cutoff_minutes, standing_order_hours)
      select g, 'Bench Type ' || g, 24, 16, 0, 24 from generate_series(1, 7) g`);
    await db.execute(sql`insert into products (code, description, type, units, is_case_only, unit_uom, case_uom)
      select 'P' || lpad(g::text, 5, '0'), 'Bench beverage ' || g || ' 24x12oz', 1 + g % 2,
        (array[6, 12, 24])[1 + g % 3], true, 'EA', 'CS'
      from generate_series(1, ${ITEMS}) g`);
    await db.execute(sql`insert into customers (company_id, customer_type_id, name, zipcode)
      select 1000 + g, 2, 'Bench Customer ' || g, 60000 + g from generate_series(1, ${CUSTOMERS}) g`);
    await db.execute(sql`insert into customer_products (customer_id, product_id, order_no)
      select c.id, ((c.id * 7 + k * 31) % ${ITEMS}) + 1, k from customers c, generate_series(0, ${LINKS - 1}) k`);
    // A year of weekly imported orders (Fridays before the measured one), as a store that ran for a while.
    await db.execute(sql`insert into orders (customer_id, order_num, source, order_type, create_date, delivery_date)
      select c.id, 'H' || c.id || '-' || w, 'import', 'ERP',
        timestamptz '2026-11-25 16:00:00-06' - w * interval '7 days', date '2026-11-27' - w * 7
      from customers c, generate_series(1, ${WEEKS}) w`);
    // One Friday standing order per customer, of 3 to 5 of the products linked to it.
    await db.execute(sql`insert into standing_orders (customer_id, weekdays, name, phone, email, start_date, saved_by, saved_at)
      select c.id, '{5}', 'Bench Buyer', '3125550142', 'buyer' || c.id || '@bench.example.com',
        date '2026-11-01', 'Bench Buyer', timestamptz '2026-11-01 12:00:00+00'
      from customers c order by c.id`);
    await db.execute(sql`insert into standing_order_lines (standing_order_id, position, code, case_quantity, unit_quantity)
      select s.id, k, p.code, 1 + (s.id + k) % 4, 0
      from standing_orders s, generate_series(0, 4) k,
        lateral (select code from products where id = ((s.customer_id * 7 + k * 31) % ${ITEMS}) + 1) p
      where k < 3 + s.id % 3`);
    await db.execute(sql`vacuum analyze`);
    const count = async (q: ReturnType<typeof sql>) =>
      ((await db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const lines = await count(sql`select count(*)::int as n from standing_order_lines`);
    const history = await count(sql`select count(*)::int as n from orders`);
    console.log(
      `data: ${CUSTOMERS} customers, ${CUSTOMERS} standing orders of ${lines} lines, ${history} orders, made in ${(ms(t) / 1000).toFixed(1)} s`,
    );
    console.log(`files: ${dir}`);
    const runIds = async () =>
      count(
        sql`select coalesce((select last_value from standing_order_runs_id_seq where is_called), 0)::int as n`,
      );

    /** `rounds` checks at the clock given: each one's wall time, and every statement sent. */
    const steady = async (kind: string, at: Date) => {
      clock = at;
      await runStandingOrderCheck(deps); // warm-up, not counted
      await settle();
      const ids = await runIds();
      const c0 = await cpu();
      statements.clear();
      const times: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const s = performance.now();
        const x = await runStandingOrderCheck(deps);
        times.push(ms(s));
        if (x.placed || x.refused) throw new Error(`${kind}: placed ${x.placed}, refused ${x.refused}`);
      }
      const report = new Map(statements);
      const c1 = await cpu();
      const used = (await runIds()) - ids;
      console.log(
        `\n${kind.padEnd(8)} ${rounds} checks: median ${fmt(percentile(times, 50))}  p95 ${fmt(percentile(times, 95))}  min ${fmt(Math.min(...times))}  max ${fmt(Math.max(...times))}`,
      );
      console.log(
        `    CPU per check: this process ${(((c1.server - c0.server) * 1000) / rounds).toFixed(0)} ms, PostgreSQL ${(((c1.pg - c0.pg) * 1000) / rounds).toFixed(0)} ms; run ids used per check: ${(used / rounds).toFixed(0)}`,
      );
      statementsReport(report);
    };

    await steady('steady', nothingDue);

    clock = fridayDue;
    const c0 = await cpu();
    statements.clear();
    let s = performance.now();
    const result = await runStandingOrderCheck(deps);
    const wall = ms(s);
    const during = new Map(statements);
    const c1 = await cpu();
    s = performance.now();
    await settle();
    const after = ms(s);
    const c2 = await cpu();
    const placed = await count(
      sql`select count(*)::int as n from orders where standing_order_id is not null`,
    );
    const files = readdirSync(exportDir).length;
    const mails = readdirSync(outboxDir).length;
    console.log(
      `\nclaim    one check: ${result.placed} placed, ${result.refused} refused in ${(wall / 1000).toFixed(2)} s: ${(result.placed / (wall / 1000)).toFixed(0)} orders/s, ${(wall / Math.max(1, result.placed)).toFixed(1)} ms an order`,
    );
    console.log(
      `    its background work (exported marks, confirmation mails) went on ${(after / 1000).toFixed(2)} s after it returned`,
    );
    console.log(
      `    CPU during the check: this process ${(c1.server - c0.server).toFixed(1)} s, PostgreSQL ${(c1.pg - c0.pg).toFixed(1)} s; after it: ${(c2.server - c1.server).toFixed(1)} s, ${(c2.pg - c1.pg).toFixed(1)} s`,
    );
    console.log(
      `    stored: ${placed} standing orders' orders, ${files} export files, ${mails} mails; logged ${logged.error} errors, ${logged.warn} warnings`,
    );
    console.log('    while the check ran:');
    statementsReport(during, '      ', 30);

    await steady('claimed', new Date(fridayDue.getTime() + 60_000));
  } finally {
    await settle();
    mailer.close();
    await database.close();
    await dropDatabase(adminUrl, dbName);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
