/**
 * The quick order from text (design.md 8.7, issue 41, decision 084): how long a 60-line message
 * takes against a customer who may order 1,500 products. Goal: within 100 ms at p99.
 *
 *   npx tsx bench/quick-order/quick-order-bench.ts [--rounds 200] [--lines 60] [--products 1500]
 *
 * The app built in this process (`buildApp`, through tsx) on PGlite with the demo data, in a
 * temporary DATA_DIR, listening on 127.0.0.1. Customer 1001 is linked to `--products` products
 * more: the demo catalogue's descriptions under made-up brands (so the words and sizes are a
 * real price book's, each word shared by many products), and a year of weekly orders of 40 of
 * its first 120 (the history that ranks the matches). The message: `--lines` lines written from the
 * customer's products the ways people text them (quantities before and after, units, sizes
 * spelled out, a slip of a letter, greetings and a signature), the same message every round.
 *
 * Per round, over the socket and one after another: POST Customer/{id}/QuickOrder, from sent
 * to answered; then p50 / p95 / p99 / max. Beside it, `matchMessage` alone on the same
 * catalogue (the reading and MiniSearch's index and searches, no database), to tell the
 * matching's share from the database's and the HTTP's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { TEST_ADMIN, testConfig } from '#support/test-config.js';
import { addDays } from '../../src/domain/business-date.js';
import { buildApp } from '../../src/server/app.js';
import { customers } from '../../src/server/db/schema.js';
import { demoCategories } from '../../src/server/db/seed/demo-products.js';
import {
  matchMessage,
  quickOrderProducts,
} from '../../src/server/modules/quick-order/quick-order.service.js';
import { percentile } from '../soak/stats.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '200' },
    lines: { type: 'string', default: '60' },
    products: { type: 'string', default: '1500' },
  },
});
const rounds = Number(values.rounds);
const lineCount = Number(values.lines);
const productCount = Number(values.products);
const now = new Date('2026-11-25T10:00:00-06:00');
const today = '2026-11-25';

const BRANDS = [
  'Northgate',
  'Lakeside',
  'Copper Kettle',
  'Red Barn',
  'Blue Ridge',
  'Old Mill',
  'Timberline',
  'Harborview',
  'Sandstone',
  'Prairie Wind',
  'Iron Horse',
  'Silver Creek',
];

/** The demo's descriptions under made-up brands: a price book of `n` products. */
function catalogue(n: number): { code: string; description: string; units: number }[] {
  const items = demoCategories.flatMap((c) =>
    c.items.map(([description, units]) => ({ description, units })),
  );
  const out: { code: string; description: string; units: number }[] = [];
  for (let i = 0; out.length < n; i++) {
    const item = items[i % items.length]!;
    const brand = BRANDS[Math.floor(i / items.length) % BRANDS.length]!;
    out.push({ code: `QB-${10000 + i}`, description: `${brand} ${item.description}`, units: item.units });
  }
  return out;
}

/** A line for a product, written one of the ways people text. */
function lineFor(description: string, i: number): string {
  const words = description
    .replace(/\b(\d+)x(\d+(?:\.\d+)?)(ml|L|oz)\b/, (_m, _pack, size, unit) =>
      i % 3 === 0 ? `${size} ${unit}` : `${size}${unit}`,
    )
    .split(' ');
  // A slip of a letter now and then, in a long word.
  const slipped = words.map((w, k) =>
    i % 5 === 0 && k === 1 && w.length > 6 ? `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}` : w,
  );
  const name = slipped.join(' ').toLowerCase();
  const q = 1 + (i % 6);
  return [`${q} cs ${name}`, `${name} x${q}`, `${name} - ${q}`, `${q} ${name}`, `${name} ${q}cs`][i % 5]!;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-quick-bench-'));
const config = testConfig({ dataDir: dir, pgliteDir: path.join(dir, 'db'), seedDemo: true });
const app = await buildApp({ config, logger: false, now: () => now });
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const [customer] = await app.db.select().from(customers).where(sql`${customers.companyId} = 1001`);
  const id = customer!.id;

  // The products, linked to the customer, and a year of weekly orders of 40 of them.
  const book = catalogue(productCount);
  await app.db.execute(sql`
    insert into products (code, description, units, is_case_only, is_active)
    select x->>'code', x->>'description', (x->>'units')::int, true, true
    from json_array_elements(${JSON.stringify(book)}::json) x`);
  await app.db.execute(sql`
    insert into customer_products (customer_id, product_id, order_no)
    select ${id}, p.id, row_number() over (order by p.id) + 1000 from products p where p.code like 'QB-%'`);
  for (let week = 1; week <= 52; week++) {
    const delivered = addDays(today, -7 * week);
    await app.db.execute(sql`
      with o as (
        insert into orders (customer_id, order_num, source, order_type, delivery_date, status)
        values (${id}, ${`QB${week}`}, 'import', 'REG', ${delivered}, 99) returning id)
      insert into order_lines (order_id, code, description, case_quantity, unit_quantity)
      select o.id, p.code, p.description, 2, 0 from o, products p
      where p.code like 'QB-%' and p.code < 'QB-10120' and (p.id + ${week}) % 3 <> 0
      limit 40`);
  }

  const products = (await quickOrderProducts(app.db, id, today))!;
  const message = [
    'Hi Mike, for Friday please:',
    ...Array.from({ length: lineCount - 2 }, (_, i) =>
      lineFor(products[(i * 97) % products.length]!.Description, i),
    ),
    'thanks - Joe',
  ].join('\n');

  const signIn = await fetch(`${base}/api/v1/Maint/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ User: TEST_ADMIN.user, Password: TEST_ADMIN.password }),
  });
  const cookie = /bev_session=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')![0];

  const post = async () => {
    const t = performance.now();
    const res = await fetch(`${base}/api/v1/Customer/${id}/QuickOrder`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ Text: message }),
    });
    const body = (await res.json()) as { Lines: { Code: string | null; Sure: boolean }[] };
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t, body };
  };
  for (let i = 0; i < 20; i++) await post(); // warm-up
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof post>>['body'] | undefined;
  for (let i = 0; i < rounds; i++) {
    const r = await post();
    times.push(r.ms);
    last = r.body;
  }
  const matchTimes: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    matchMessage(message, products);
    matchTimes.push(performance.now() - t);
  }
  const line = (label: string, xs: number[]) =>
    console.log(
      `  ${label.padEnd(44)} p50 ${percentile(xs, 50).toFixed(1).padStart(6)}  p95 ${percentile(xs, 95).toFixed(1).padStart(6)}  p99 ${percentile(xs, 99).toFixed(1).padStart(6)}  max ${Math.max(
        ...xs,
      )
        .toFixed(1)
        .padStart(6)} ms`,
    );
  console.log(
    `nproc ${os.cpus().length}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, node ${process.version}`,
  );
  console.log(
    `customer 1001: ${products.length} orderable products (${products.filter((p) => p.Times > 0).length} in a year's history); a message of ${lineCount} lines (${message.length} characters), ${rounds} rounds after 20 of warm-up`,
  );
  line('POST QuickOrder over the socket', times);
  line('matchMessage alone (read, index, search)', matchTimes);
  const matched = last!.Lines.filter((l) => l.Code !== null).length;
  const sure = last!.Lines.filter((l) => l.Sure).length;
  console.log(`  the answer: ${last!.Lines.length} lines, ${matched} matched, ${sure} sure`);
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
