import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { substitutionLetter } from '../../../domain/availability.js';
import { businessToday } from '../../../domain/business-date.js';
import { formatCompanyId } from '../../../domain/company-id.js';
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
 * A text cell as a spreadsheet may open it safely: staff open these files in spreadsheets,
 * which run a cell starting with `=`, `+`, `-` or `@` (a tab or CR too) as a formula, so such
 * a value gets a leading `'` as OWASP's CSV-injection guidance says
 * (https://owasp.org/www-community/attacks/CSV_Injection). Only the columns that carry text
 * someone typed go through it (decision 023): dates, numbers and phone digits never start
 * that way, and the ERP reads them unchanged.
 */
export function textCell(v: string): string {
  const value = cell(v);
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The back-office file for one web order, in the order history layout (design.md 5.5), so
 * the ERP reads one format both ways: order date, customer number, customer name, delivery
 * date, order number, contact name, contact phone, order type, item number, item
 * description, units per case, units, cases, and a 14th, the Reference PO (empty for a
 * customer without one), which the ERP needs to match a chain's or hotel's order (issue 17),
 * and a 15th, what may be sent instead if the item is out: `A` (allow a substitute), `N`
 * (never) or `C` (call the customer first) (design.md 8.3).
 * One line per product, CRLF line ends. The text columns (customer name, contact name, order
 * type, item number, description and Reference PO) go through `textCell`.
 */
export function orderExportText(order: OrderDetail, tz: string): string {
  const orderDate = erpDate(businessToday(new Date(order.CreateDate), tz));
  return order.Products.map((p) =>
    [
      cell(orderDate),
      // Four digits, as the screens show it ('0099', not '99').
      cell(formatCompanyId(order.CompanyId)),
      textCell(order.CompanyName),
      cell(erpDate(order.DeliveryDate)),
      cell(order.OrderNum),
      textCell(order.Name),
      cell(order.Phone),
      textCell(order.OrderType),
      textCell(p.Code),
      textCell(p.Description),
      cell(p.UnitsPerCase),
      cell(p.UnitQuantity),
      cell(p.CaseQuantity),
      textCell(order.ReferencePO),
      cell(substitutionLetter[p.Substitution]),
    ].join('\t'),
  )
    .map((line) => `${line}\r\n`)
    .join('');
}

export type ExportEncoding = 'utf-8' | 'windows-1252';

interface ExportFolder {
  encoding: ExportEncoding;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * EXPORT_ENCODING, per export folder: set once when the app starts (app.ts), so that every
 * writer of the folder (POST Order, an order change's claim, Regenerate Orders, the sweep of
 * claims at start and in the mail round) writes the same encoding without each passing it on.
 * A folder nobody set is UTF-8.
 */
const folders = new Map<string, ExportFolder>();

export function setExportEncoding(exportDir: string, encoding: ExportEncoding, log: ExportFolder['log']) {
  folders.set(path.resolve(exportDir), { encoding, log });
}

// Windows-1252's bytes 0x80-0x9F (the rest of its upper half is Latin-1's).
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const CP1252_BYTES = new Map([...CP1252_HIGH].map((c, i) => [c, 0x80 + i]));

/** The text in Windows-1252, each character it cannot hold written as '?'; which ones those were. */
export function toWindows1252(text: string): { bytes: Buffer; replaced: string[] } {
  const bytes = Buffer.alloc(text.length);
  const replaced = new Set<string>();
  let n = 0;
  for (const c of text) {
    const code = c.codePointAt(0)!;
    const byte = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : CP1252_BYTES.get(c);
    if (byte === undefined) replaced.add(c);
    bytes[n++] = byte ?? 0x3f;
  }
  return { bytes: bytes.subarray(0, n), replaced: [...replaced] };
}

/** An order's file as written to `exportDir`, in the folder's EXPORT_ENCODING. */
export function exportFileContent(exportDir: string, orderNum: string, text: string): string | Buffer {
  const folder = folders.get(path.resolve(exportDir));
  if (!folder || folder.encoding === 'utf-8') return text;
  const { bytes, replaced } = toWindows1252(text);
  if (replaced.length) {
    folder.log.warn(
      { orderNum, characters: replaced.join('') },
      "order file written in windows-1252 (EXPORT_ENCODING): characters it cannot hold were written as '?'",
    );
  }
  return bytes;
}

export function exportFileName(orderNum: string): string {
  return `${orderNum.replace(/[^A-Za-z0-9_-]/g, '_')}.txt`;
}

/** Writes the order's file, atomically: the ERP never sees half of it. */
export async function writeOrderExportFile(exportDir: string, order: OrderDetail, tz: string) {
  await writeFileAtomic(
    path.join(exportDir, exportFileName(order.OrderNum)),
    exportFileContent(exportDir, order.OrderNum, orderExportText(order, tz)),
  );
}

/**
 * Records when the order's file was written (Regenerate Orders lists the orders without it),
 * and ends the lease POST Order took while writing it (decision 052).
 */
export async function markExported(db: DbOrTx, orderId: number, at: Date) {
  await db.update(orders).set({ exportedAt: at, exportClaimedUntil: null }).where(eq(orders.id, orderId));
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
  await markExported(db, order.Id, now);
}

/** POST Order's file could not be written: its lease ends, nothing is on its way to the ERP. */
export async function endExportLease(db: DbOrTx, orderId: number) {
  await db.update(orders).set({ exportClaimedUntil: null }).where(eq(orders.id, orderId));
}
