import type { SqlRunner } from './sql-runner.js';

/**
 * An order in a history file is the whole order (issue 43): when the ERP exports an order
 * again without a line, the line is gone from the order. Lines of one order may fall in two
 * batches, so nothing is removed until the whole file is read: each batch notes the lines it
 * wrote for orders that were stored before the file (`import_order_seen`), and once the file
 * is read one statement removes those orders' other lines, in the import's transaction.
 * Orders the file creates have no other lines (`import_order_new` keeps them out of the notes);
 * web orders' delivered lines are not touched; an order none of whose lines is applied (all
 * refused) is not listed, and keeps its lines.
 */
export const REPLACE_TABLES = [
  'create temp table if not exists import_order_new (id integer not null) on commit drop',
  'create temp table if not exists import_order_seen (order_id integer not null, code text not null) on commit drop',
];

/** The CTEs the staged writer adds to its statement (`hdr` and `lines` as there). */
export const stagedReplaceCtes = `
  new_orders as (insert into import_order_new select id from hdr where inserted returning 1),
  seen as (
    insert into import_order_seen (order_id, code)
    select order_id, code from lines where not new_order and order_id not in (select id from import_order_new)
    returning 1),`;

/** The row writer: the orders it created ($1) and the lines it wrote for the others ($2, [order id, code]). */
export async function noteRows(q: SqlRunner, created: number[], lines: [number, string][]): Promise<void> {
  if (created.length)
    await q.query(
      'insert into import_order_new select value::integer from json_array_elements_text($1::json)',
      [JSON.stringify(created)],
    );
  if (lines.length)
    await q.query(
      `insert into import_order_seen (order_id, code)
       select order_id, code from json_to_recordset($1::json) as x(order_id integer, code text)
       where order_id not in (select id from import_order_new)`,
      [JSON.stringify(lines.map(([order_id, code]) => ({ order_id, code })))],
    );
}

const removeUnlisted = `
  with gone as (
    delete from order_lines l
    where l.order_id in (select order_id from import_order_seen)
      and not exists (select 1 from import_order_seen s where s.order_id = l.order_id and s.code = l.code)
    returning l.order_id)
  select count(*)::int as lines, count(distinct order_id)::int as orders from gone`;

/** Removes the lines the file's orders no longer have; how many, from how many orders. */
export async function removeUnlistedLines(q: SqlRunner): Promise<{ lines: number; orders: number }> {
  const [r] = await q.query<{ lines: number; orders: number }>(removeUnlisted);
  return r!;
}

export const removedLinesNote = (lines: number, orders: number) =>
  `${lines === 1 ? 'One line was' : `${lines} lines were`} removed from ${orders === 1 ? 'an order' : `${orders} orders`} the file lists without ${lines === 1 ? 'it' : 'them'}: an order in an order history file is the whole order`;
