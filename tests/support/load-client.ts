import pg from 'pg';
import { addDays, dayOfWeek } from '../../src/domain/business-date.js';
import { earliestDeliveryDate } from '../../src/domain/delivery-date.js';
import { TEST_NOW } from './test-config.js';

/**
 * What the resilience tests share: customers made in SQL, and a customer talking to a real
 * server process over HTTP (fetch), as a browser would.
 */

export interface LoadCustomer {
  companyId: number;
  zipcode: number;
  customerId: number;
  /** Codes of the products linked to the customer, so it can order them. */
  codes: string[];
}

/** Runs `work` with a client on `databaseUrl`, then closes it. */
export async function withClient<T>(databaseUrl: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Adds `count` active customers of type 2 from company id `first` on (zip code 10000 + their
 * number), each linked to the first `links` active products of the catalog.
 */
export async function addCustomers(
  databaseUrl: string,
  opts: { first: number; count: number; links: number },
): Promise<LoadCustomer[]> {
  return withClient(databaseUrl, async (c) => {
    await c.query(
      `insert into customers (company_id, customer_type_id, name, zipcode)
       select $1::int + g, 2, 'Load Customer ' || g, 10000 + g from generate_series(0, $2::int - 1) g`,
      [opts.first, opts.count],
    );
    await c.query(
      `insert into customer_products (customer_id, product_id, order_no)
       select c.id, p.id, p.rank
       from customers c
       cross join (select id, row_number() over (order by id) as rank
                   from products where is_active order by id limit $3) p
       where c.company_id between $1 and $1::int + $2::int - 1`,
      [opts.first, opts.count, opts.links],
    );
    const rows = await c.query<{ company_id: number; zipcode: number; id: number; codes: string[] }>(
      `select c.company_id, c.zipcode, c.id, array_agg(p.code order by p.code) as codes
       from customers c
       join customer_products cp on cp.customer_id = c.id
       join products p on p.id = cp.product_id
       where c.company_id between $1 and $1::int + $2::int - 1
       group by c.id order by c.company_id`,
      [opts.first, opts.count],
    );
    return rows.rows.map((r) => ({
      companyId: r.company_id,
      zipcode: r.zipcode,
      customerId: r.id,
      codes: r.codes,
    }));
  });
}

/**
 * A delivery date every customer of the type may order for, a few days past the earliest: a
 * cutoff passing while the test runs cannot make it too early.
 */
export async function safeDeliveryDate(databaseUrl: string, customerTypeId: number): Promise<string> {
  const type = await withClient(databaseUrl, async (c) => {
    const r = await c.query<{ lead_hours: number; cutoff_hours: number; cutoff_minutes: number }>(
      'select lead_hours, cutoff_hours, cutoff_minutes from customer_types where id = $1',
      [customerTypeId],
    );
    return r.rows[0]!;
  });
  let date = addDays(
    earliestDeliveryDate({
      now: TEST_NOW,
      tz: 'America/Chicago',
      leadHours: type.lead_hours,
      cutoffHours: type.cutoff_hours,
      cutoffMinutes: type.cutoff_minutes,
    }),
    3,
  );
  while (dayOfWeek(date) === 0 || dayOfWeek(date) === 6) date = addDays(date, 1);
  return date;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

/** One request; the body is parsed as JSON when it is JSON. Throws on a network error or timeout. */
export async function call(
  url: string,
  init: { method?: string; cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
  timeoutMs = 60_000,
): Promise<Answer> {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { text };
  }
  return { status: res.status, body, ms: performance.now() - t0 };
}

/** Signs a customer in on the server at `baseUrl`; returns the session cookie. */
export async function signIn(baseUrl: string, companyId: number, zipcode: number): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ CompanyId: companyId, Zipcode: zipcode }),
    signal: AbortSignal.timeout(60_000),
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${companyId} answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('bev_session='));
  if (!cookie) throw new Error(`sign-in of ${companyId} set no session cookie`);
  return cookie.split(';')[0]!;
}

/** An order of two of the customer's products; `n` varies the quantities so orders differ. */
export function orderBody(customer: LoadCustomer, deliveryDate: string, n: number) {
  return {
    DeliveryDate: deliveryDate,
    Name: 'Load Buyer',
    Phone: '3125550100',
    Email: 'buyer@load.example.com',
    ProductQuantities: [
      { Code: customer.codes[0]!, CaseQuantity: 1 + (n % 7), UnitQuantity: 0 },
      { Code: customer.codes[1]!, CaseQuantity: 1 + (n % 3), UnitQuantity: 0 },
    ],
  };
}
