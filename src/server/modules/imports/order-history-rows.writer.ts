import { businessToday } from '../../../domain/business-date.js';
import { OrderStatus } from '../../../domain/enums.js';
import { loadCustomerIds, loadProducts, unknownCustomerMessage } from './import-lookups.js';
import type { WriterRejection } from './import-runner.js';
import { type ImportEnv, type ImportWriter, lastByKey } from './import-runner.js';
import type { OrderHistoryRow } from './order-history.parser.js';
import {
  type DeliveredRow,
  otherCustomersOrderMessage,
  otherCustomersWebOrderMessage,
  writeDeliveredRows,
} from './order-history-delivered.writer.js';
import { noteRows } from './order-history-replace.js';
import { copyLine, rowsJson, type SqlRunner } from './sql-runner.js';
import { UNKNOWN_ITEMS_LISTED, type UnknownItems } from './unknown-items.js';

/**
 * The order history writer for PGlite: rows in batches, looked up in Node against the
 * customers and products loaded once per file, headers and lines written with a few
 * statements over JSON parameters, new orders' lines appended with COPY. On PGlite it runs
 * 33k lines/s against 27k for the staged, set-based writer PostgreSQL uses
 * (order-history-import.service.ts): in PGlite's one thread the extra statement work of
 * staging costs more than the JSON it saves.
 */

// New orders: the header comes from the order's first line in the batch. The create date
// is the order date's midnight in the business time zone; an order delivered before today
// is Completed, any other Open. The Reference PO is the 14th column's ('' for a 13-column line).
const orderValues = `
  select c, n, 'import', t, od::timestamp at time zone $2::text, dd, nm, ph, coalesce(po, ''),
         case when dd < $3::date then ${OrderStatus.Completed} else ${OrderStatus.Open} end
  from json_to_recordset($1::json)
    as x(id integer, n text, c integer, t text, od date, dd date, nm text, ph text, po text)`;

const insertOrders = `
  insert into orders (customer_id, order_num, source, order_type, create_date, delivery_date, name, phone,
                      reference_po, status)
  ${orderValues}
  returning id, order_num`;

// Orders already imported: their header is rewritten only where it changed. Web orders are
// never touched (their lines go to the delivered writer; the source guard is a second lock on the door).
// A 13-column line (no PO) leaves the order's Reference PO as it was.
const updateOrders = `
  update orders o set customer_id = v.c, order_type = v.t, create_date = v.cd, delivery_date = v.dd,
    name = v.nm, phone = v.ph, reference_po = coalesce(v.po, o.reference_po), status = v.st
  from (select id, c, t, od::timestamp at time zone $2::text as cd, dd, nm, ph, po,
               case when dd < $3::date then ${OrderStatus.Completed} else ${OrderStatus.Open} end as st
        from json_to_recordset($1::json)
          as x(id integer, n text, c integer, t text, od date, dd date, nm text, ph text, po text)) v
  where o.id = v.id and o.source = 'import'
    and (o.customer_id, o.order_type, o.create_date, o.delivery_date, o.name, o.phone, o.reference_po, o.status)
      is distinct from (v.c, v.t, v.cd, v.dd, v.nm, v.ph, coalesce(v.po, o.reference_po), v.st)
  returning o.id`;

const lineKeys = ['o', 'p', 'c', 'd', 'u', 'cq', 'uq', 'co', 'r', 's'];
const lineRecord =
  'json_to_recordset($1::json) as x(o integer, p integer, c text, d text, u integer, cq integer, uq integer, co boolean, r boolean, s text)';
const lineColumns = [
  'order_id',
  'product_id',
  'code',
  'description',
  'units_per_case',
  'case_quantity',
  'unit_quantity',
  'is_case_only',
  'is_return',
  'substitution',
] as const;

/**
 * An order's line met again in a file (both writers): rewritten where it changed, left alone
 * where not, so the statement's `returning` holds only the lines that really changed.
 */
export const onLineConflict = `on conflict (order_id, code) do update set
      product_id = excluded.product_id, description = excluded.description,
      units_per_case = excluded.units_per_case, case_quantity = excluded.case_quantity,
      unit_quantity = excluded.unit_quantity, is_case_only = excluded.is_case_only,
      is_return = excluded.is_return, substitution = excluded.substitution
    where (order_lines.product_id, order_lines.description, order_lines.units_per_case,
           order_lines.case_quantity, order_lines.unit_quantity, order_lines.is_case_only,
           order_lines.is_return, order_lines.substitution)
      is distinct from (excluded.product_id, excluded.description, excluded.units_per_case,
           excluded.case_quantity, excluded.unit_quantity, excluded.is_case_only, excluded.is_return,
           excluded.substitution)`;

// Lines of orders imported before: an upsert by (order, item). A line counts as Updated when
// its row changed or, unchanged itself, its order's header did ($2: those orders' ids).
const upsertLines = `
  with src as (select * from ${lineRecord}),
  up as (
    insert into order_lines (${lineColumns.join(', ')})
    select o, p, c, d, u, cq, uq, co, r, s from src
    ${onLineConflict}
    returning order_id, code, (xmax = 0) as inserted)
  select count(*) filter (where up.inserted)::int as inserted,
         count(*) filter (where not up.inserted
           or (up.order_id is null and src.o in (select value::integer from json_array_elements_text($2::json))))::int
           as updated
  from src left join up on up.order_id = src.o and up.code = src.c`;

interface OrderHeader {
  id?: number;
  n: string;
  c: number;
  t: string;
  od: string;
  dd: string;
  nm: string;
  ph: string;
  po: string | null;
}

function orderHeader(row: OrderHistoryRow, customerId: number): OrderHeader {
  return {
    n: row.orderNum,
    c: customerId,
    t: row.orderType,
    od: row.orderDate,
    dd: row.deliveryDate,
    nm: row.name,
    ph: row.phone,
    po: row.referencePo,
  };
}

/** An order line's values in `lineColumns` order (order id, product id, code, ...). */
type OrderLineValues = [
  number,
  number | null,
  string,
  string,
  number,
  number,
  number,
  boolean,
  boolean,
  string,
];

/** Writes batches of rows; `unknown.items` counts the lines whose item this site does not know. */
export async function openRowWriter(
  q: SqlRunner,
  env: ImportEnv,
  unknown: UnknownItems,
): Promise<ImportWriter<OrderHistoryRow>> {
  const customerIds = await loadCustomerIds(q);
  const companyIds = new Map([...customerIds].map(([companyId, id]) => [id, companyId]));
  const products = await loadProducts(q);
  const today = businessToday(env.now, env.businessTz);
  const credit = new Set(env.creditOrderTypes);
  return {
    notes: () => [],
    async write(rows) {
      const rejected: WriterRejection[] = [];
      const headers = new Map<string, OrderHeader>();
      const known: OrderHistoryRow[] = [];
      for (const row of rows) {
        const customerId = customerIds.get(row.companyId);
        if (customerId === undefined) {
          rejected.push({ Line: row.line, Message: unknownCustomerMessage(row.companyId) });
          continue;
        }
        known.push(row);
        if (!headers.has(row.orderNum)) headers.set(row.orderNum, orderHeader(row, customerId));
      }

      // Which orders exist already: web orders get delivered lines, imported ones are updated, the rest inserted.
      const existing = await q.query<{ id: number; order_num: string; source: string; customer_id: number }>(
        'select id, order_num, source, customer_id from orders where order_num in (select json_array_elements_text($1::json))',
        [JSON.stringify([...headers.keys()])],
      );
      const webOrders = new Map<string, { id: number; customerId: number }>();
      const orderIds = new Map<string, number>();
      const toUpdate: OrderHeader[] = [];
      // An order number is one customer's: the stored order's, or for a new one its first line's.
      const owners = new Map([...headers.values()].map((h) => [h.n, h.c]));
      for (const e of existing) {
        owners.set(e.order_num, e.customer_id);
        if (e.source === 'web') {
          webOrders.set(e.order_num, { id: e.id, customerId: e.customer_id });
        } else {
          orderIds.set(e.order_num, e.id);
          const header = headers.get(e.order_num)!;
          if (header.c === e.customer_id) toUpdate.push({ ...header, id: e.id });
          else {
            // The batch's first line names another customer: the order's header comes from its own customer's first line.
            const own = known.find(
              (r) => r.orderNum === e.order_num && customerIds.get(r.companyId) === e.customer_id,
            );
            if (own) toUpdate.push({ ...orderHeader(own, e.customer_id), id: e.id });
          }
        }
      }
      const toInsert = [...headers.values()].filter((h) => !webOrders.has(h.n) && !orderIds.has(h.n));
      const orderParams = (list: OrderHeader[]) => [JSON.stringify(list), env.businessTz, today];
      const newOrders = new Set<number>();
      if (toInsert.length) {
        for (const r of await q.query<{ id: number; order_num: string }>(
          insertOrders,
          orderParams(toInsert),
        )) {
          orderIds.set(r.order_num, r.id);
          newOrders.add(r.id);
        }
      }
      const headerUpdated = toUpdate.length
        ? (await q.query<{ id: number }>(updateOrders, orderParams(toUpdate))).map((r) => r.id)
        : [];

      const lines: OrderLineValues[] = [];
      const delivered: DeliveredRow[] = [];
      for (const row of known) {
        const owner = owners.get(row.orderNum)!;
        const customerId = customerIds.get(row.companyId)!;
        if (owner !== customerId && !webOrders.has(row.orderNum)) {
          rejected.push({
            Line: row.line,
            Message: otherCustomersOrderMessage(row.orderNum, companyIds.get(owner)!, row.companyId),
          });
          continue;
        }
        const orderId = orderIds.get(row.orderNum);
        if (orderId === undefined) {
          // A web order's line (design.md 7.12): what the ERP did with it, if it is this customer's.
          const web = webOrders.get(row.orderNum)!;
          if (web.customerId === customerIds.get(row.companyId)) delivered.push({ orderId: web.id, row });
          else rejected.push({ Line: row.line, Message: otherCustomersWebOrderMessage(row.orderNum) });
          continue;
        }
        const product = products.get(row.code);
        if (!product) {
          unknown.items++;
          if (unknown.lines.length < UNKNOWN_ITEMS_LISTED) unknown.lines.push([row.line, row.code]);
        }
        lines.push([
          orderId,
          product?.id ?? null,
          row.code,
          row.description || product?.description || '',
          row.unitsPerCase,
          row.cases,
          row.units,
          product?.isCaseOnly ?? row.units === 0,
          row.isReturn || credit.has(row.orderType.toUpperCase()),
          row.substitution,
        ]);
      }
      const unique = lastByKey(lines, (l) => `${l[0]}\t${l[2]}`);
      const fresh = unique.filter((l) => newOrders.has(l[0]));
      const old = unique.filter((l) => !newOrders.has(l[0]));
      // The lines of an order new in this batch are new too: appended, the fast path of a first import.
      await q.copyIn('order_lines', lineColumns, fresh.map(copyLine));
      await noteRows(
        q,
        [...newOrders],
        old.map((l) => [l[0], l[2]]),
      );
      let inserted = fresh.length;
      let updated = 0;
      if (old.length) {
        const [counts] = await q.query<{ inserted: number; updated: number }>(upsertLines, [
          rowsJson(lineKeys, old),
          JSON.stringify(headerUpdated),
        ]);
        inserted += counts!.inserted;
        updated = counts!.updated;
      }
      const web = await writeDeliveredRows(q, delivered, products, today);
      inserted += web.inserted;
      updated += web.updated;
      return { inserted, updated, unchanged: lines.length + web.applied - inserted - updated, rejected };
    },
  };
}
