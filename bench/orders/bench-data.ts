import { sql } from 'drizzle-orm';
import { addDays, dayOfWeek } from '../../src/domain/business-date.js';
import { earliestDeliveryDate } from '../../src/domain/delivery-date.js';
import type { Db } from '../../src/server/db/client.js';

/**
 * The benchmarks' data set, made in SQL (seconds, not minutes): 2,000 customers of type 2,
 * 1,500 items, 40 product links per customer, and 50 imported orders of 10 lines per
 * customer, 1,000,000 order history lines in all. Product ids are 1..1500 (a fresh database).
 */
export const BENCH = {
  customers: 2000,
  items: 1500,
  linksPerCustomer: 40,
  ordersPerCustomer: 50,
  linesPerOrder: 10,
};
export const firstCompanyId = 1001;

/**
 * The order guide's customers (issue 19): 32 others than the ones the other calls measure
 * (those are firstCompanyId + k * 61), each linked to all 1,500 items and with a year of
 * weekly orders of 40 lines on top of the common history, so the guide is one a real customer
 * with a big catalogue would open: 1,500 products, dozens of them ordered often.
 */
export const GUIDE = { customers: 32, weeks: 52, linesPerOrder: 40, staples: 120 };
export const guideCompanyIds = Array.from(
  { length: GUIDE.customers },
  (_, k) => firstCompanyId + 30 + k * 61,
);

/**
 * A delivery date the bench customers (type 2: 24 h lead time, 16:00 cutoff) may order for
 * now: a week after the earliest one, whatever the hour, and never a Sunday.
 */
export function benchDeliveryDate(now = new Date()): string {
  const date = addDays(
    earliestDeliveryDate({ now, tz: 'America/Chicago', leadHours: 24, cutoffHours: 16, cutoffMinutes: 0 }),
    7,
  );
  return dayOfWeek(date) === 0 ? addDays(date, 1) : date;
}

export async function generateBenchData(
  db: Db,
  log: (m: string) => void = () => {},
  { orderGuide = false }: { orderGuide?: boolean } = {},
) {
  const t0 = Date.now();
  const step = async (name: string, q: ReturnType<typeof sql>) => {
    const t = Date.now();
    await db.execute(q);
    log(`  ${name}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  await step(
    'customer types',
    sql`insert into customer_types (id, name, lead_hours, cutoff_hours, cutoff_minutes)
        select g, 'Bench Type ' || g, 24, 16, 0 from generate_series(1, 7) g on conflict do nothing`,
  );
  await step(
    'items',
    sql`insert into products (code, description, type, units, is_case_only, unit_uom, case_uom)
        select 'P' || lpad(g::text, 5, '0'), 'Bench beverage ' || g || ' 24x12oz', 1 + g % 2,
               (array[6, 12, 24])[1 + g % 3], g % 4 <> 0, 'EA', 'CS'
        from generate_series(1, ${BENCH.items}) g`,
  );
  await step(
    'customers',
    sql`insert into customers (company_id, customer_type_id, name, zipcode)
        select ${firstCompanyId} + g - 1, 2, 'Bench Customer ' || g, 60000 + g % 900
        from generate_series(1, ${BENCH.customers}) g`,
  );
  await step(
    'product links',
    sql`insert into customer_products (customer_id, product_id, order_no)
        select c.id, ((c.id * 7 + k * 31) % ${BENCH.items}) + 1, k
        from customers c, generate_series(0, ${BENCH.linksPerCustomer - 1}) k`,
  );
  await step(
    'orders',
    sql`insert into orders (customer_id, order_num, source, order_type, create_date, delivery_date, name, phone, email, status)
        select c.id, (1000000 + (c.id - 1) * ${BENCH.ordersPerCustomer} + o)::text, 'import', 'REG',
               now() - make_interval(days => o * 3 + 2), current_date - o * 3,
               'Bench Buyer', '3125550100', 'buyer@bench.example.com', 99
        from customers c, generate_series(1, ${BENCH.ordersPerCustomer}) o`,
  );
  await step(
    'order lines',
    sql`insert into order_lines (order_id, product_id, code, description, units_per_case, case_quantity, unit_quantity, is_case_only)
        select o.id, p.id, p.code, p.description, p.units, 1 + (o.id + k) % 5, 0, p.is_case_only
        from orders o
        cross join generate_series(0, ${BENCH.linesPerOrder - 1}) k
        join products p on p.id = ((o.customer_id * 7 + ((o.id + k) % ${BENCH.linksPerCustomer}) * 31) % ${BENCH.items}) + 1
        -- An order's lines side by side, as the history import and POST Order write them.
        order by o.id, k`,
  );
  if (orderGuide) await guideData(step);
  // As a database that has run for a while would be: vacuumed and analyzed (hint bits and
  // visibility maps set, as autovacuum does), and the load's dirty pages already on disk, so
  // the first minutes of measurement are not the load's own checkpoint.
  await step('vacuum analyze', sql`vacuum analyze`);
  await step('checkpoint', sql`checkpoint`);
  log(`  data ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function guideData(step: (name: string, q: ReturnType<typeof sql>) => Promise<void>) {
  const ids = sql.raw(guideCompanyIds.join(', '));
  await step(
    'order guide: every item linked',
    sql`insert into customer_products (customer_id, product_id, order_no)
        select c.id, p.id, p.id from customers c cross join products p
        where c.company_id in (${ids})
        on conflict (customer_id, product_id) do nothing`,
  );
  await step(
    'order guide: a year of weekly orders',
    sql`insert into orders (customer_id, order_num, source, order_type, create_date, delivery_date, name, phone, email, status)
        select c.id, (3000000 + c.id * 100 + w)::text, 'import', 'REG',
               now() - make_interval(days => w * 7 + 2), current_date - w * 7,
               'Bench Buyer', '3125550100', 'buyer@bench.example.com', 99
        from customers c, generate_series(1, ${GUIDE.weeks}) w
        where c.company_id in (${ids})`,
  );
  // Each week 40 of the customer's 120 staples, a window that moves a little every week, so
  // some items are in every order and others in a few.
  await step(
    'order guide: their lines',
    sql`insert into order_lines (order_id, product_id, code, description, units_per_case, case_quantity, unit_quantity, is_case_only)
        select o.id, p.id, p.code, p.description, p.units, 1 + (o.id + k) % 4, 0, p.is_case_only
        from orders o
        cross join generate_series(0, ${GUIDE.linesPerOrder - 1}) k
        join products p on p.id = ((o.customer_id * 13 + ((o.id * 7 + k) % ${GUIDE.staples}) * 11) % ${BENCH.items}) + 1
        -- Only the weekly orders above: the common history's numbers start with 1.
        where o.order_num like '3%'
        order by o.id, k`,
  );
}
