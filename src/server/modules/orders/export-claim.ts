import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OrderStatus } from '../../../domain/enums.js';
import type { Db, Tx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { renameDurably, writeFileAtomic } from '../../lib/atomic-write.js';
import { exportFileContent, exportFileName, orderExportText } from './order-export.js';
import { getOrderDetail } from './orders.service.js';

/**
 * The export file's claim (design.md 7.10, decision 052). The ERP takes a file only by moving
 * it out of the export folder; a change first moves it to `.{file}.claimed` (a dot file, which
 * the ERP leaves alone). Two renames of one name cannot both succeed: whoever comes first has
 * the order, and the server writes the name again only from a claim it holds.
 */

/** How long a change holds its claim before the recovery sweep may settle it. */
export const EXPORT_CLAIM_LEASE_MS = 60_000;

const CLAIMED = /^\.(.+)\.txt\.claimed$/;

export const exportPath = (dir: string, orderNum: string) => path.join(dir, exportFileName(orderNum));
export const claimedPath = (dir: string, orderNum: string) =>
  path.join(dir, `.${exportFileName(orderNum)}.claimed`);

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The claim, inside the change's transaction with the order row locked: 'claimed' (the file
 * was moved to the claimed name), 'held' (a claim an earlier change or a killed process left
 * is still there: it is this order's, never the ERP's), 'first' (no file was ever written:
 * an empty claim stands for it, so the order's first file is written as a changed one is), or
 * 'taken' (the file is gone and was written: the ERP has it), or 'writing' (no file and no
 * mark, while POST Order's lease runs: written and taken before the mark, or not yet written,
 * cannot be told apart, so the change waits).
 */
export async function claimExportFile(
  dir: string,
  orderNum: string,
  exportedAt: Date | null,
  writing: boolean,
): Promise<'claimed' | 'held' | 'first' | 'taken' | 'writing'> {
  const claimed = claimedPath(dir, orderNum);
  try {
    await rename(exportPath(dir, orderNum), claimed);
    return 'claimed';
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
  if (existsSync(claimed)) return 'held';
  if (exportedAt !== null) return 'taken';
  // POST Order's lease still runs: its file may have been written and taken before its mark.
  if (writing) return 'writing';
  await mkdir(dir, { recursive: true });
  await writeFile(claimed, '');
  return 'first';
}

/** Puts a claim back when its transaction did not commit: the file as it was, or no placeholder. */
export async function undoClaim(dir: string, orderNum: string, claim: 'claimed' | 'first'): Promise<void> {
  const claimed = claimedPath(dir, orderNum);
  if (claim === 'first') await rm(claimed, { force: true });
  else await renameDurably(claimed, exportPath(dir, orderNum));
}

export type Settled = 'written' | 'removed' | 'busy' | 'none';

/**
 * Settles the claim of `orderNum` from the database, with the order's row locked: the order's
 * saved version is written into the claimed file, which then goes back under the order's name
 * in one rename (the name never holds two versions, and a kill in between leaves the claim for
 * the next sweep); a cancelled order's claim is removed, as is the claim of an order that is
 * gone. Without `force`, a claim whose lease still runs is left to the change finishing it.
 */
export async function settleExportClaim(
  db: Db,
  opts: { exportDir: string; tz: string; now: Date },
  orderNum: string,
  force = false,
): Promise<Settled> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: orders.id, status: orders.status, until: orders.exportClaimedUntil })
      .from(orders)
      .where(eq(orders.orderNum, orderNum))
      .for('update');
    const claimed = claimedPath(opts.exportDir, orderNum);
    if (!existsSync(claimed)) {
      if (row?.until) await clearLease(tx, row.id);
      return 'none';
    }
    if (!row) {
      await rm(claimed, { force: true });
      return 'removed';
    }
    if (!force && row.until && row.until.getTime() > opts.now.getTime()) return 'busy';
    const outcome = await settleLocked(tx, opts, row.id, orderNum, row.status);
    await clearLease(tx, row.id);
    return outcome;
  });
}

async function settleLocked(
  tx: Tx,
  opts: { exportDir: string; tz: string; now: Date },
  id: number,
  orderNum: string,
  status: number,
): Promise<Settled> {
  const claimed = claimedPath(opts.exportDir, orderNum);
  if (status === OrderStatus.Cancelled) {
    await rm(claimed, { force: true });
    return 'removed';
  }
  const detail = await getOrderDetail(tx, { id });
  await writeFileAtomic(
    claimed,
    exportFileContent(opts.exportDir, orderNum, orderExportText(detail, opts.tz)),
  );
  await renameDurably(claimed, exportPath(opts.exportDir, orderNum));
  await tx.update(orders).set({ exportedAt: opts.now }).where(eq(orders.id, id));
  return 'written';
}

const clearLease = (tx: Tx, id: number) =>
  tx.update(orders).set({ exportClaimedUntil: null }).where(eq(orders.id, id));

/**
 * The recovery (decision 052), at start and with each mail-retry round: every claim in the
 * export folder whose lease has passed (or whose order is gone) is settled from the database.
 */
export async function settleExportClaims(
  db: Db,
  opts: { exportDir: string; tz: string; now: Date },
  log: FastifyBaseLogger,
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(opts.exportDir);
  } catch (err) {
    if (isMissing(err)) return 0;
    throw err;
  }
  let settled = 0;
  for (const name of names) {
    const orderNum = CLAIMED.exec(name)?.[1];
    if (!orderNum) continue;
    const outcome = await settleExportClaim(db, opts, orderNum);
    if (outcome === 'written' || outcome === 'removed') {
      settled += 1;
      log.warn(
        { orderNum, outcome },
        'export file claim left by an unfinished change settled from the database',
      );
    }
  }
  return settled;
}

/**
 * Regenerate Orders' write of one order (design.md 5.5), with its row locked so that no change
 * claims the file meanwhile: a cancelled order's file is never written again, nor one a change
 * holds claimed (the change writes it); a claim left by a killed process is settled instead.
 */
export async function regenerateExportFile(
  db: Db,
  opts: { exportDir: string; tz: string; now: Date },
  id: number,
): Promise<'written' | 'cancelled' | 'claimed'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ orderNum: orders.orderNum, status: orders.status, until: orders.exportClaimedUntil })
      .from(orders)
      .where(eq(orders.id, id))
      .for('update');
    if (!row || row.status === OrderStatus.Cancelled) return 'cancelled';
    if (row.until && row.until.getTime() > opts.now.getTime()) return 'claimed';
    if (existsSync(claimedPath(opts.exportDir, row.orderNum))) {
      await settleLocked(tx, opts, id, row.orderNum, row.status);
      await clearLease(tx, id);
      return 'written';
    }
    const detail = await getOrderDetail(tx, { id });
    await writeFileAtomic(
      exportPath(opts.exportDir, row.orderNum),
      exportFileContent(opts.exportDir, row.orderNum, orderExportText(detail, opts.tz)),
    );
    await tx.update(orders).set({ exportedAt: opts.now }).where(eq(orders.id, id));
    return 'written';
  });
}
