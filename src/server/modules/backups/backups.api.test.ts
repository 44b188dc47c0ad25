import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  dbKind,
  signInAdmin,
  signInCustomer,
  TEST_NOW,
  type TestApp,
} from '#support/helpers.js';
import { validOrderBody } from '#support/order-fixtures.js';
import { testConfig } from '#support/test-config.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema.js';
import { RestoreRefused, restoreBackup } from './restore.js';

/** Every file under `dir` with its hash: the folder's content, to compare before and after. */
function contentOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[path.relative(dir, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/**
 * Backups of the embedded database (design.md 8.8, decision 081): taken while orders are being
 * placed, restored into a fresh DATA_DIR with every order that was answered before the backup
 * began and none half-written; a damaged file is refused and changes nothing; BACKUP_KEEP files
 * are kept.
 */
describe.skipIf(dbKind === 'pg')('backups of the embedded database', () => {
  let t: TestApp;
  let dir: string;
  let clock = TEST_NOW;
  let admin: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bev-backups-'));
    t = await createTestApp({
      now: () => clock,
      ordersPerMinute: 1000,
      config: { dataDir: dir, backupDir: path.join(dir, 'backups'), backupKeep: 3 },
    });
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores every order answered before the backup began, and none half-written, from 50 placed at once', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = await signInCustomer(t.app);
    const body = await validOrderBody(t.db, 1001, TEST_NOW);
    const lines = body.ProductQuantities.filter((l) => l.CaseQuantity > 0).length;
    let backupStarted = 0;
    let answered = 0;
    let startBackup: () => void = () => {};
    const halfAnswered = new Promise<void>((resolve) => {
      startBackup = resolve;
    });
    // 50 orders on real sockets in one tick; once 20 have their answer, the backup starts
    // while the others are still being placed.
    const placing = Array.from({ length: 50 }, async (_, i) => {
      const res = await fetch(`${address}/api/v1/Order`, {
        method: 'POST',
        headers: {
          cookie,
          origin: address,
          'content-type': 'application/json',
          'idempotency-key': `backup-race-${i}`,
        },
        body: JSON.stringify(body),
      });
      const at = performance.now();
      const answer = (await res.json()) as { OrderNum: string };
      answered += 1;
      if (answered === 20) startBackup();
      return { status: res.status, orderNum: answer.OrderNum, at };
    });
    const backup = halfAnswered.then(() => {
      backupStarted = performance.now();
      return t.app.inject({ method: 'POST', url: '/api/v1/Backup', headers: { cookie: admin } });
    });
    const [results, taken] = await Promise.all([Promise.all(placing), backup]);
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(taken.statusCode, taken.body).toBe(201);
    const file = path.join(dir, 'backups', taken.json().File);
    expect(statSync(file).size).toBe(taken.json().Bytes);
    const before = results.filter((r) => r.at < backupStarted).map((r) => r.orderNum);
    expect(before.length).toBeGreaterThanOrEqual(20);

    // Restored into a fresh DATA_DIR, and a server started on it.
    const fresh = mkdtempSync(path.join(os.tmpdir(), 'bev-restored-'));
    try {
      const config = testConfig({ dataDir: fresh, pgliteDir: path.join(fresh, 'db') });
      const restored = await restoreBackup({ file, pgliteDir: config.pgliteDir, force: false });
      expect(restored.movedAside).toBeNull();
      const database = await openDatabase({ pgliteDir: config.pgliteDir });
      const app = await buildApp({ logger: false, config, database, now: () => clock });
      try {
        const placed = results.map((r) => r.orderNum);
        const kept = await database.db
          .select({ id: orders.id, orderNum: orders.orderNum })
          .from(orders)
          .where(inArray(orders.orderNum, placed));
        const keptNums = kept.map((o) => o.orderNum);
        for (const num of before) expect(keptNums).toContain(num);
        // Every order there is whole: all its lines, as placed.
        for (const o of kept)
          expect(await database.db.$count(orderLines, eq(orderLines.orderId, o.id)), o.orderNum).toBe(lines);
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a truncated backup and leaves the database there as it was', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/Backup', headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(201);
    const latest = res.json();
    const whole = readFileSync(path.join(dir, 'backups', latest.File));
    const target = mkdtempSync(path.join(os.tmpdir(), 'bev-restore-target-'));
    try {
      const pgliteDir = path.join(target, 'db');
      await restoreBackup({ file: path.join(dir, 'backups', latest.File), pgliteDir, force: false });
      const before = contentOf(target);
      const cut = path.join(target, 'cut.tar.gz');
      writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
      for (const force of [false, true]) {
        const refused = await restoreBackup({ file: cut, pgliteDir, force }).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(RestoreRefused);
        expect((refused as Error).message).toMatch(
          force ? /damaged or cut short/ : /already holds a database/,
        );
      }
      const notGzip = path.join(target, 'notes.tar.gz');
      writeFileSync(notGzip, 'not a backup');
      await expect(restoreBackup({ file: notGzip, pgliteDir, force: true })).rejects.toThrow(
        /damaged or cut short/,
      );
      const { 'cut.tar.gz': _c, 'notes.tar.gz': _n, ...after } = contentOf(target);
      expect(after).toEqual(before);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });

  it('keeps exactly BACKUP_KEEP files, the newest, and nothing half-written', async () => {
    for (let i = 1; i <= 4; i++) {
      clock = new Date(TEST_NOW.getTime() + i * 3_600_000);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/v1/Backup', headers: { cookie: admin } }))
          .statusCode,
      ).toBe(201);
    }
    const files = readdirSync(path.join(dir, 'backups')).sort();
    expect(files).toEqual([
      'backup-20261125-180000.tar.gz',
      'backup-20261125-190000.tar.gz',
      'backup-20261125-200000.tar.gz',
    ]);
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/v1/Backups', headers: { cookie: admin } })
    ).json();
    expect(listed.map((b: { File: string }) => b.File)).toEqual([...files].reverse());
  });
});

describe.skipIf(dbKind === 'pg')('the Backups card', () => {
  it('shows a failed backup until one succeeds, and one more than a day late as needing attention', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bev-backup-card-'));
    // A file where the backups' folder should be: the backup cannot be written.
    writeFileSync(path.join(dir, 'blocked'), '');
    let clock = TEST_NOW;
    const t = await createTestApp({
      now: () => clock,
      config: { dataDir: dir, backupDir: path.join(dir, 'blocked', 'backups'), backupHours: 24 },
    });
    try {
      let admin = await signInAdmin(t.app);
      const card = async () =>
        (await t.app.inject({ method: 'GET', url: '/api/v1/Dashboard', headers: { cookie: admin } })).json()
          .Backups;
      const take = () => t.app.inject({ method: 'POST', url: '/api/v1/Backup', headers: { cookie: admin } });
      expect(await card()).toEqual({ Embedded: true, Last: null, LastFailure: null, Late: false });
      expect((await take()).statusCode).toBe(500);
      expect(await card()).toMatchObject({ Last: null, LastFailure: { At: TEST_NOW.toISOString() } });
      expect((await card()).LastFailure.Message).toMatch(/ENOTDIR|ENOENT|EEXIST/);
      rmSync(path.join(dir, 'blocked'));
      expect((await take()).statusCode).toBe(201);
      expect(await card()).toMatchObject({
        LastFailure: null,
        Late: false,
        Last: { File: 'backup-20261125-160000.tar.gz' },
      });
      // BACKUP_HOURS (24) and a day more without a backup: late.
      // (A session lasts a working day: staff sign in again.)
      clock = new Date(TEST_NOW.getTime() + 47 * 3_600_000);
      admin = await signInAdmin(t.app);
      expect((await card()).Late).toBe(false);
      clock = new Date(TEST_NOW.getTime() + 49 * 3_600_000);
      admin = await signInAdmin(t.app);
      expect((await card()).Late).toBe(true);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(dbKind === 'pg')('backups on PostgreSQL', () => {
  it('answers 409 and says to use pg_dump; the list is empty', async () => {
    const t = await createTestApp();
    try {
      const admin = await signInAdmin(t.app);
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/Backup', headers: { cookie: admin } });
      expect(res.statusCode).toBe(409);
      expect(res.json().ErrorMessage).toBe('On PostgreSQL, back up with pg_dump');
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/Backups', headers: { cookie: admin } })).json(),
      ).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
