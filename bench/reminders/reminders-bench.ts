/**
 * The reminder check's database time (design.md 7.4, decision 038) on PostgreSQL: 2,000
 * customers of a type with reminders on (72 hours, the most), each with a year of weekly
 * imported orders on one or two weekdays plus a web order that gives the email, a third of them
 * already ordered for their next date. At Wednesday 11/25/2026 10:00 AM Central (decision 028)
 * it times the check's statements: reading the candidates, the holidays, claiming the due
 * reminders (fresh: none sent yet; steady: all sent already, the every-minute case), and the
 * domain's rules in between (JavaScript, not database). Goal: under 1 s a run.
 *
 *   npx tsx bench/reminders/reminders-bench.ts [--rounds 5]
 *
 * BENCH_DATABASE_URL picks the PostgreSQL server (default the local one). Run benchmarks one at
 * a time: `flock /tmp/bench.lock npx tsx ...`.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { adminPostgresUrl, createDatabase, dropDatabase } from '#support/pg-admin.js';
import { businessToday } from '../../src/domain/business-date.js';
import { migrateDatabase, openDatabase } from '../../src/server/db/client.js';
import { holidaysFrom } from '../../src/server/modules/calendar/delivery-dates.service.js';
import { claimNewReminders } from '../../src/server/modules/reminders/reminders-claims.service.js';
import {
  dueFromCandidates,
  readReminderCandidates,
} from '../../src/server/modules/reminders/reminders-due.service.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const tz = 'America/Chicago';
const now = new Date('2026-11-25T10:00:00-06:00');
const today = businessToday(now, tz);
const CUSTOMERS = 2000;
const WEEKS = 52;

const ms = (t: number) => performance.now() - t;
const fmt = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

async function main() {
  const dbName = `bev_bench_rem_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(pgUrl, dbName);
  const database = await openDatabase({ databaseUrl: url });
  try {
    await migrateDatabase(database);
    const t = performance.now();
    const db = database.db;
    await db.execute(sql`insert into customer_types (id, name, lead_hours, cutoff_hours, cutoff_minutes, reminder_hours)
      select g, 'Bench Type ' || g, 24, 16, 0, case when g = 2 then 72 else 0 end from generate_series(1, 7) g`);
    await db.execute(sql`insert into customers (company_id, customer_type_id, name, zipcode)
      select 1000 + g, 2, 'Bench Customer ' || g, 60000 + g from generate_series(1, ${CUSTOMERS}) g`);
    // A year of weekly deliveries: every customer on weekday 1 + id % 6 (Monday to Saturday),
    // every other one also on the next weekday; imported orders carry no email.
    await db.execute(sql`insert into orders (customer_id, order_num, source, order_type, create_date, delivery_date)
      select c.id, 'H' || c.id || '-' || w || '-' || k, 'import', 'ERP',
        d - interval '2 days', d
      from customers c, generate_series(1, ${WEEKS}) w, generate_series(0, 1) k,
        lateral (select (${today}::date - w * 7 + (((c.id % 6 + k) % 6 + 1) - extract(dow from ${today}::date)::int + 7) % 7)::date as d) x
      where k = 0 or c.id % 2 = 0`);
    await db.execute(sql`insert into orders (customer_id, order_num, source, order_type, create_date, delivery_date, email)
      select c.id, 'W' || c.id, 'web', 'WEB', timestamptz '2026-10-01 12:00:00+00', date '2026-10-05',
        'buyer' || c.id || '@bench.example.com'
      from customers c`);
    // A third have ordered for every date of the next two weeks already.
    await db.execute(sql`insert into orders (customer_id, order_num, source, order_type, create_date, delivery_date)
      select c.id, 'N' || c.id || '-' || g, 'import', 'ERP', timestamptz '2026-11-24 12:00:00+00', ${today}::date + g
      from customers c, generate_series(1, 14) g where c.id % 3 = 0`);
    await db.execute(sql`analyze`);
    const counted = (await db.execute(sql`select count(*)::int as n from orders`)) as unknown as {
      rows: { n: number }[];
    };
    const n = counted.rows[0]!.n;
    console.log(`data: ${CUSTOMERS} customers, ${n} orders, made in ${(ms(t) / 1000).toFixed(1)} s`);

    const runOnce = async () => {
      let s = performance.now();
      const rows = await readReminderCandidates(database, today);
      const read = ms(s);
      s = performance.now();
      const holidays = await holidaysFrom(db, today);
      const hol = ms(s);
      s = performance.now();
      const due = dueFromCandidates(rows, holidays, now, tz);
      const rules = ms(s);
      s = performance.now();
      const claimed = await claimNewReminders(database, due, now);
      const claim = ms(s);
      return { rows: rows.length, due: due.length, claimed: claimed.length, read, hol, rules, claim };
    };

    console.log(
      '\nround  kind    candidates  due  claimed   read       holidays   claim      | db total   | rules (JS)',
    );
    for (const kind of ['fresh', 'steady'] as const) {
      for (let r = 1; r <= rounds; r++) {
        if (kind === 'fresh') await db.execute(sql`delete from reminders`);
        const x = await runOnce();
        const dbTotal = x.read + x.hol + x.claim;
        console.log(
          `${String(r).padStart(5)}  ${kind.padEnd(6)}  ${String(x.rows).padStart(10)}  ${String(x.due).padStart(4)}  ${String(x.claimed).padStart(7)}  ${fmt(x.read)}  ${fmt(x.hol)}  ${fmt(x.claim)} | ${fmt(dbTotal)} | ${fmt(x.rules)}`,
        );
      }
    }
  } finally {
    await database.close();
    await dropDatabase(adminPostgresUrl(pgUrl), dbName);
  }
}

await main();
