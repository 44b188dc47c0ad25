/**
 * The order guide on a slow phone (issue 19): a customer with 1,500 orderable products and a
 * year of weekly orders, Debian's chromium at a 390 x 844 viewport with the CPU slowed 4x
 * (CDP Emulation.setCPUThrottlingRate). Prints
 *   - the time from the Continue tap to the guide's first rows on screen,
 *   - keystroke to painted list in the search (20 keystrokes: median and worst), measured in the
 *     page from the key event's time stamp to the frame after the one that painted it,
 *   - the taps to re-order the last order with two changes (from the empty order form to the
 *     confirmation's OK), each one done.
 * Goals: < 1 s, < 100 ms worst, <= 8 taps. Needs the built app (`npm run build`).
 *
 *   npx tsx bench/web/order-guide-bench.ts [--rate 4] [--keep] [--shot guide.png]
 *
 * --shot saves the phone's screen after the last keystroke (the search's field focused, the
 * first rows drawn), to see how many rows the screen shows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../../src/server/db/client.js';
import { startServer } from '../orders/server-process.js';

const args = process.argv.slice(2);
const RATE = args.includes('--rate') ? Number(args[args.indexOf('--rate') + 1]) : 4;
const ITEMS = 1500;
const WEEKS = 52;
const LINES = 40;
const STAPLES = 120;
const COMPANY = 9001;
const ZIP = 60601;

const brands = ['Lake Effect', 'Steelworks', 'Prairie', 'Harbor', 'Midwest', 'Copper', 'Windy City', 'Rosé'];
const kinds = [
  'Lager',
  'IPA',
  'Stout',
  'Cola',
  'Sparkling Water',
  'Orange Juice',
  'Cabernet',
  'Pinot Grigio',
  'Vodka',
  'Ginger Ale',
];
const packs = ['24x12oz Can', '24x16oz Can', '12x750ml Btl', '6x1L Btl', '1/2 Keg', '24x355ml Glass'];

async function seed(dir: string) {
  const database = await openDatabase({ pgliteDir: path.join(dir, 'db') });
  await migrateDatabase(database);
  const db = database.db;
  const values = Array.from({ length: ITEMS }, (_, i) => {
    const g = i + 1;
    const description = `${brands[g % brands.length]} ${kinds[(g * 7) % kinds.length]} ${packs[(g * 3) % packs.length]} ${g}`;
    return sql`(${`GB-${String(g).padStart(5, '0')}`}, ${description}, ${1 + (g % 2)}, ${[6, 12, 24][g % 3]}, ${g % 4 !== 0}, 'EA', 'CS')`;
  });
  await db.execute(
    sql`insert into products (code, description, type, units, is_case_only, unit_uom, case_uom) values ${sql.join(values, sql`, `)}`,
  );
  await db.execute(sql`insert into customer_types (id, name, lead_hours, cutoff_hours, cutoff_minutes)
    values (2, 'Restaurants', 24, 16, 0) on conflict do nothing`);
  await db.execute(sql`insert into customers (company_id, customer_type_id, name, zipcode)
    values (${COMPANY}, 2, 'Guide Bench Bistro', ${ZIP})`);
  await db.execute(sql`insert into customer_products (customer_id, product_id, order_no)
    select c.id, p.id, p.id from customers c cross join products p where c.company_id = ${COMPANY}`);
  // A year of weekly imported orders, then the last one placed here (its contact starts the next).
  await db.execute(sql`insert into orders (customer_id, order_num, source, order_type, create_date, delivery_date, name, phone, email, status)
    select c.id, (3000000 + w)::text, 'import', 'REG', now() - make_interval(days => w * 7 + 2), current_date - w * 7,
           'Bench Buyer', '3125550100', '', 99
    from customers c, generate_series(2, ${WEEKS}) w where c.company_id = ${COMPANY}`);
  await db.execute(sql`insert into orders (customer_id, order_num, source, order_type, create_date, delivery_date, name, phone, email, status, exported_at, mailed_at)
    select c.id, 'W9000001', 'web', 'Web', now() - interval '8 days', current_date - 7,
           'Bench Buyer', '3125550100', 'buyer@bench.example.com', 99, now(), now()
    from customers c where c.company_id = ${COMPANY}`);
  await db.execute(sql`insert into order_lines (order_id, product_id, code, description, units_per_case, case_quantity, unit_quantity, is_case_only)
    select o.id, p.id, p.code, p.description, p.units, 1 + (o.id + k) % 4, 0, p.is_case_only
    from orders o cross join generate_series(0, ${LINES - 1}) k
    join products p on p.id = (((o.id * 7 + k) % ${STAPLES}) * 11 % ${ITEMS}) + 1
    order by o.id, k`);
  await database.close();
}

/** Milliseconds from each key event to the frame after the one that painted the list. */
async function keystrokes(page: Page, keys: string[]): Promise<{ ms: number; rows: number }[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __lat: { ms: number; rows: number }[] };
    w.__lat = [];
    document.addEventListener(
      'keydown',
      (e) => {
        const start = e.timeStamp;
        // The second frame's callback runs after the frame that painted the key's result:
        // an upper bound by up to one frame. (A setTimeout after the first frame would also wait
        // for React's scheduler tasks of the rows drawn after that paint.)
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            w.__lat.push({
              ms: performance.now() - start,
              rows: document.querySelectorAll('[data-testid^="product-row-"]').length,
            }),
          ),
        );
      },
      true,
    );
  });
  for (const [i, key] of keys.entries()) {
    await page.keyboard.press(key);
    await page.waitForFunction((n) => (window as unknown as { __lat: unknown[] }).__lat.length > n, i);
  }
  return page.evaluate(() => (window as unknown as { __lat: { ms: number; rows: number }[] }).__lat);
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-guide-bench-'));
  console.log(`seeding ${ITEMS} products, ${WEEKS} weekly orders of ${LINES} lines (PGlite in ${dir})`);
  await seed(dir);
  const server = await startServer({ dataDir: dir, env: { WEB_ROOT: path.resolve('dist/web') } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      ...devices['Pixel 7'],
      viewport: { width: 390, height: 844 },
      baseURL: server.url,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto('/user/login');
    await page.getByLabel('Customer Number').fill(String(COMPANY));
    await page.getByLabel('Zip Code').fill(String(ZIP));
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/order\/home$/);

    // 1. Continue to the guide (the date and contact as a customer gives them; the guide loads
    // while they type, as it does for them).
    let taps = 0;
    const tap = async (target: ReturnType<Page['getByRole']>) => {
      taps++;
      await target.tap();
    };
    await page.goto('/order/form/0');
    const loaded = page.waitForResponse((r) => r.url().includes('/OrderGuide?'));
    const tDate = Date.now();
    await page.getByRole('group', { name: 'Next delivery dates' }).getByRole('button').first().tap();
    const answer = await loaded;
    const guideBytes = (await answer.body()).length;
    const guideLoad = Date.now() - tDate;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Continue' }).tap();
    await page
      .getByTestId(/^product-row-/)
      .first()
      .waitFor();
    const showGuide = Date.now() - t0;
    const rowsDrawn = await page.getByTestId(/^product-row-/).count();

    // 2. Keystrokes in the search: a word, erased, two words, part erased.
    await page.getByLabel('Search products').tap();
    const keys = [...'lager', ...Array(5).fill('Backspace'), ...'ipa can', ...Array(3).fill('Backspace')].map(
      (k) => (k === ' ' ? 'Space' : k),
    );
    const perKey = await keystrokes(page, keys);
    if (args.includes('--shot')) await page.screenshot({ path: args[args.indexOf('--shot') + 1]! });
    const lat = perKey.map((k) => k.ms).sort((a, b) => a - b);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // 3. Taps to re-order the last order with two changes, from a fresh order form. The form
    // above was kept as the customer's draft (design.md 7.3), saved once more as it closed:
    // it is removed first, as after a customer's placed order, so the form opens empty.
    await page.goto('/order/home');
    await page.waitForLoadState('networkidle');
    const session = await (await page.request.get('/api/v1/Session')).json();
    const removed = await page.request.delete(`/api/v1/Customer/${session.Customer.Id}/Draft`, {
      headers: { origin: new URL(page.url()).origin },
    });
    if (![204, 404].includes(removed.status()))
      throw new Error(`the draft's DELETE answered ${removed.status()}`);
    await page.goto('/order/form/0');
    await tap(page.getByRole('group', { name: 'Next delivery dates' }).getByRole('button').first());
    await tap(page.getByRole('button', { name: 'Continue' }));
    await page
      .getByTestId(/^product-row-/)
      .first()
      .waitFor();
    await tap(page.getByRole('button', { name: 'Same as last order', exact: true }));
    await page.getByRole('button', { name: 'Undo Same as last order' }).waitFor();
    await tap(page.getByRole('button', { name: /^One case more of / }).nth(0));
    await tap(page.getByRole('button', { name: /^One case more of / }).nth(1));
    await tap(page.getByRole('button', { name: 'Continue' }));
    await tap(page.getByRole('button', { name: 'Submit' }));
    const ok = page.getByRole('dialog', { name: 'Order Confirmation' }).getByRole('button', { name: 'OK' });
    await tap(ok);
    await page.waitForURL(/\/order\/home$/);

    const median = lat[Math.floor(lat.length / 2)]!;
    const worst = lat[lat.length - 1]!;
    console.log(
      `\nOrder guide on a ${RATE}x slowed CPU, 390 x 844, ${ITEMS} products (${rowsDrawn} rows drawn at first)`,
    );
    console.log(
      `  the guide's answer, loaded once a date is picked (while the contact is filled): ${guideLoad} ms, ${(guideBytes / 1024).toFixed(0)} kB`,
    );
    console.log(`  Continue to the guide on screen: ${showGuide} ms (goal < 1000)`);
    console.log(
      `  keystroke to painted list, ${lat.length} keys: median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms (goal worst < 100)`,
    );
    console.log(
      `  each key, in order (ms, rows painted): ${perKey.map((k, i) => `${keys[i]} ${k.ms.toFixed(0)} (${k.rows})`).join(', ')}`,
    );
    console.log(`  taps to re-order the last order with two changes: ${taps} (goal <= 8)`);
  } finally {
    await browser.close();
    await server.stop();
    if (!args.includes('--keep')) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
