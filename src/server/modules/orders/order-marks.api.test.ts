import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { freshDatabase } from '../../test/helpers.js';
import { statementsDuring } from '../../test/statements.js';
import { createOrderMarks } from './order-marks.js';

/** Decision 018: the marks after an order go in batches, one statement at a time per process. */
describe('order marks', () => {
  let database: Database;
  let ids: number[];
  const at = new Date('2026-11-23T15:00:00.000Z');
  const later = new Date('2026-11-23T15:00:05.000Z');

  beforeAll(async () => {
    database = await freshDatabase();
    // Eight demo web orders, made to owe their mail as if each had just been placed.
    const rows = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.source, 'web'))
      .orderBy(asc(orders.id))
      .limit(8);
    ids = rows.map((r) => r.id);
    await database.db
      .update(orders)
      .set({
        exportedAt: null,
        mailedAt: null,
        mailAttempts: 1,
        mailSendingUntil: later,
        mailNextAttemptAt: at,
        mailError: 'an earlier failure',
      })
      .where(inArray(orders.id, ids));
  });
  afterAll(async () => {
    await database.close();
  });

  const rowsOf = (list: number[]) =>
    database.db.select().from(orders).where(inArray(orders.id, list)).orderBy(asc(orders.id));
  const isMarks = (text: string) => /^\s*update orders o set/.test(text);

  it('writes the marks made in one turn in one statement, an order marked twice once', async () => {
    const [a, b, c] = ids as [number, number, number];
    const marks = createOrderMarks(database);
    const seen = await statementsDuring(database, () =>
      Promise.all([
        marks.exported(a, at),
        marks.exported(b, at),
        marks.mailed(b, later),
        marks.mailed(c, later),
      ]),
    );
    expect(seen.filter(isMarks)).toHaveLength(1);
    expect(seen).toHaveLength(1);

    const [rowA, rowB, rowC] = await rowsOf([a, b, c]);
    // Exported only: the mail is still owed, its claim and its last error stay.
    expect(rowA).toMatchObject({
      exportedAt: at,
      mailedAt: null,
      mailSendingUntil: later,
      mailNextAttemptAt: at,
    });
    expect(rowA!.mailError).toBe('an earlier failure');
    // Both marks, from one entry.
    expect(rowB).toMatchObject({
      exportedAt: at,
      mailedAt: later,
      mailSendingUntil: null,
      mailNextAttemptAt: null,
    });
    expect(rowB!.mailError).toBeNull();
    // Mailed only: the file's mark stays as it was.
    expect(rowC).toMatchObject({
      exportedAt: null,
      mailedAt: later,
      mailNextAttemptAt: null,
      mailError: null,
    });
  });

  it('sends marks made while a statement runs together in the next one', async () => {
    const [, , , d, e, f, g] = ids as number[];
    const marks = createOrderMarks(database);
    const seen = await statementsDuring(database, async () => {
      const first = marks.exported(d!, at);
      // Let the first batch start: its statement is now on its way.
      await new Promise((resolve) => setImmediate(resolve));
      const rest = [marks.exported(e!, at), marks.exported(f!, at), marks.mailed(g!, later)];
      await Promise.all([first, ...rest]);
    });
    expect(seen.filter(isMarks)).toHaveLength(2);
    const rows = await rowsOf([d!, e!, f!]);
    for (const row of rows) expect(row.exportedAt).toEqual(at);
    expect((await rowsOf([g!]))[0]!.mailedAt).toEqual(later);
  });

  it('flush waits for every mark made so far, and does nothing when there is none', async () => {
    const h = ids[7]!;
    const marks = createOrderMarks(database);
    const seen = await statementsDuring(database, () => marks.flush());
    expect(seen).toEqual([]);
    const pending = marks.mailed(h, later);
    await marks.flush();
    expect((await rowsOf([h]))[0]!.mailedAt).toEqual(later);
    await pending;
  });

  it("rejects every mark of a batch that could not be written, with the database's error", async () => {
    // A real database without the schema: the statement itself fails.
    const empty = await openDatabase({});
    try {
      const marks = createOrderMarks(empty);
      const results = await Promise.allSettled([marks.exported(1, at), marks.mailed(2, at)]);
      for (const result of results) {
        expect(result.status).toBe('rejected');
        expect(String((result as PromiseRejectedResult).reason)).toMatch(/orders/);
      }
      // The next mark, made as soon as the failure is known, is written in a batch of its own
      // (it is not left waiting for a batch that has already ended).
      await expect(marks.exported(3, at)).rejects.toThrow(/orders/);
    } finally {
      await empty.close();
    }
  });
});
