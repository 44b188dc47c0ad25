import type { Database } from '../../db/client.js';
import { runStatement, type Statement } from './statements.js';

/**
 * What is recorded about an order after it is saved: when its back-office file was written
 * and when its confirmation mail went out (decision 018). Nobody answers a customer on these
 * marks, so each process writes them in batches, as PostgreSQL commits its own log: the
 * first mark is written at once, and marks made while that statement runs go together in
 * the next one. A quiet process writes each mark on its own, a busy one writes one
 * statement (and one commit) for many orders instead of two per order.
 *
 * Each mark's promise settles when its batch is written: it rejects with the batch's error,
 * as a single UPDATE would, for the caller to log. A lost mark is bookkeeping, not an
 * order: the file exists and Regenerate Orders lists the order as not exported; the mail
 * went out and the retry round sends it again once its lease lapses (docs/security.md).
 */
export interface OrderMarks {
  /** The order's back-office file was written at `at`. */
  exported(orderId: number, at: Date): Promise<void>;
  /** The order's confirmation mail was sent at `at`: no attempt is owed any more. */
  mailed(orderId: number, at: Date): Promise<void>;
  /** Resolves once every mark made so far has been written (or has failed). */
  flush(): Promise<void>;
}

/** Orders in one statement at most; a backlog past it takes several, one after another. */
export const ORDER_MARKS_BATCH = 1000;

/**
 * One statement for any mix of marks. An order appears once ($1 holds distinct ids); a null
 * timestamp leaves that mark as it is. A mail mark ends the mail bookkeeping as a sent
 * attempt does (decision 016): nothing due, no lease, no error.
 */
const writeMarksStatement: Statement = {
  name: 'write_order_marks',
  text: `
update orders o set
  exported_at = coalesce(m.exported_at, o.exported_at),
  mailed_at = coalesce(m.mailed_at, o.mailed_at),
  mail_next_attempt_at = case when m.mailed_at is null then o.mail_next_attempt_at end,
  mail_sending_until = case when m.mailed_at is null then o.mail_sending_until end,
  mail_error = case when m.mailed_at is null then o.mail_error end
from unnest($1::int[], $2::timestamptz[], $3::timestamptz[]) as m(id, exported_at, mailed_at)
where o.id = m.id`,
};

interface Pending {
  exportedAt: Date | null;
  mailedAt: Date | null;
  waiters: { resolve: () => void; reject: (err: unknown) => void }[];
}

export function createOrderMarks(database: Database): OrderMarks {
  const pending = new Map<number, Pending>();
  /** The batches being written, if any: one statement at a time per process. */
  let writing: Promise<void> | null = null;
  let scheduled = false;

  function mark(orderId: number, change: Partial<Pick<Pending, 'exportedAt' | 'mailedAt'>>) {
    return new Promise<void>((resolve, reject) => {
      let entry = pending.get(orderId);
      if (!entry) {
        entry = { exportedAt: null, mailedAt: null, waiters: [] };
        pending.set(orderId, entry);
      }
      if (change.exportedAt) entry.exportedAt = change.exportedAt;
      if (change.mailedAt) entry.mailedAt = change.mailedAt;
      entry.waiters.push({ resolve, reject });
      // While a batch is being written, the loop in startWriting takes this mark next.
      if (!writing && !scheduled) {
        scheduled = true;
        // Marks made in this turn of the event loop go in the same statement.
        setImmediate(() => {
          scheduled = false;
          startWriting();
        });
      }
    });
  }

  function startWriting(): Promise<void> {
    if (writing || !pending.size) return writing ?? Promise.resolve();
    writing = (async () => {
      try {
        while (pending.size) await writeBatch(takeBatch());
      } finally {
        // In the same step as the loop's last look at `pending`: a mark made after it finds
        // nothing being written and schedules a batch of its own, so none is left behind.
        writing = null;
      }
    })();
    return writing;
  }

  function takeBatch(): [number, Pending][] {
    const batch: [number, Pending][] = [];
    for (const entry of pending) {
      batch.push(entry);
      pending.delete(entry[0]);
      if (batch.length === ORDER_MARKS_BATCH) break;
    }
    return batch;
  }

  async function writeBatch(batch: [number, Pending][]) {
    try {
      await runStatement(database, writeMarksStatement, [
        batch.map(([id]) => id),
        batch.map(([, p]) => p.exportedAt),
        batch.map(([, p]) => p.mailedAt),
      ]);
    } catch (err) {
      for (const [, p] of batch) for (const w of p.waiters) w.reject(err);
      return;
    }
    for (const [, p] of batch) for (const w of p.waiters) w.resolve();
  }

  return {
    exported: (orderId, at) => mark(orderId, { exportedAt: at }),
    mailed: (orderId, at) => mark(orderId, { mailedAt: at }),
    async flush() {
      while (writing || pending.size) await startWriting();
    },
  };
}
