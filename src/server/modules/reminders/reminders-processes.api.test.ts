import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp, dbKind, signInAdmin, TEST_NOW } from '#support/helpers.js';
import { addCustomerWithHistory, addReminderType, mailsTo } from '#support/reminder-fixtures.js';
import { startSmtpSink } from '#support/smtp-sink.js';
import { testConfig } from '#support/test-config.js';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { reminders } from '../../db/schema.js';
import { runReminderCheck } from './reminders.js';

/**
 * "Exactly once per customer and delivery date, whatever the number of processes" (design.md
 * 7.4): three app instances on one PostgreSQL run the check at the same moment, twice each.
 */
describe('three processes on one PostgreSQL', () => {
  // PGlite is one embedded database inside one process: a second app cannot open it.
  it.skipIf(dbKind === 'pglite')(
    'send each due reminder once, counted in the SMTP sink',
    async () => {
      const sink = await startSmtpSink();
      const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-reminders-three-'));
      const now = () => TEST_NOW;
      const a = await createTestApp({ now, config: { dataDir: dir, smtpUrl: sink.url } });
      const url = (a.database as { pool: { options: { connectionString: string } } }).pool.options
        .connectionString;
      const others: { app: FastifyInstance; database: Database }[] = [];
      try {
        for (let i = 0; i < 2; i++) {
          const database = await openDatabase({ databaseUrl: url });
          const app = await buildApp({
            logger: false,
            skipMigrate: true,
            now,
            database,
            config: testConfig({ dataDir: dir, smtpUrl: sink.url }),
          });
          others.push({ app, database });
        }
        await addReminderType(a.app, await signInAdmin(a.app), 24);
        const emails: string[] = [];
        for (let n = 0; n < 30; n++) {
          const email = `buyer${8600 + n}@bar.example.com`;
          await addCustomerWithHistory(a.db, 8600 + n, ['2026-11-13', '2026-11-20'], { email });
          emails.push(email);
        }
        const apps = [a.app, ...others.map((o) => o.app)];
        const rounds = await Promise.all(
          [...apps, ...apps].map((app) => runReminderCheck(app).then((r) => r.sent)),
        );
        expect(rounds.reduce((x, y) => x + y, 0)).toBe(30);
        expect(sink.received).toHaveLength(30);
        for (const email of emails) expect(mailsTo(sink.received, email)).toHaveLength(1);
        expect(await a.db.$count(reminders)).toBe(30);
        // And again: nothing more.
        const again = await Promise.all(apps.map((app) => runReminderCheck(app).then((r) => r.sent)));
        expect(again).toEqual([0, 0, 0]);
        expect(sink.received).toHaveLength(30);
      } finally {
        for (const o of others) {
          await o.app.close();
          await o.database.close();
        }
        await a.close();
        await sink.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
