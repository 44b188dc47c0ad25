import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp, dbKind, signInCustomer, TEST_NOW } from '#support/helpers.js';
import { orderableCodes } from '#support/order-fixtures.js';
import { startSmtpSink } from '#support/smtp-sink.js';
import { testConfig } from '#support/test-config.js';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { customers, orders } from '../../db/schema.js';
import { runStandingOrderCheck } from './standing-orders-check.js';

/**
 * "Exactly once per standing order and date, whatever the number of processes" (design.md 8.6):
 * two app instances on one PostgreSQL, each with its own pool, run the check at the same moment,
 * three times each, for 20 customers' standing orders due at TEST_NOW.
 */
describe('two processes on one PostgreSQL', () => {
  // PGlite is one embedded database inside one process: a second app cannot open it.
  it.skipIf(dbKind === 'pglite')(
    'place each due standing order once',
    async () => {
      const sink = await startSmtpSink();
      const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-standing-two-'));
      const now = () => TEST_NOW;
      const config = { dataDir: dir, smtpUrl: sink.url, exportDir: path.join(dir, 'exports') };
      const a = await createTestApp({ now, config });
      const url = (a.database as { pool: { options: { connectionString: string } } }).pool.options
        .connectionString;
      let other: { app: FastifyInstance; database: Database } | null = null;
      try {
        const database = await openDatabase({ databaseUrl: url });
        const app = await buildApp({
          logger: false,
          skipMigrate: true,
          now,
          database,
          config: testConfig(config),
        });
        other = { app, database };
        // Type 1's bars: each saves a Friday standing order (Friday 11/27 is due at TEST_NOW).
        const bars = await a.db.select().from(customers).where(eq(customers.customerTypeId, 1));
        const active = bars.filter((c) => c.isActive).slice(0, 20);
        for (const c of active) {
          const cookie = await signInCustomer(a.app, c.companyId, c.zipcode);
          const [code] = await orderableCodes(a.db, c.companyId, '2026-11-27');
          const res = await a.app.inject({
            method: 'POST',
            url: `/api/v1/Customer/${c.id}/StandingOrders`,
            headers: { cookie },
            payload: {
              Weekdays: [5],
              Lines: [{ Code: code!.code, CaseQuantity: 1 }],
              Name: 'Pat',
              Phone: '3125550142',
              Email: `bar${c.companyId}@example.com`,
              StartDate: '2026-11-25',
            },
          });
          expect(res.statusCode, res.body).toBe(201);
        }
        const before = await a.db.$count(orders, eq(orders.deliveryDate, '2026-11-27'));
        const apps = [a.app, app, a.app, app, a.app, app];
        const rounds = await Promise.all(apps.map((x) => runStandingOrderCheck(x)));
        expect(rounds.reduce((n, r) => n + r.placed, 0)).toBe(active.length);
        const placed = await a.db.select().from(orders).where(eq(orders.orderType, 'STANDING'));
        expect(placed).toHaveLength(active.length);
        expect(new Set(placed.map((o) => o.customerId)).size).toBe(active.length);
        expect(await a.db.$count(orders, eq(orders.deliveryDate, '2026-11-27'))).toBe(before + active.length);
      } finally {
        if (other) {
          await other.app.close();
          await other.database.close();
        }
        await a.close();
        await sink.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
