import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type Answer,
  addCustomers,
  call,
  type LoadCustomer,
  orderBody,
  safeDeliveryDate,
  signIn,
  withClient,
} from '#support/load-client.js';
import { adminPostgresUrl, createDatabase, dropDatabase } from '#support/pg-admin.js';
import { ServerProcess } from '#support/server-process.js';
import { testClockEnv } from '#support/test-config.js';

const templateUrl = inject('pgTemplateUrl');
const CUSTOMERS = 200;
const RETRIES = 50;

/**
 * Two server processes on one PostgreSQL, as README's "Several processes" runs them: order
 * numbers come from a database sequence and idempotency from a unique index, so neither
 * process can hand out a number the other did, nor store a retry the other stored.
 */
describe.skipIf(!templateUrl)(
  'two server processes on one PostgreSQL (PGlite is one process by nature)',
  () => {
    const dirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'bev-two-')));
    const dbName = `bev_two_${randomBytes(4).toString('hex')}`;
    let databaseUrl = '';
    let servers: ServerProcess[] = [];
    let customers: LoadCustomer[] = [];
    let cookies: string[] = [];
    let deliveryDate = '';
    /** The process that serves customer i: they alternate. */
    const serverOf = (i: number) => servers[i % 2]!;

    beforeAll(async () => {
      databaseUrl = await createDatabase(templateUrl, dbName, new URL(templateUrl).pathname.slice(1));
      customers = await addCustomers(databaseUrl, { first: 8001, count: CUSTOMERS, links: 3 });
      deliveryDate = await safeDeliveryDate(databaseUrl, 2);
      servers = await Promise.all(
        dirs.map((dir) =>
          ServerProcess.start({
            DATA_DIR: dir,
            DATABASE_URL: databaseUrl,
            SEED_DEMO: '0',
            ...testClockEnv(),
            LOG_LEVEL: 'warn',
          }),
        ),
      );
      // 100 sign-ins per process: under @fastify/rate-limit's 120 a minute per address, which
      // each process counts for itself (no REDIS_URL here). One after another: a sign-in in
      // flight holds one of its address's 30 attempts until it is answered (decision 021), and
      // these all come from 127.0.0.1. The production limits stay as they are.
      cookies = [];
      for (const [i, c] of customers.entries())
        cookies.push(await signIn(serverOf(i).baseUrl, c.companyId, c.zipcode));
    }, 180_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.kill('SIGKILL')));
      if (databaseUrl) await dropDatabase(adminPostgresUrl(templateUrl), dbName);
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    it(`takes ${CUSTOMERS} orders submitted at once, each stored once with its own Web Conf #`, {
      timeout: 240_000,
    }, async () => {
      expect(customers).toHaveLength(CUSTOMERS);
      const answers = await Promise.all(
        customers.map((c, i) =>
          call(`${serverOf(i).baseUrl}/api/v1/Order`, {
            method: 'POST',
            cookie: cookies[i]!,
            body: orderBody(c, deliveryDate, i),
          }),
        ),
      );
      const statuses = countBy(answers.map((a) => a.status));
      expect(statuses, describeFailures(answers)).toEqual({ 201: CUSTOMERS });
      const orderNums = answers.map((a) => a.body.OrderNum as string);
      expect(new Set(orderNums).size).toBe(CUSTOMERS);

      const stored = await storedOrders(databaseUrl, orderNums);
      expect(stored.size).toBe(CUSTOMERS);
      customers.forEach((c, i) => {
        const order = stored.get(orderNums[i]!);
        const expected = orderBody(c, deliveryDate, i).ProductQuantities.map(
          (q) => `${q.Code}×${q.CaseQuantity}`,
        );
        expect(order, `order ${orderNums[i]} of ${c.companyId}`).toEqual({
          companyId: c.companyId,
          deliveryDate,
          lines: expected.sort(),
        });
      });
      const webOrders = await withClient(databaseUrl, async (client) => {
        const r = await client.query<{ n: number }>(
          `select count(*)::int as n from orders o join customers c on c.id = o.customer_id
           where o.source = 'web' and c.company_id between 8001 and 8200`,
        );
        return r.rows[0]!.n;
      });
      expect(webOrders).toBe(CUSTOMERS);
    });

    it(`answers ${RETRIES} retries of one order with one Idempotency-Key, across both processes, with one order`, {
      timeout: 120_000,
    }, async () => {
      const key = randomUUID();
      const customer = customers[0]!;
      // The customer's session works on either process: sessions are cookies sealed with the shared secret.
      const answers = await Promise.all(
        Array.from({ length: RETRIES }, (_, i) =>
          call(`${serverOf(i).baseUrl}/api/v1/Order`, {
            method: 'POST',
            cookie: cookies[0]!,
            headers: { 'idempotency-key': key },
            body: orderBody(customer, deliveryDate, 99),
          }),
        ),
      );
      expect(countBy(answers.map((a) => a.status)), describeFailures(answers)).toEqual({ 201: RETRIES });
      const orderNums = new Set(answers.map((a) => a.body.OrderNum));
      expect(orderNums.size).toBe(1);
      const rows = await withClient(databaseUrl, async (client) => {
        const r = await client.query<{ order_num: string }>(
          'select order_num from orders where customer_id = $1 and idempotency_key = $2',
          [customer.customerId, key],
        );
        return r.rows.map((row) => row.order_num);
      });
      expect(rows).toEqual([...orderNums]);
    });
  },
);

function countBy(values: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

/** The first few answers that were not 201, for the failure message. */
function describeFailures(answers: Answer[]): string {
  return JSON.stringify(answers.filter((a) => a.status !== 201).slice(0, 5));
}

/** Orders by Web Conf #: whose they are, their date, and their lines as "code×cases". */
async function storedOrders(databaseUrl: string, orderNums: string[]) {
  return withClient(databaseUrl, async (client) => {
    const r = await client.query<{
      order_num: string;
      company_id: number;
      delivery_date: string;
      lines: string[];
    }>(
      `select o.order_num, c.company_id, o.delivery_date::text as delivery_date,
              array_agg(l.code || '×' || l.case_quantity) as lines
       from orders o
       join customers c on c.id = o.customer_id
       join order_lines l on l.order_id = o.id
       where o.order_num = any($1)
       group by o.id, c.company_id`,
      [orderNums],
    );
    return new Map(
      r.rows.map((row) => [
        row.order_num,
        { companyId: row.company_id, deliveryDate: row.delivery_date, lines: row.lines.sort() },
      ]),
    );
  });
}
