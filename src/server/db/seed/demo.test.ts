import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase, openDatabase } from '../client.js';
import { addDays, dateInZone } from './dates.js';
import { seedDemo } from './demo.js';
import { planOrders } from './demo-orders.js';
import { planLinks, planProducts } from './demo-plan.js';
import { planPrices } from './demo-prices.js';

// A Monday afternoon in Chicago; the six months before it cross both DST changes.
const now = new Date('2026-03-16T19:30:00Z');
const businessTz = 'America/Chicago';
const today = dateInZone(now, businessTz);

let database: Database;
let seeded: boolean;
let seedMs: number;
const log: string[] = [];

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function counts() {
  const [row] = await rows<Record<string, string>>(sql`select
    (select count(*) from customer_types)::text as types, (select count(*) from customers)::text as customers,
    (select count(*) from products)::text as products, (select count(*) from customer_products)::text as links,
    (select count(*) from orders)::text as orders, (select count(*) from order_lines)::text as lines,
    (select count(*) from messages)::text as messages, (select count(*) from settings)::text as settings,
    (select last_value::text from web_order_num_seq) as seq`);
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)]));
}

beforeAll(async () => {
  database = await openDatabase({});
  await migrateDatabase(database);
  const started = performance.now();
  seeded = await seedDemo(database.db, { now, businessTz, log: (m) => log.push(m) });
  seedMs = performance.now() - started;
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe('seedDemo', () => {
  it('seeds an empty database within a few seconds and says what it made', () => {
    expect(seeded).toBe(true);
    expect(seedMs).toBeLessThan(5_000);
    expect(log.join('\n')).toMatch(/^Demo data: 40 customers, \d+ items/);
  });

  it('returns false and changes nothing when customers exist', async () => {
    const before = await counts();
    expect(await seedDemo(database.db, { now, businessTz })).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('makes counts in the expected ranges', async () => {
    const c = await counts();
    expect(c).toMatchObject({ types: 7, customers: 40, messages: 2, settings: 1 });
    expect(c.products).toBeGreaterThanOrEqual(140);
    expect(c.products).toBeLessThanOrEqual(170);
    expect(c.orders).toBeGreaterThanOrEqual(40 * 20);
    expect(c.orders).toBeLessThanOrEqual(40 * 30);
    expect(c.lines).toBeGreaterThanOrEqual(c.orders! * 5);
    expect(c.lines).toBeLessThanOrEqual(c.orders! * 10);
  });

  it('has the demo sign-ins and the inactive test customer', async () => {
    const found = await rows<{
      company_id: number;
      zipcode: number;
      customer_type_id: number;
      is_active: boolean;
    }>(
      sql`select company_id, zipcode, customer_type_id, is_active from customers
          where company_id in (1001, 1002, 6001) order by company_id`,
    );
    expect(found).toEqual([
      { company_id: 1001, zipcode: 60601, customer_type_id: 1, is_active: true },
      { company_id: 1002, zipcode: 60602, customer_type_id: 1, is_active: false },
      { company_id: 6001, zipcode: 60611, customer_type_id: 6, is_active: true },
    ]);
    const [type1] = await rows<{ lead_hours: number; cutoff_hours: number; cutoff_minutes: number }>(
      sql`select lead_hours, cutoff_hours, cutoff_minutes from customer_types where id = 1`,
    );
    expect(type1).toEqual({ lead_hours: 24, cutoff_hours: 16, cutoff_minutes: 0 });
  });

  it('has the demo people: an Owner of both demo sign-ins and a Counter at the bar (design.md 8.2)', async () => {
    const found = await rows<{ email: string; company_id: number; role: string }>(
      sql`select p.email, c.company_id, v.role from venue_people v
          join people p on p.id = v.person_id join customers c on c.id = v.customer_id
          order by p.email, c.company_id`,
    );
    expect(found).toEqual([
      { email: 'dana.reyes@example.com', company_id: 1001, role: 'Owner' },
      { email: 'dana.reyes@example.com', company_id: 6001, role: 'Owner' },
      { email: 'sam.ortiz@example.com', company_id: 1001, role: 'Counter' },
    ]);
  });

  it('gives a few customers liquor licenses: one expired, one within 30 days, the demo sign-ins valid or none', async () => {
    const found = await rows<{ company_id: number; license_number: string; expires: string }>(
      sql`select company_id, license_number, to_char(license_expires, 'YYYY-MM-DD') as expires
          from customers where license_expires is not null order by license_expires`,
    );
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found.every((f) => /^IL-/.test(f.license_number))).toBe(true);
    const expired = found.filter((f) => f.expires < today);
    const soon = found.filter((f) => f.expires >= today && f.expires <= addDays(today, 30));
    expect(expired.map((f) => f.company_id)).toEqual([7003]);
    expect(soon.map((f) => f.company_id)).toEqual([3002]);
    // The journeys' customers order months ahead at most: 1001 stays valid, 6001 has none.
    expect(found.find((f) => f.company_id === 1001)!.expires > addDays(today, 180)).toBe(true);
    expect(found.find((f) => f.company_id === 6001)).toBeUndefined();
  });

  it('gives the demo sign-ins payment terms: the bar COD, the grocer EFT (design.md 8.4)', async () => {
    const found = await rows<{ company_id: number; payment_terms: string }>(
      sql`select company_id, payment_terms from customers where payment_terms is not null order by company_id`,
    );
    expect(found).toEqual([
      { company_id: 1001, payment_terms: 'COD' },
      { company_id: 5001, payment_terms: 'EFT' },
      { company_id: 7003, payment_terms: 'NET30' },
    ]);
  });

  it("posts a price book: most active items priced for every type, a tenth on invoice, deposits, breaks and the bar's own prices (design.md 8.4)", async () => {
    const [book] = await rows<Record<string, string>>(sql`select
      (select count(*) from products where is_active)::text as active,
      (select count(distinct product_id) from prices)::text as priced,
      (select count(distinct customer_type_id) from prices)::text as types,
      (select count(*) from prices pr join products p on p.id = pr.product_id where not p.is_active)::text as inactive,
      (select count(*) from prices where deposit_per_case > 0)::text as deposits,
      (select count(*) from prices where min_cases > 1)::text as breaks,
      (select count(*) from prices pr join customers c on c.id = pr.customer_id where c.company_id = 1001)::text as own,
      (select count(*) from prices where (from_date, to_date) not in
        ((${addDays(today, -30)}::date, ${addDays(today, 60)}::date), (${addDays(today, -210)}::date, ${addDays(today, -31)}::date)))::text as off_period,
      (select count(*) from orders o where o.status <> 3 and o.delivery_date < ${addDays(today, -210)}::date)::text as older`);
    const n: Record<string, number> = Object.fromEntries(
      Object.entries(book!).map(([k, v]) => [k, Number(v)]),
    );
    const { priced = 0, active = 0 } = n;
    expect(priced / active).toBeGreaterThan(0.8);
    expect(priced).toBeLessThan(active);
    // Two periods, the last one reaching back past the history's first order.
    expect(n).toMatchObject({ types: 7, inactive: 0, own: 3, off_period: 0, older: 0 });
    expect(n.deposits).toBeGreaterThan(0);
    expect(n.breaks).toBeGreaterThan(0);
    // The bar's own prices are on products linked to it, under its type's.
    const own = await rows<{ mine: number; type: number; linked: boolean }>(sql`
      select mine.case_price as mine, t.case_price as type,
        exists (select 1 from customer_products cp where cp.customer_id = c.id and cp.product_id = mine.product_id) as linked
      from prices mine join customers c on c.id = mine.customer_id
      join prices t on t.product_id = mine.product_id and t.customer_type_id = c.customer_type_id and t.min_cases = 1
        and t.from_date = mine.from_date`);
    expect(own).toHaveLength(3);
    for (const r of own) {
      expect(r.linked).toBe(true);
      expect(r.mine).toBeLessThan(r.type);
    }
  });

  it('gives every customer 15 to 40 linked products, ordered 1..n, started in the past', async () => {
    const perCustomer = await rows<{ n: number; max_no: number }>(
      sql`select count(cp.id)::int as n, coalesce(max(cp.order_no), 0)::int as max_no
          from customers c left join customer_products cp on cp.customer_id = c.id group by c.id`,
    );
    expect(perCustomer).toHaveLength(40);
    for (const c of perCustomer) {
      expect(c.n).toBeGreaterThanOrEqual(15);
      expect(c.n).toBeLessThanOrEqual(40);
      expect(c.max_no).toBe(c.n);
    }
    const [dates] = await rows<{ future_start: number; ended: number }>(
      sql`select count(*) filter (where start_date > ${today}::date)::int as future_start,
                 count(*) filter (where end_date < ${today}::date)::int as ended from customer_products`,
    );
    expect(dates!.future_start).toBe(0);
    expect(dates!.ended).toBeGreaterThan(0);
  });

  it('mixes case-only, split, inactive and unknown-type items', async () => {
    const [p] = await rows<{ n: number; split: number; inactive: number; unknown: number; frozen: number }>(
      sql`select count(*)::int as n, count(*) filter (where not is_case_only)::int as split,
                 count(*) filter (where not is_active)::int as inactive,
                 count(*) filter (where type = 0)::int as unknown, count(*) filter (where type = 1)::int as frozen
          from products`,
    );
    expect(p!.split / p!.n).toBeGreaterThan(0.15);
    expect(p!.split / p!.n).toBeLessThan(0.4);
    expect(p!.inactive).toBeGreaterThanOrEqual(3);
    expect(p!.unknown).toBeGreaterThanOrEqual(3);
    expect(p!.frozen).toBeGreaterThanOrEqual(20);
  });

  it('never delivers on a Sunday, nor on a Saturday to type 1', async () => {
    const [bad] = await rows<{ sundays: number; saturdays: number }>(
      sql`select count(*) filter (where extract(dow from o.delivery_date) = 0)::int as sundays,
                 count(*) filter (where extract(dow from o.delivery_date) = 6 and c.customer_type_id = 1)::int
                   as saturdays
          from orders o join customers c on c.id = o.customer_id`,
    );
    expect(bad).toEqual({ sundays: 0, saturdays: 0 });
  });

  it('imports ERP history: 7-digit numbers, completed, created 1 to 3 days before delivery', async () => {
    const history = await rows<{
      order_num: string;
      status: number;
      delivery_date: string;
      create_date: Date;
    }>(sql`select order_num, status, delivery_date::text, create_date from orders where source = 'import'`);
    for (const o of history) {
      expect(o.order_num).toMatch(/^\d{7}$/);
      expect(o.status).toBe(99);
      expect(o.delivery_date < today).toBe(true);
      const created = dateInZone(new Date(o.create_date), businessTz);
      expect(created >= addDays(o.delivery_date, -3) && created <= addDays(o.delivery_date, -1)).toBe(true);
    }
  });

  it('adds open, exported web orders numbered W + the sequence, for future delivery', async () => {
    const web = await rows<{
      order_num: string;
      order_type: string;
      status: number;
      exported: boolean;
      delivery_date: string;
      po: string;
      type: number;
    }>(
      sql`select o.order_num, o.order_type, o.status, o.exported_at is not null as exported,
                 o.delivery_date::text, o.reference_po as po, c.customer_type_id as type
          from orders o join customers c on c.id = o.customer_id where o.source = 'web'`,
    );
    expect(web.length).toBeGreaterThanOrEqual(5);
    const [signIns] = await rows<{ n: number }>(
      sql`select count(distinct c.company_id)::int as n from orders o join customers c on c.id = o.customer_id
          where o.source = 'web' and c.company_id in (1001, 6001)`,
    );
    expect(signIns!.n).toBe(2);
    for (const o of web) {
      expect(o.order_num).toMatch(/^W\d+$/);
      expect(o).toMatchObject({ order_type: 'WEB', status: 1, exported: true });
      expect(o.delivery_date > today).toBe(true);
      if (o.type === 6 || o.type === 7) expect(o.po).toMatch(/^.{1,20}$/);
    }
  });

  it('builds order lines from the customer linked products, with the product copied', async () => {
    const [bad] = await rows<{ unlinked: number; mismatched: number; bad_qty: number; bad_phone: number }>(
      sql`select
            count(*) filter (where not exists (select 1 from customer_products cp
              where cp.customer_id = o.customer_id and cp.product_id = l.product_id))::int as unlinked,
            count(*) filter (where p.code <> l.code or p.description <> l.description
              or p.units <> l.units_per_case or p.is_case_only <> l.is_case_only)::int as mismatched,
            count(*) filter (where l.case_quantity not between 1 and 10
              or (l.is_case_only and l.unit_quantity <> 0))::int as bad_qty,
            count(*) filter (where o.phone !~ '^[0-9]{10}$' or o.email !~ '@' or o.name = '')::int as bad_phone
          from order_lines l join orders o on o.id = l.order_id join products p on p.id = l.product_id`,
    );
    expect(bad).toEqual({ unlinked: 0, mismatched: 0, bad_qty: 0, bad_phone: 0 });
  });

  it('shows both messages today and sets the footer', async () => {
    const shown = await rows<{ customer_type_id: number; message: string }>(
      sql`select customer_type_id, message from messages
          where is_active and start_date <= ${today}::date and end_date >= ${today}::date order by customer_type_id`,
    );
    expect(shown.map((m) => m.customer_type_id)).toEqual([0, 1]);
    expect(shown[0]!.message).toContain('<strong>');
    const [footer] = await rows<{ footer: string }>(sql`select footer from settings where id = 1`);
    expect(footer!.footer).toMatch(/^<p>.*555-0100/);
  });

  it('plans the same data on every run', () => {
    const plan = () => {
      const items = planProducts();
      const links = planLinks(items, today);
      return {
        items,
        links,
        orders: planOrders(items, links, { now, businessTz }),
        prices: planPrices(items, links, today),
      };
    };
    expect(plan()).toEqual(plan());
  });
});
