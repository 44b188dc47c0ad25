import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OrderStatus } from '../../../domain/enums.js';
import {
  regenerateMessages,
  WEB_ORDER_LIST_MAX,
  type WebOrderFilter,
  type WebOrderListItem,
} from '../../../domain/regenerate.schema.js';
import type { Db } from '../../db/client.js';
import { customers, orders } from '../../db/schema.js';
import { HttpError, unprocessable } from '../../lib/http-error.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { regenerateExportFile } from './export-claim.js';
import { personNameColumn, placedBy } from './placed-by.js';

/** The filter text as itself inside LIKE: `%`, `_` and `\` match only themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Web orders for the Regenerate Orders screen, newest first (spec section 9), with the
 * spec's filters (the order number part matches the Web Conf # or the Reference PO); the date range is inclusive, on the day the order was created in the
 * business time zone (the bounds are turned into instants so the index on create_date serves).
 */
export async function listWebOrders(db: Db, filter: WebOrderFilter, tz: string): Promise<WebOrderListItem[]> {
  const where: SQL[] = [eq(orders.source, 'web')];
  if (filter.CompanyId) where.push(eq(customers.companyId, filter.CompanyId));
  if (filter.CustomerTypeId) where.push(eq(customers.customerTypeId, filter.CustomerTypeId));
  if (filter.OrderNum) {
    // One field for both numbers: reference customers know their orders by the PO (decision 029).
    const part = `%${escapeLike(filter.OrderNum)}%`;
    where.push(
      sql`(upper(${orders.orderNum}) like ${part} escape '\\' or upper(${orders.referencePo}) like ${part} escape '\\')`,
    );
  }
  if (filter.StartDate) {
    where.push(sql`${orders.createDate} >= (${filter.StartDate}::date::timestamp at time zone ${tz}::text)`);
  }
  if (filter.EndDate) {
    where.push(
      sql`${orders.createDate} < ((${filter.EndDate}::date + 1)::timestamp at time zone ${tz}::text)`,
    );
  }
  // The dashboard's count: never exported, and not cancelled (a cancelled order has no file to write).
  if (filter.NotExported) where.push(isNull(orders.exportedAt), ne(orders.status, OrderStatus.Cancelled));
  const rows = await db
    .select({
      id: orders.id,
      orderNum: orders.orderNum,
      companyId: customers.companyId,
      customerName: customers.name,
      customerTypeId: customers.customerTypeId,
      createDate: orders.createDate,
      deliveryDate: orders.deliveryDate,
      name: orders.name,
      referencePo: orders.referencePo,
      exportedAt: orders.exportedAt,
      mailedAt: orders.mailedAt,
      enteredBy: orders.enteredBy,
      orderType: orders.orderType,
      personName: personNameColumn,
      status: orders.status,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(...where))
    .orderBy(desc(orders.createDate), desc(orders.id))
    .limit(WEB_ORDER_LIST_MAX);
  return rows.map((r) => ({
    Id: r.id,
    OrderNum: r.orderNum,
    CompanyId: r.companyId,
    CustomerName: r.customerName,
    CustomerTypeId: r.customerTypeId,
    CreateDate: r.createDate.toISOString(),
    DeliveryDate: r.deliveryDate,
    Name: r.name,
    ReferencePO: r.referencePo,
    ExportedAt: r.exportedAt?.toISOString() ?? null,
    MailedAt: r.mailedAt?.toISOString() ?? null,
    EnteredBy: r.enteredBy,
    PlacedBy: placedBy({
      source: 'web',
      orderType: r.orderType,
      enteredBy: r.enteredBy,
      personName: r.personName,
    }),
    Status: r.status,
  }));
}

/** A failure of the file system (Node's errors carry the system call), not of the database. */
function isFileError(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && typeof (err as { syscall?: unknown }).syscall === 'string'
  );
}

/**
 * Writes the chosen web orders' export files again (design.md 5.5), atomically, each
 * recording when; one a change holds claimed is skipped and not counted. Unknown, imported
 * and cancelled orders are refused before anything is written (422 naming them). Files that cannot be written are logged with their order numbers and
 * answer 500; the others are written all the same.
 */
export async function regenerateOrders(
  db: Db,
  ids: number[],
  opts: { exportDir: string; tz: string; now: Date; log: FastifyBaseLogger; requestId: string },
  actor: AuditActor,
): Promise<{ Regenerated: number }> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: orders.id, orderNum: orders.orderNum, source: orders.source, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, unique));
  const web = new Set(rows.filter((r) => r.source === 'web').map((r) => r.id));
  const refused = unique.filter((id) => !web.has(id));
  if (refused.length) {
    const message = regenerateMessages.notWebOrders(refused);
    throw unprocessable(message, [{ Field: 'Ids', Message: message }]);
  }
  // A cancelled order has no file to write: said, not answered as a success that did nothing
  // (issue 33). One that is cancelled after this check is still skipped below.
  const cancelled = rows.filter((r) => r.status === OrderStatus.Cancelled).map((r) => r.orderNum);
  if (cancelled.length) {
    const message = regenerateMessages.cancelled(cancelled);
    throw unprocessable(message, [{ Field: 'Ids', Message: message }]);
  }

  const failed: string[] = [];
  const written: string[] = [];
  const skipped: string[] = [];
  let firstError: unknown;
  const orderNums = new Map(rows.map((r) => [r.id, r.orderNum]));
  for (const id of unique) {
    const orderNum = orderNums.get(id)!;
    try {
      // A cancelled order's file is never written again, nor one a change holds (decision 052).
      const outcome = await regenerateExportFile(db, opts, id);
      if (outcome === 'written') written.push(orderNum);
      else skipped.push(`${orderNum} (${outcome})`);
    } catch (err) {
      if (!isFileError(err)) throw err;
      failed.push(orderNum);
      firstError ??= err;
    }
  }
  if (skipped.length) opts.log.info({ orderNums: skipped }, 'regenerate skipped cancelled or claimed orders');
  // Files are not transactional: the row records the orders whose file was written, after them
  // (a request that fails on a file still records the others; none written, no row).
  if (written.length) {
    await recordAudit(db, actor, {
      action: 'Regenerate',
      entity: 'Regenerate',
      entityId: written.length === 1 ? written[0]! : `${written.length} orders`,
      summary: `Regenerated the export files of ${written.join(', ')}`,
      changes: [{ Field: 'Orders', Before: null, After: written.join(', ') }],
    });
  }
  if (failed.length) {
    opts.log.error(
      { err: firstError, orderNums: failed, exportDir: opts.exportDir },
      'order regeneration failed',
    );
    throw new HttpError(500, `${regenerateMessages.writeFailed(failed)} (reference ${opts.requestId})`);
  }
  // The answer has no place for the skipped ones: it counts the files written.
  return { Regenerated: written.length };
}
