import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { customerByCompany, validOrderBody } from '#support/order-fixtures.js';
import { adminPostgresUrl, createDatabase, dropDatabase } from '#support/pg-admin.js';
import { type CrashPoint, ServerProcess } from '#support/server-process.js';
import { TEST_NOW, testClockEnv } from '#support/test-config.js';
import type { OrderDetail } from '../../src/domain/order-view.schema.js';
import { openDatabase } from '../../src/server/db/client.js';
import { exportFileName, orderExportText } from '../../src/server/modules/orders/order-export.js';

const TZ = 'America/Chicago';

/**
 * A change killed halfway (decision 052): the server process dies with SIGKILL between the
 * claim of the order's export file and its rewrite. Killed before the commit, the next start
 * puts the old version back under the order's name; killed after it, the new one once the
 * claim's lease has passed. No claimed file is left either way.
 */
describe('a change cut off by a kill', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bev-change-crash-'));
  const exportDir = path.join(dataDir, 'exports');
  const templateUrl = inject('pgTemplateUrl');
  const dbName = `bev_change_crash_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill('SIGKILL');
    if (templateUrl) await dropDatabase(adminPostgresUrl(templateUrl), dbName);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const serverEnv = () => ({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...testClockEnv() });
  const start = (env: Record<string, string> = {}) => ServerProcess.start({ ...serverEnv(), ...env });
  const startCrashingAt = (point: CrashPoint) => ServerProcess.startCrashingAt(point, serverEnv());
  const api = async (method: string, url: string, cookie: string, body?: unknown) => {
    const res = await fetch(`${server!.baseUrl}/api/v1${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: await res.json() };
  };
  const dotFiles = () => readdirSync(exportDir).filter((f) => f.startsWith('.'));
  let body: Record<string, unknown>;

  /** Places an order as staff; its Id, Web Conf # and file. */
  async function place(cookie: string) {
    const placed = await api('POST', '/Order', cookie, body);
    expect(placed.status).toBe(201);
    const orderNum = placed.json.OrderNum as string;
    const list = await api('GET', '/Orders/1001', cookie);
    const id = (list.json.Orders as { Id: number; OrderNum: string }[]).find(
      (o) => o.OrderNum === orderNum,
    )!.Id;
    return { id, orderNum, file: path.join(exportDir, exportFileName(orderNum)) };
  }

  /** A PUT the server dies in the middle of. */
  async function changeAndDie(cookie: string, id: number) {
    const put = api('PUT', `/Order/${id}`, cookie, { ...body, Name: 'Changed Before The Kill' });
    await expect(put).rejects.toThrow();
    expect(await server!.kill()).toBeNull(); // killed by a signal, not an exit
  }

  it('killed after the claim, before the commit: the next start writes the old version back', {
    timeout: 180_000,
  }, async () => {
    if (templateUrl)
      databaseUrl = await createDatabase(templateUrl, dbName, new URL(templateUrl).pathname.slice(1));
    server = await start(); // a new PGlite directory starts from the tests' prepared snapshot
    await server.kill();
    // The order body, read while no server runs (PGlite has one process at a time).
    const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
    try {
      const customer = await customerByCompany(database.db, 1001);
      body = { ...(await validOrderBody(database.db, 1001, TEST_NOW)), CustomerId: customer.id };
    } finally {
      await database.close();
    }

    server = await startCrashingAt('order-claimed');
    let cookie = await server.signInAdmin();
    const { id, orderNum, file } = await place(cookie);
    const old = readFileSync(file, 'utf8');
    await changeAndDie(cookie, id);
    expect(existsSync(file)).toBe(false);
    expect(dotFiles()).toEqual([`.${exportFileName(orderNum)}.claimed`]);

    server = await start();
    expect(readFileSync(file, 'utf8')).toBe(old);
    expect(dotFiles()).toEqual([]);
    cookie = await server.signInAdmin();
    const detail = (await api('GET', `/Order/${id}`, cookie)).json as OrderDetail;
    expect(detail.Name).toBe(body.Name);
    expect(detail.ChangedAt).toBeNull();
    expect(orderExportText(detail, TZ)).toBe(old);
    await server.kill();
  });

  it('killed after the commit, before the rewrite: once the lease has passed, a start writes the new version', {
    timeout: 180_000,
  }, async () => {
    server = await startCrashingAt('order-committed');
    let cookie = await server.signInAdmin();
    const { id, orderNum, file } = await place(cookie);
    const old = readFileSync(file, 'utf8');
    await changeAndDie(cookie, id);
    expect(existsSync(file)).toBe(false);
    expect(dotFiles()).toEqual([`.${exportFileName(orderNum)}.claimed`]);

    // Within the claim's minute the claim is the change's own: a start leaves it alone.
    server = await start();
    expect(dotFiles()).toEqual([`.${exportFileName(orderNum)}.claimed`]);
    await server.kill();

    server = await start(testClockEnv(120_000));
    expect(dotFiles()).toEqual([]);
    cookie = await server.signInAdmin();
    const detail = (await api('GET', `/Order/${id}`, cookie)).json as OrderDetail;
    expect(detail.Name).toBe('Changed Before The Kill');
    expect(readFileSync(file, 'utf8')).toBe(orderExportText(detail, TZ));
    expect(readFileSync(file, 'utf8')).not.toBe(old);
    await server.kill();
  });
});
