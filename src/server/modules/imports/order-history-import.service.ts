import { businessToday } from '../../../domain/business-date.js';
import { OrderStatus } from '../../../domain/enums.js';
import { unknownCustomerMessage } from './import-lookups.js';
import type {
  BatchCounts,
  ImportDefinition,
  ImportEnv,
  ImportWriter,
  WriterRejection,
} from './import-runner.js';
import {
  ORDER_HISTORY_COLUMNS,
  ORDER_HISTORY_HEADER_NAMES,
  ORDER_HISTORY_MIN_COLUMNS,
  type OrderHistoryRow,
  parseOrderHistoryLine,
} from './order-history.parser.js';
import {
  otherCustomersOrderMessage,
  otherCustomersWebOrderMessage,
  writeStagedDelivered,
} from './order-history-delivered.writer.js';
import { orderHistoryPreview } from './order-history-preview.js';
import {
  REPLACE_TABLES,
  removedLinesNote,
  removeUnlistedLines,
  stagedReplaceCtes,
} from './order-history-replace.js';
import { onLineConflict, openRowWriter } from './order-history-rows.writer.js';
import { copyLine, type SqlRunner } from './sql-runner.js';
import { UNKNOWN_ITEMS_LISTED, type UnknownItems, unknownItemsNote } from './unknown-items.js';

/**
 * The file's rows are staged, a batch at a time, in a temporary table with COPY, and applied
 * with one set-based statement per batch (issue 5, decision 014): no JSON to build or parse,
 * and the joins, the grouping into orders and the counts run inside the database.
 */
const STAGE = 'import_order_history';
const stageColumns = [
  'line',
  'order_num',
  'company_id',
  'order_type',
  'order_date',
  'delivery_date',
  'name',
  'phone',
  'code',
  'description',
  'units_per_case',
  'cases',
  'units',
  'reference_po',
  'is_return',
  'substitution',
] as const;

// Dropped with the transaction: a refused file or a dead process leaves nothing behind.
const createStage = `
  create temp table if not exists ${STAGE} (
    line integer not null, order_num text not null, company_id integer not null, order_type text not null,
    order_date date not null, delivery_date date not null, name text not null, phone text not null,
    code text not null, description text not null, units_per_case integer not null,
    cases integer not null, units integer not null, reference_po text, is_return boolean not null,
    substitution text not null
  ) on commit drop`;

/** A row as a COPY line (no line break) in `stageColumns` order. */
function stageLine(r: OrderHistoryRow): string {
  return copyLine([
    r.line,
    r.orderNum,
    r.companyId,
    r.orderType,
    r.orderDate,
    r.deliveryDate,
    r.name,
    r.phone,
    r.code,
    r.description,
    r.unitsPerCase,
    r.cases,
    r.units,
    r.referencePo,
    r.isReturn,
    r.substitution,
  ]);
}

/**
 * Applies the staged batch ($1: business time zone, $2: business today, $3: the credit order
 * types: their lines, and lines with negative quantities, are returns). Each order number is
 * looked up once (`nums`), not once per line. Lines of an unknown customer or of another
 * customer's web order are refused (`rejected` names them); a web order's own lines are left out
 * and counted (`web_lines`), for order-history-delivered.writer.ts; the others are grouped into orders by number: the
 * header comes from the order's first line in the batch, the create date is the order date's
 * midnight in the business time zone, an order delivered before today is Completed, any other
 * Open; its Reference PO is the 14th column's, or, for a 13-column line, the one it had ('' for
 * a new order). Web orders are never touched (the `source` guard in the upsert is a second lock on the
 * door). Lines are an upsert by (order, item), the batch's last line for a key winning; a
 * line counts as Updated when its row changed or, unchanged itself, its order's header did.
 */
const applyBatch = `
  with nums as (select distinct order_num from ${STAGE}),
  stored as (
    -- The batch's stored orders, each found by its number in the unique index (\`= any\` of an
    -- array): joined to \`orders\` itself, they were planned as scans of the whole table, three
    -- a batch, and the import slowed down as the table grew.
    select id, order_num, customer_id, source, reference_po from orders
    where order_num = any (array(select order_num from nums))),
  web as (select order_num, customer_id from stored where source = 'web'),
  known as materialized (
    -- An order number is one customer's (its owner): the stored order's, or for a new order its
    -- first line's. \`own\` is a column, not a comparison in \`src\`'s filter: the planner sizes a
    -- CTE's boolean column at half its rows, an equality of two columns at 0.5%, and with that
    -- estimate joined src to the order ids with nested loops. Materialized, so that the estimate
    -- holds: inlined, the planner sized \`src\` at a few rows and the statement took twice as long.
    select k.*, k.owner_id = k.customer_id as own from (
      select s.*, c.id as customer_id,
             coalesce(o.customer_id, first_value(c.id) over (partition by s.order_num order by s.line)) as owner_id
      from ${STAGE} s join customers c on c.company_id = s.company_id
      left join stored o on o.order_num = s.order_num and o.source = 'import') k),
  src as (select * from known where own and order_num not in (select order_num from web)),
  hdr as (
    insert into orders (customer_id, order_num, source, order_type, create_date, delivery_date, name, phone,
                        reference_po, status)
    select h.customer_id, order_num, 'import', h.order_type, h.create_date, h.delivery_date, h.name, h.phone,
           coalesce(h.reference_po, o.reference_po, ''), h.status
    from (
      select distinct on (order_num) customer_id, order_num, order_type,
             order_date::timestamp at time zone $1::text as create_date, delivery_date, name, phone,
             reference_po,
             case when delivery_date < $2::date then ${OrderStatus.Completed} else ${OrderStatus.Open} end as status
      from src order by order_num, line) h
    left join stored o using (order_num)
    on conflict (order_num) do update set customer_id = excluded.customer_id,
      order_type = excluded.order_type, create_date = excluded.create_date,
      delivery_date = excluded.delivery_date, name = excluded.name, phone = excluded.phone,
      reference_po = excluded.reference_po, status = excluded.status
    where orders.source = 'import'
      and (orders.customer_id, orders.order_type, orders.create_date, orders.delivery_date,
           orders.name, orders.phone, orders.reference_po, orders.status)
        is distinct from (excluded.customer_id, excluded.order_type, excluded.create_date,
           excluded.delivery_date, excluded.name, excluded.phone, excluded.reference_po, excluded.status)
    returning id, order_num, (xmax = 0) as inserted),
  ids as (
    -- New and changed orders come back from the upsert; unchanged ones were there before it.
    select n.order_num, coalesce(h.id, o.id) as id, coalesce(h.inserted, false) as new_order,
           coalesce(not h.inserted, false) as header_updated
    from nums n left join hdr h using (order_num) left join stored o using (order_num)),
  lines as (
    select distinct on (i.id, s.code) i.id as order_id, p.id as product_id, s.code,
           coalesce(nullif(s.description, ''), p.description, '') as description,
           s.units_per_case, s.cases, s.units, coalesce(p.is_case_only, s.units = 0) as is_case_only,
           s.is_return or upper(s.order_type) = any($3::text[]) as is_return, s.substitution,
           i.new_order, i.header_updated
    from src s join ids i using (order_num) left join products p on p.code = s.code
    order by i.id, s.code, s.line desc),${stagedReplaceCtes}
  fresh as (
    -- A new order's lines are new too: appended without conflict handling (a first import's path).
    insert into order_lines (order_id, product_id, code, description, units_per_case,
                             case_quantity, unit_quantity, is_case_only, is_return, substitution)
    select order_id, product_id, code, description, units_per_case, cases, units, is_case_only, is_return,
           substitution
    from lines where new_order
    returning 1),
  up as (
    insert into order_lines (order_id, product_id, code, description, units_per_case,
                             case_quantity, unit_quantity, is_case_only, is_return, substitution)
    select order_id, product_id, code, description, units_per_case, cases, units, is_case_only, is_return,
           substitution
    from lines where not new_order
    ${onLineConflict}
    returning order_id, code, (xmax = 0) as inserted)
  select
    (select count(*) from src)::int as applied,
    (select count(*) from src where code not in (select code from products))::int as unknown_items,
    (select coalesce(json_agg(json_build_array(u.line, u.code)), '[]') from (
       select line, code from src where code not in (select code from products)
       order by line limit ${UNKNOWN_ITEMS_LISTED}) u) as unknown_lines,
    ((select count(*) from fresh) + (select count(*) filter (where inserted) from up))::int as inserted,
    ((select count(*) filter (where not inserted) from up)
      + (select count(*) from lines l where l.header_updated
           and not exists (select 1 from up where up.order_id = l.order_id and up.code = l.code)))::int
      as updated,
    (select coalesce(json_agg(r), '[]') from (
       select json_build_array(s.line, s.company_id, s.order_num,
                case when c.id is null then 'customer' else 'web' end, null) as r
       from ${STAGE} s left join customers c on c.company_id = s.company_id
       where c.id is null
         or exists (select 1 from web w where w.order_num = s.order_num and w.customer_id <> c.id)
       union all
       select json_build_array(k.line, k.company_id, k.order_num, 'owner',
                (select company_id from customers where id = k.owner_id))
       from known k
       where not k.own and k.order_num not in (select order_num from web)) x) as rejected,
    (select count(*) from ${STAGE} s join customers c on c.company_id = s.company_id
       join web w on w.order_num = s.order_num and w.customer_id = c.id)::int as web_lines`;

interface BatchResult {
  applied: number;
  unknown_items: number;
  /** [line, code] of the first of them. */
  unknown_lines: [number, string][];
  inserted: number;
  updated: number;
  /** [line, company id, order number, why, the order's customer's company id] */
  rejected: [number, number, string, 'customer' | 'web' | 'owner', number | null][];
  /** Lines of the customer's own web orders: written by order-history-delivered.writer.ts. */
  web_lines: number;
}

/** The staged writer (PostgreSQL): a batch's rows staged with COPY, one statement, the counts out. */
async function openStagedWriter(
  q: SqlRunner,
  env: ImportEnv,
  unknown: UnknownItems,
): Promise<ImportWriter<OrderHistoryRow>> {
  await q.query(createStage);
  const today = businessToday(env.now, env.businessTz);
  return {
    notes: () => [],
    async write(rows): Promise<BatchCounts> {
      await q.query(`truncate ${STAGE}`);
      await q.copyIn(STAGE, stageColumns, rows.map(stageLine));
      const [r] = await q.query<BatchResult>(applyBatch, [env.businessTz, today, env.creditOrderTypes]);
      const result = r!;
      const web = result.web_lines
        ? await writeStagedDelivered(q, STAGE, today)
        : { applied: 0, inserted: 0, updated: 0 };
      unknown.items += result.unknown_items;
      if (unknown.lines.length < UNKNOWN_ITEMS_LISTED) unknown.lines.push(...result.unknown_lines);
      const rejected: WriterRejection[] = result.rejected.map(
        ([line, companyId, orderNum, why, ownerCompanyId]) => ({
          Line: line,
          Message:
            why === 'customer'
              ? unknownCustomerMessage(companyId)
              : why === 'web'
                ? otherCustomersWebOrderMessage(orderNum)
                : otherCustomersOrderMessage(orderNum, ownerCompanyId!, companyId),
        }),
      );
      return {
        inserted: result.inserted + web.inserted,
        updated: result.updated + web.updated,
        unchanged:
          result.applied + web.applied - result.inserted - result.updated - web.inserted - web.updated,
        rejected,
      };
    },
  };
}

/**
 * Order history import (design.md 5.8): lines are grouped into orders by order number
 * (source 'import', the ERP's order type), one order line per item, an upsert by (order
 * number, item), the order's Reference PO from the 14th column. An unknown customer is rejected; an unknown item keeps the code and
 * description it carries. The orders then show in the customer's history and worksheet. A line
 * of one of the customer's web orders is what the ERP did with it: a delivered line and the
 * order's Status (design.md 7.12, order-history-delivered.writer.ts).
 * PostgreSQL stages each batch with COPY and applies it with one statement; PGlite keeps the
 * row writer (order-history-rows.writer.ts), faster there.
 */
export const orderHistoryImport: ImportDefinition<OrderHistoryRow> = {
  kind: 'OrderHistory',
  columns: ORDER_HISTORY_COLUMNS,
  minColumns: ORDER_HISTORY_MIN_COLUMNS,
  headerNames: ORDER_HISTORY_HEADER_NAMES,
  parse: parseOrderHistoryLine,
  // One order's lines come together in the ERP's file: keys are remembered per order (decision 030).
  recordKey: (r) => ({ key: `Order ${r.orderNum} item ${r.code}`, scope: r.orderNum }),
  preview: orderHistoryPreview,
  async open(q, env) {
    const unknown: UnknownItems = { items: 0, lines: [] };
    const writer =
      q.kind === 'pg' ? await openStagedWriter(q, env, unknown) : await openRowWriter(q, env, unknown);
    for (const table of REPLACE_TABLES) await q.query(table);
    let removed = { lines: 0, orders: 0 };
    return {
      write: (rows) => writer.write(rows),
      async finish() {
        removed = await removeUnlistedLines(q);
      },
      notes: () => [
        ...(unknown.items ? [unknownItemsNote(unknown)] : []),
        ...(removed.lines ? [removedLinesNote(removed.lines, removed.orders)] : []),
      ],
    };
  },
};
