import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { multipartFrame } from '#support/multipart.js';
import { adminPostgresUrl, createDatabase, dropDatabase } from '#support/pg-admin.js';
import { ServerProcess } from '#support/server-process.js';
import { testClockEnv } from '#support/test-config.js';

/**
 * One file is one transaction (design.md 5.8): a server killed with SIGKILL in the middle of
 * an upload, after it has written batches of it, leaves nothing of the file behind. The
 * server runs in a child process on a database of its own (PostgreSQL with
 * TEST_DATABASE_URL, else a PGlite directory, whose crash recovery this also exercises).
 * The file it was receiving, left in DATA_DIR/spool, is removed when the server starts again.
 */
describe('an import cut off by a crash', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bev-crash-'));
  const templateUrl = inject('pgTemplateUrl');
  const dbName = `bev_crash_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | undefined;
  let server: ServerProcess | undefined;
  const spool = () =>
    existsSync(path.join(dataDir, 'spool')) ? readdirSync(path.join(dataDir, 'spool')) : [];
  afterAll(async () => {
    await server?.kill('SIGKILL');
    if (templateUrl) await dropDatabase(adminPostgresUrl(templateUrl), dbName);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * A start of the server process: on PGlite the first one restores the tests' prepared
   * snapshot (migrated, demo data, test admin) into the new directory; without it the server
   * migrated and seeded a fresh directory itself, the start measured at 29 s on the 2-core
   * machine under the suite's load (load average 10), against 12 s from the snapshot; reopening
   * the directory took 8-9 s, and each start on PostgreSQL about 5 s. What a start costs:
   * server-process.ts.
   */
  const start = () =>
    ServerProcess.start({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'debug',
      PGLITE_SNAPSHOT: inject('pgliteSnapshot') || undefined,
      ...testClockEnv(),
    });

  /** Orders and order lines, read while no server runs (PGlite has one process at a time). */
  async function counts() {
    const query =
      'select (select count(*) from orders)::int as orders, (select count(*) from order_lines)::int as lines';
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query(query)).rows[0];
      } finally {
        await client.end();
      }
    }
    const db = new PGlite(path.join(dataDir, 'db'));
    try {
      return (await db.query(query)).rows[0];
    } finally {
      await db.close();
    }
  }

  it('leaves the database as it was before the upload', { timeout: 180_000 }, async () => {
    if (templateUrl)
      databaseUrl = await createDatabase(templateUrl, dbName, new URL(templateUrl).pathname.slice(1));
    server = await start(); // a new PGlite directory starts from the tests' prepared snapshot
    await server.kill();
    const before = await counts();
    expect(before.orders).toBeGreaterThan(0);

    server = await start();
    const cookie = await server.signInAdmin();
    const boundary = `----crash${randomBytes(6).toString('hex')}`;
    const { head, tail } = multipartFrame(boundary, { fileName: 'history.txt' });
    const upload = server.upload('/api/OrderHistoryImport', cookie, boundary);
    const batchWritten = server.waitForLog((e) => e.msg === 'import batch written');
    let seen = false;
    void batchWritten.then(() => {
      seen = true;
    });
    upload.request.write(head);
    // The whole file (200,000 lines for demo customer 1001, 40 batches or more) is sent: the
    // server receives an upload in full before the import starts (decision 025), then writes
    // it batch by batch; it is killed once the first batch is written.
    for (let n = 0; !seen && n < 400; n++) {
      let chunk = '';
      for (let i = 0; i < 500; i++) {
        const line = n * 500 + i;
        chunk += `01/06/2025\t1001\tBar\t01/08/2025\tCR-${Math.floor(line / 10)}\tPat\t\tREG\tITEM-${line % 10}\tItem\t12\t0\t1\n`;
      }
      if (!upload.request.write(chunk)) await once(upload.request, 'drain');
      await new Promise((resolve) => setImmediate(resolve));
    }
    upload.request.end(tail);
    await batchWritten;
    expect(await server.kill('SIGKILL')).toBeNull();
    upload.request.destroy();
    expect(spool()).toHaveLength(1); // the received file, its `finally` never ran

    server = await start(); // PostgreSQL rolled the transaction back; PGlite recovers at start
    const again = await server.signInAdmin();
    expect(again).toMatch(/^bev_session=/);
    expect(spool()).toEqual([]);
    await server.kill();
    expect(await counts()).toEqual(before);
  });
});
