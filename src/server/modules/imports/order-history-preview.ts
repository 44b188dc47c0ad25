import { orderStatusName } from '../../../domain/enums.js';
import { type ImportPreviewDefinition, keysParam, toSnapshot } from './import-changes.js';
import type { OrderHistoryRow } from './order-history.parser.js';
import type { Cell } from './sql-runner.js';

const keyOf = (r: OrderHistoryRow) => `${r.orderNum}\t${r.code}`;

/**
 * What an order history line writes to, for the preview (import-changes.ts): its order's header
 * and its own order line. A line whose order's header changes is counted Updated by the import
 * even when the line itself does not (order-history-import.service.ts), so the header's fields
 * are the line's too. `KnownItem` and `IsCaseOnly` are there because the import rewrites a line
 * when its item became known or changed its case-only flag, and `IsReturn` when a credit's line
 * became or stopped being a return (issue 43): every update has a field to show.
 * A web order's line writes its delivered line and the order's Status (design.md 7.12): those
 * show as `Status` and the `Delivered...` fields, the ordered lines being never changed.
 */
export const orderHistoryPreview: ImportPreviewDefinition<OrderHistoryRow> = {
  keyOf,
  async snapshot(q, rows, env) {
    const found = await q.query<{ k: string; Status: number } & Record<string, Cell>>(
      `select o.order_num || E'\\t' || l.code as k, c.company_id as "CompanyId", o.order_type as "OrderType",
         to_char(o.create_date at time zone $2::text, 'YYYY-MM-DD') as "OrderDate",
         to_char(o.delivery_date, 'YYYY-MM-DD') as "DeliveryDate", o.name as "Name", o.phone as "Phone",
         o.reference_po as "ReferencePo", o.status as "Status", l.description as "Description",
         l.units_per_case as "UnitsPerCase", l.case_quantity as "Cases", l.unit_quantity as "Units",
         l.is_case_only as "IsCaseOnly", l.is_return as "IsReturn", l.product_id is not null as "KnownItem"
       from orders o join customers c on c.id = o.customer_id join order_lines l on l.order_id = o.id
       where o.source = 'import'
         and (o.order_num, l.code) in (select x->>0, x->>1 from json_array_elements($1::json) x)`,
      [keysParam(rows, keyOf, (r) => [r.orderNum, r.code]), env.businessTz],
    );
    const delivered = await q.query<{ k: string; Status: number } & Record<string, Cell>>(
      `select o.order_num || E'\\t' || d.code as k, o.status as "Status",
         d.description as "DeliveredDescription", d.units_per_case as "DeliveredUnitsPerCase",
         d.cases as "DeliveredCases", d.units as "DeliveredUnits"
       from orders o join order_delivered_lines d on d.order_id = o.id
       where o.source = 'web'
         and (o.order_num, d.code) in (select x->>0, x->>1 from json_array_elements($1::json) x)`,
      [keysParam(rows, keyOf, (r) => [r.orderNum, r.code])],
    );
    return toSnapshot([...found, ...delivered].map((r) => ({ ...r, Status: orderStatusName(r.Status) })));
  },
};
