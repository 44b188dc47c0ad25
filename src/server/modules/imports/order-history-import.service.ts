import { businessToday } from '../../../domain/business-date.js';
import { OrderStatus } from '../../../domain/enums.js';
import type { RejectedLine } from '../../../domain/imports.schema.js';
import { type ImportDefinition, lastByKey } from './import-runner.js';
import { loadCustomerIds, loadProducts, unknownCustomerMessage } from './import-lookups.js';
import {
  ORDER_HISTORY_COLUMNS,
  ORDER_HISTORY_NUMERIC_COLUMNS,
  type OrderHistoryRow,
  parseOrderHistoryLine,
} from './order-history.parser.js';

export const webOrderMessage = (orderNum: string) =>
  `Order ${orderNum} was placed on this site; the import does not change web orders`;

export const unknownItemsNote = (n: number) =>
  n === 1
    ? 'One line names an item this site does not know; it was kept with the item number and description from the file'
    : `${n} lines name items this site does not know; they were kept with the item numbers and descriptions from the file`;

// Orders upsert: the header comes from the order's first line in the batch. The create date
// is the order date's midnight in the business time zone; an order delivered before today
// is Completed, any other Open. Web orders are never touched (source guard).
const upsertOrders = `
  insert into orders (customer_id, order_num, source, order_type, create_date, delivery_date, name, phone, status)
  select c, n, 'import', t, od::timestamp at time zone $2::text, dd, nm, ph,
         case when dd < $3::date then ${OrderStatus.Completed} else ${OrderStatus.Open} end
  from json_to_recordset($1::json) as x(n text, c integer, t text, od date, dd date, nm text, ph text)
  on conflict (order_num) do update set
    customer_id = excluded.customer_id, order_type = excluded.order_type, create_date = excluded.create_date,
    delivery_date = excluded.delivery_date, name = excluded.name, phone = excluded.phone, status = excluded.status
  where orders.source = 'import'
    and (orders.customer_id, orders.order_type, orders.create_date, orders.delivery_date, orders.name,
         orders.phone, orders.status)
    is distinct from (excluded.customer_id, excluded.order_type, excluded.create_date, excluded.delivery_date,
         excluded.name, excluded.phone, excluded.status)
  returning id, order_num, (xmax = 0) as inserted`;

// Lines upsert by (order, item). A line counts as Updated when its row changed or, unchanged
// itself, its order's header did ($2: the ids of orders whose header was updated).
const upsertLines = `
  with src as (
    select * from json_to_recordset($1::json)
      as x(o integer, p integer, c text, d text, u integer, cq integer, uq integer, co boolean)),
  up as (
    insert into order_lines (order_id, product_id, code, description, units_per_case, case_quantity,
                             unit_quantity, is_case_only)
    select o, p, c, d, u, cq, uq, co from src
    on conflict (order_id, code) do update set
      product_id = excluded.product_id, description = excluded.description,
      units_per_case = excluded.units_per_case, case_quantity = excluded.case_quantity,
      unit_quantity = excluded.unit_quantity, is_case_only = excluded.is_case_only
    where (order_lines.product_id, order_lines.description, order_lines.units_per_case,
           order_lines.case_quantity, order_lines.unit_quantity, order_lines.is_case_only)
      is distinct from (excluded.product_id, excluded.description, excluded.units_per_case,
           excluded.case_quantity, excluded.unit_quantity, excluded.is_case_only)
    returning order_id, code, (xmax = 0) as inserted)
  select count(*) filter (where up.inserted)::int as inserted,
         count(*) filter (where not up.inserted
           or (up.order_id is null and src.o in (select value::integer from json_array_elements_text($2::json))))::int
           as updated
  from src left join up on up.order_id = src.o and up.code = src.c`;

/**
 * Order history import (design.md 5.8): lines are grouped into orders by order number
 * (source 'import', the ERP's order type), one order line per item, an upsert by (order
 * number, item). An unknown customer is rejected; an unknown item keeps the code and
 * description it carries. The orders then show in the customer's history and worksheet.
 */
export const orderHistoryImport: ImportDefinition<OrderHistoryRow> = {
  kind: 'OrderHistory',
  columns: ORDER_HISTORY_COLUMNS,
  numericColumns: ORDER_HISTORY_NUMERIC_COLUMNS,
  parse: parseOrderHistoryLine,
  async open(q, env) {
    const customerIds = await loadCustomerIds(q);
    const products = await loadProducts(q);
    const today = businessToday(env.now, env.businessTz);
    let unknownItems = 0;
    return {
      notes: () => (unknownItems ? [unknownItemsNote(unknownItems)] : []),
      async write(rows) {
        const rejected: RejectedLine[] = [];
        const headers = new Map<string, Record<string, unknown>>();
        const known: (OrderHistoryRow & { customerId: number })[] = [];
        for (const row of rows) {
          const customerId = customerIds.get(row.companyId);
          if (customerId === undefined) {
            rejected.push({ Line: row.line, Message: unknownCustomerMessage(row.companyId) });
            continue;
          }
          known.push({ ...row, customerId });
          if (!headers.has(row.orderNum)) {
            headers.set(row.orderNum, {
              n: row.orderNum,
              c: customerId,
              t: row.orderType,
              od: row.orderDate,
              dd: row.deliveryDate,
              nm: row.name,
              ph: row.phone,
            });
          }
        }

        const orderIds = new Map<string, number>();
        const webOrders = new Set<string>();
        const existing = await q.query<{ id: number; order_num: string; source: string }>(
          'select id, order_num, source from orders where order_num in (select json_array_elements_text($1::json))',
          [JSON.stringify([...headers.keys()])],
        );
        for (const e of existing) {
          if (e.source === 'web') webOrders.add(e.order_num);
          else orderIds.set(e.order_num, e.id);
        }
        const importHeaders = [...headers.values()].filter((h) => !webOrders.has(h.n as string));
        const headerUpdated: number[] = [];
        if (importHeaders.length) {
          const changed = await q.query<{ id: number; order_num: string; inserted: boolean }>(upsertOrders, [
            JSON.stringify(importHeaders),
            env.businessTz,
            today,
          ]);
          for (const c of changed) {
            orderIds.set(c.order_num, c.id);
            if (!c.inserted) headerUpdated.push(c.id);
          }
        }

        const lines: Record<string, unknown>[] = [];
        for (const row of known) {
          const orderId = orderIds.get(row.orderNum);
          if (orderId === undefined) {
            rejected.push({ Line: row.line, Message: webOrderMessage(row.orderNum) });
            continue;
          }
          const product = products.get(row.code);
          if (!product) unknownItems++;
          lines.push({
            o: orderId,
            p: product?.id ?? null,
            c: row.code,
            d: row.description || product?.description || '',
            u: row.unitsPerCase,
            cq: row.cases,
            uq: row.units,
            co: product?.isCaseOnly ?? row.units === 0,
          });
        }
        if (!lines.length) return { inserted: 0, updated: 0, unchanged: 0, rejected };
        const unique = lastByKey(lines, (l) => `${l.o}\t${l.c}`);
        const [counts] = await q.query<{ inserted: number; updated: number }>(upsertLines, [
          JSON.stringify(unique),
          JSON.stringify(headerUpdated),
        ]);
        const { inserted, updated } = counts!;
        return { inserted, updated, unchanged: lines.length - inserted - updated, rejected };
      },
    };
  },
};
