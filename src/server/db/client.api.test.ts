import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminPostgresUrl, createDatabase, dropDatabase } from '#support/pg-admin.js';
import { type Database, openDatabase } from './client.js';

const templateUrl = inject('pgTemplateUrl');

/**
 * node-postgres #3202: a client checked out of the pool (a transaction) whose connection
 * dies between two statements emits 'error'; with nobody listening, that is an uncaught
 * exception and the whole server dies. openDatabase listens on every client, so the
 * transaction fails instead (vitest fails the run on an uncaught exception), and the pool
 * serves the next request on a new connection.
 */
describe.skipIf(!templateUrl)('a connection lost in the middle of a transaction', () => {
  const name = `bev_c_${randomBytes(4).toString('hex')}`;
  let database: Database;

  beforeAll(async () => {
    const url = await createDatabase(templateUrl, name);
    database = await openDatabase({ databaseUrl: url, poolMax: 2 });
  });
  afterAll(async () => {
    await database?.close();
    await dropDatabase(adminPostgresUrl(templateUrl), name);
  });

  it('fails that transaction, not the process, and the pool goes on with a new connection', async () => {
    if (database.kind !== 'pg') throw new Error('PostgreSQL only');
    // The connection is gone for certain before the second statement, however busy the
    // machine: the transaction's client has ended (after the 'error' it had to emit), or that
    // 'error' found nobody listening.
    let gone = () => {};
    const ended = new Promise<void>((resolve) => {
      gone = resolve;
    });
    database.pool.once('acquire', (client: pg.PoolClient) => client.once('end', gone));
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => {
      uncaught.push(err);
      gone();
    };
    process.on('uncaughtException', onUncaught);
    try {
      const outcome = await database.db
        .transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          // Another session ends this one while the transaction waits between statements.
          const admin = new pg.Client({ connectionString: adminPostgresUrl(templateUrl) });
          await admin.connect();
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          await admin.end();
          await ended;
          await tx.execute(sql`select 1`);
          return 'committed';
        })
        .catch((err: Error) => `failed: ${err.message}`);
      expect(outcome).toMatch(/^failed: /);
      expect(uncaught).toEqual([]);

      const { rows } = (await database.db.execute(sql`select 41 + 1 as answer`)) as unknown as {
        rows: { answer: number }[];
      };
      expect(rows[0]!.answer).toBe(42);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
