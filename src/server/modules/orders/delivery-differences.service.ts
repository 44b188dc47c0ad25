import { asc, inArray } from 'drizzle-orm';
import { compareDelivered, differenceCount } from '../../../domain/delivered.js';
import type { DbOrTx } from '../../db/client.js';
import { orderDeliveredLines, orderLines } from '../../db/schema.js';
import { toProduct } from './order-product.js';

/** Per order a file has listed, how many of its lines were delivered otherwise than ordered. */
export async function deliveryDifferences(db: DbOrTx, orderIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (orderIds.length === 0) return counts;
  const delivered = await db
    .select()
    .from(orderDeliveredLines)
    .where(inArray(orderDeliveredLines.orderId, orderIds))
    .orderBy(asc(orderDeliveredLines.code));
  const listed = [...new Set(delivered.map((d) => d.orderId))];
  if (listed.length === 0) return counts;
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, listed))
    .orderBy(asc(orderLines.id));
  const ordered = byOrder(lines, toProduct);
  const got = byOrder(delivered, (d) => ({
    Code: d.code,
    Description: d.description,
    Cases: d.cases,
    Units: d.units,
  }));
  for (const id of listed)
    counts.set(id, differenceCount(compareDelivered(ordered.get(id) ?? [], got.get(id)!)));
  return counts;
}

/** Rows grouped by their order, each mapped, in the order they came. */
function byOrder<R extends { orderId: number }, T>(rows: R[], map: (row: R) => T): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.orderId);
    if (group) group.push(map(row));
    else groups.set(row.orderId, [map(row)]);
  }
  return groups;
}
