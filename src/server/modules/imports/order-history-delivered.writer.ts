import { formatCompanyId } from '../../../domain/company-id.js';
import { OrderStatus } from '../../../domain/enums.js';
import type { ProductRef } from './import-lookups.js';
import type { OrderHistoryRow } from './order-history.parser.js';
import { rowsJson, type SqlRunner } from './sql-runner.js';

/**
 * A web order's lines in the order history file (design.md 7.12, decision 051): what the ERP
 * did with the order. They go to `order_delivered_lines`, an upsert by (order, item) like the
 * import's own lines, and set the order's Status; the lines the customer ordered and the order's
 * header are never touched. Both writers call this once per batch with only the batch's web
 * order lines (the staged writer reads them from its staging table, the row writer sends them as
 * JSON), so no more than a batch is held, and a file without web orders never runs it.
 */

export const otherCustomersWebOrderMessage = (orderNum: string) =>
  `Order ${orderNum} was placed on this site by another customer; the line's customer cannot change it`;

/** An order number is one customer's: a line naming it for another customer changes nothing. */
export const otherCustomersOrderMessage = (orderNum: string, ownerCompanyId: number, lineCompanyId: number) =>
  `Order ${orderNum} is customer ${formatCompanyId(ownerCompanyId)}'s; this line names customer ${formatCompanyId(lineCompanyId)}, and an order number cannot belong to two customers`;

/**
 * Writes the lines `source` selects (`order_id, code, description, units_per_case, cases, units,
 * line`; `$1` the business today, further parameters the source's). Within the batch the later
 * line of an (order, item) wins. The status follows `deliveredStatus` (src/domain/delivered.ts)
 * over the order's delivered lines once the batch is written: those the batch writes and those
 * kept from before (the statement sees the table as it was, so both are put together here). An
 * order whose status is not one the file decides (a cancelled one, 7.10) keeps it. A line counts
 * Inserted or Updated as its delivered row was; unchanged itself, Updated when its order's
 * status changed, as the import counts an order's header.
 */
const deliveredStatement = (source: string) => `
  with src as (${source}),
  lines as (
    select distinct on (order_id, code) order_id, code, description, units_per_case, cases, units
    from src order by order_id, code, line desc),
  up as (
    insert into order_delivered_lines (order_id, code, description, units_per_case, cases, units)
    select order_id, code, description, units_per_case, cases, units from lines
    on conflict (order_id, code) do update set description = excluded.description,
      units_per_case = excluded.units_per_case, cases = excluded.cases, units = excluded.units
    where (order_delivered_lines.description, order_delivered_lines.units_per_case,
           order_delivered_lines.cases, order_delivered_lines.units)
      is distinct from (excluded.description, excluded.units_per_case, excluded.cases, excluded.units)
    returning order_id, code, (xmax = 0) as inserted),
  after as (
    select order_id, (cases > 0 or units > 0) as some from lines
    union all
    select d.order_id, (d.cases > 0 or d.units > 0) from order_delivered_lines d
    -- \`not in\` (a hashed subplan; neither column is ever null), not \`not exists\`: the planner
    -- sizes \`lines\` at a row and scanned it once for each stored line, a time that grew with
    -- the square of the batch. The same for \`up\` in the counts below.
    where d.order_id in (select order_id from lines)
      and (d.order_id, d.code) not in (select order_id, code from lines)),
  st as (
    update orders o set status = v.status
    from (
      select a.order_id,
             case when not bool_or(a.some) then ${OrderStatus.NoDelivery}
                  when o2.delivery_date <= $1::date then ${OrderStatus.Completed}
                  else ${OrderStatus.Open} end as status
      from after a join orders o2 on o2.id = a.order_id
      group by a.order_id, o2.delivery_date) v
    where o.id = v.order_id and o.source = 'web'
      and o.status in (${OrderStatus.Open}, ${OrderStatus.NoDelivery}, ${OrderStatus.Completed})
      and o.status <> v.status
    returning o.id)
  select
    (select count(*) from src)::int as applied,
    (select count(*) filter (where inserted) from up)::int as inserted,
    ((select count(*) filter (where not inserted) from up)
      + (select count(*) from lines l where l.order_id in (select id from st)
           and (l.order_id, l.code) not in (select order_id, code from up)))::int
      as updated`;

export interface DeliveredCounts {
  applied: number;
  inserted: number;
  updated: number;
}

/**
 * PostgreSQL's staged writer: the web orders' lines of the batch in `stage` whose customer is the
 * order's ($1: business today). Lines of another customer's web order are refused by the batch's
 * statement before this.
 */
export async function writeStagedDelivered(
  q: SqlRunner,
  stage: string,
  today: string,
): Promise<DeliveredCounts> {
  const [counts] = await q.query<DeliveredCounts>(
    deliveredStatement(`
      select o.id as order_id, s.code, coalesce(nullif(s.description, ''), p.description, '') as description,
             s.units_per_case, s.cases, s.units, s.line
      from ${stage} s
      -- \`= any\` of the batch's numbers: the orders are found in the unique index, where the
      -- join alone was planned as a scan of the whole table (order-history-import.service.ts).
      join orders o on o.order_num = s.order_num and o.source = 'web'
        and o.order_num = any (array(select order_num from ${stage}))
      join customers c on c.id = o.customer_id and c.company_id = s.company_id
      left join products p on p.code = s.code`),
    [today],
  );
  return counts!;
}

/** A web order's line for the row writer: the order's id and the line as the file gives it. */
export interface DeliveredRow {
  orderId: number;
  row: OrderHistoryRow;
}

/** PGlite's row writer: the batch's web order lines, whose customer it has checked. */
export async function writeDeliveredRows(
  q: SqlRunner,
  rows: DeliveredRow[],
  products: Map<string, ProductRef>,
  today: string,
): Promise<DeliveredCounts> {
  if (!rows.length) return { applied: 0, inserted: 0, updated: 0 };
  const values = rows.map(({ orderId, row }) => [
    orderId,
    row.code,
    row.description || products.get(row.code)?.description || '',
    row.unitsPerCase,
    row.cases,
    row.units,
    row.line,
  ]);
  const [counts] = await q.query<DeliveredCounts>(
    deliveredStatement(`
      select o as order_id, c as code, d as description, u as units_per_case, cq as cases, uq as units, l as line
      from json_to_recordset($2::json)
        as x(o integer, c text, d text, u integer, cq integer, uq integer, l integer)`),
    [today, rowsJson(['o', 'c', 'd', 'u', 'cq', 'uq', 'l'], values)],
  );
  return counts!;
}
