import path from 'node:path';
import { eq } from 'drizzle-orm';
import { businessToday } from '../../../domain/business-date.js';
import type { OrderDetail } from '../../../domain/order-view.schema.js';
import type { DbOrTx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { writeFileAtomic } from '../../lib/atomic-write.js';

/** 'YYYY-MM-DD' as the ERP's files write dates: MM/DD/YYYY. */
export function erpDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${m}/${d}/${y}`;
}

/** A tab or line break inside a value would break the columns; the ERP gets a space instead. */
const cell = (v: string | number) =>
  String(v)
    .replace(/[\t\r\n]+/g, ' ')
    .trim();

/**
 * The back-office file for one web order, in the order history layout (design.md 5.5), so
 * the ERP reads one format both ways: order date, customer number, customer name, delivery
 * date, order number, contact name, contact phone, order type, item number, item
 * description, units per case, units, cases. One line per product, CRLF line ends.
 */
export function orderExportText(order: OrderDetail, tz: string): string {
  const orderDate = erpDate(businessToday(new Date(order.CreateDate), tz));
  return order.Products.map((p) =>
    [
      orderDate,
      order.CompanyId,
      order.CompanyName,
      erpDate(order.DeliveryDate),
      order.OrderNum,
      order.Name,
      order.Phone,
      order.OrderType,
      p.Code,
      p.Description,
      p.UnitsPerCase,
      p.UnitQuantity,
      p.CaseQuantity,
    ]
      .map(cell)
      .join('\t'),
  )
    .map((line) => `${line}\r\n`)
    .join('');
}

export function exportFileName(orderNum: string): string {
  return `${orderNum.replace(/[^A-Za-z0-9_-]/g, '_')}.txt`;
}

/** Writes the order's file, atomically: the ERP never sees half of it. */
export async function writeOrderExportFile(exportDir: string, order: OrderDetail, tz: string) {
  await writeFileAtomic(path.join(exportDir, exportFileName(order.OrderNum)), orderExportText(order, tz));
}

/** Writes the order's file and records when (Regenerate Orders, one order after another). */
export async function writeOrderExport(
  db: DbOrTx,
  exportDir: string,
  order: OrderDetail,
  tz: string,
  now: Date,
) {
  await writeOrderExportFile(exportDir, order, tz);
  await db.update(orders).set({ exportedAt: now }).where(eq(orders.id, order.Id));
}
