import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dbKind, type TestApp } from '#support/helpers.js';
import { inTransaction } from './sql-runner.js';

/**
 * Issue 15, item 6: imports get two connections of their own on PostgreSQL (pgDatabase).
 * Four imports held open mid-transaction: two run, the third and fourth wait for a connection,
 * and customers' queries are served meanwhile.
 */
describe('import transactions on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  // PGlite is one connection: an import there holds it all, by design (the upload is spooled first).
  it.skipIf(dbKind === 'pglite')(
    'run at most two at once, in the order they came, while customers are served',
    async () => {
      const gates = Array.from({ length: 4 }, () => {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => {
          resolve = r;
        });
        return { promise, resolve };
      });
      const started: number[] = [];
      const imports = gates.map((gate, i) =>
        inTransaction(t.database, async (q) => {
          started.push(i);
          await q.query('select 1');
          await gate.promise;
          return i;
        }),
      );
      try {
        await vi.waitFor(() => expect(started).toHaveLength(2));
        // Customers are served while two imports hold their connections (the pool has 10).
        const reads = await Promise.all(
          Array.from({ length: 8 }, () => t.db.execute(sql`select pg_sleep(0.05), 1 as one`)),
        );
        expect(reads).toHaveLength(8);
        // The first two (connections may come back in either order); the others still wait.
        expect([...started].sort()).toEqual([0, 1]);

        gates[0]!.resolve();
        // The freed connection goes to the import that waited longest.
        await vi.waitFor(() => expect(started).toHaveLength(3));
        expect(started[2]).toBe(2);
      } finally {
        // Never leave a transaction open behind a failed assertion.
        for (const gate of gates) gate.resolve();
      }
      expect(await Promise.all(imports)).toEqual([0, 1, 2, 3]);
      expect(started[3]).toBe(3);
    },
  );

  it.skipIf(dbKind === 'pglite')('give the connection back when an import fails', async () => {
    const failures = await Promise.allSettled(
      Array.from({ length: 3 }, () =>
        inTransaction(t.database, async (q) => {
          await q.query('select 1 / 0');
        }),
      ),
    );
    expect(failures.map((f) => f.status)).toEqual(['rejected', 'rejected', 'rejected']);
    // Had a failed import kept its connection, these would wait forever.
    expect(await Promise.all([1, 2, 3].map((n) => inTransaction(t.database, async () => n)))).toEqual([
      1, 2, 3,
    ]);
  });
});
