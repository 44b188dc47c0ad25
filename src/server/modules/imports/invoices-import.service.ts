import { PgDialect } from 'drizzle-orm/pg-core';
import { checkInvoice, type InvoiceCheck } from '../../../domain/invoice-check.js';
import { pricesOn } from '../../../domain/order-estimate.js';
import { orderPriceRows, type PriceRowJson, priceRowsByCode } from '../orders/order-prices.js';
import { keysParam, toSnapshot } from './import-changes.js';
import { loadProductIds, unknownProductMessage } from './import-lookups.js';
import type { ImportDefinition, WriterRejection } from './import-runner.js';
import { lastByKey } from './import-runner.js';
import {
  INVOICE_COLUMNS,
  INVOICE_HEADER_NAMES,
  type InvoiceFileRow,
  parseInvoiceLine,
} from './invoices.parser.js';
import type { SqlRunner } from './sql-runner.js';

export const unknownOrderMessage = (orderNum: string) =>
  `Order ${orderNum} is not known: an invoice is for a web order or one in the order history (import the order history first)`;

/** What a line writes to: its invoice and its item, or its fee. */
const lineKey = (r: InvoiceFileRow) => `${r.invoiceNum}\t${r.code ?? `Fee ${r.fee!.description}`}`;

/** A line as the statements take it. */
interface LineRecord {
  n: string;
  p: number;
  c: string | null;
  fd: string | null;
  cs: number;
  u: number;
  cp: number | null;
  d: number;
  fa: number;
}

/**
 * The lines whose order and item this site knows, as records, and the invoices' own columns
 * (a later line's win); the others refused with every problem at once.
 */
export function resolveInvoiceLines(
  rows: InvoiceFileRow[],
  orderIds: ReadonlyMap<string, number>,
  productIds: ReadonlyMap<string, number>,
) {
  const rejected: WriterRejection[] = [];
  const accepted: InvoiceFileRow[] = [];
  for (const row of rows) {
    const problems: string[] = [];
    if (!orderIds.has(row.orderNum)) problems.push(unknownOrderMessage(row.orderNum));
    if (row.code !== null && !productIds.has(row.code)) problems.push(unknownProductMessage(row.code));
    if (problems.length) rejected.push({ Line: row.line, Message: problems.join('; ') });
    else accepted.push(row);
  }
  const headers = lastByKey(accepted, (r) => r.invoiceNum).map((r) => ({
    n: r.invoiceNum,
    o: orderIds.get(r.orderNum)!,
    d: r.invoiceDate,
    due: r.dueDate,
    paid: r.paid,
  }));
  const lines: LineRecord[] = lastByKey(accepted, lineKey).map((r) => ({
    n: r.invoiceNum,
    p: r.line,
    c: r.code,
    fd: r.fee?.description ?? null,
    cs: r.code === null ? 0 : r.cases,
    u: r.code === null ? 0 : r.units,
    cp: r.code === null ? null : r.casePrice,
    d: r.code === null ? 0 : r.deposit,
    fa: r.fee?.amount ?? 0,
  }));
  return { headers, lines, accepted: accepted.length, rejected };
}

/** The price rows column, as the order's own statements read it (one rule: order-prices.ts). */
const priceRowsColumn = new PgDialect().sqlToQuery(orderPriceRows).sql;

/** Invoices checked per statement once the file is in. */
const CHECK_CHUNK = 200;

/** The fields of a stored line, as a line's record gives them: to count and to preview. */
const LINE_FIELDS = `cases as cs, units as u, case_price as cp, deposit as d,
  case when fee_description is null then 0 else amount end as fa`;

/**
 * Invoices import (design.md 8.4, decision 076): each line upserts its invoice (by number, for
 * an order the site knows) and then its line, by item or by fee. The first line of an invoice in
 * a file moves the invoice's stored lines aside, so a later file with the same invoice number
 * replaces them: what the invoice has is the last file's lines. Once the whole file is in, each
 * invoice it named is checked against its order and the posted prices of its delivery date
 * (`checkInvoice`), and the findings, the total and the flag count are stored with it.
 */
export const invoiceImport: ImportDefinition<InvoiceFileRow> = {
  kind: 'Invoices',
  columns: INVOICE_COLUMNS,
  minColumns: INVOICE_COLUMNS.length - 1,
  headerNames: INVOICE_HEADER_NAMES,
  parse: parseInvoiceLine,
  recordKey: (r) => ({
    key: `Invoice ${r.invoiceNum}, ${r.code === null ? `Fee ${r.fee!.description}` : `Code ${r.code}`}`,
    scope: r.invoiceNum,
  }),
  preview: {
    keyOf: lineKey,
    async snapshot(q, rows) {
      return toSnapshot(
        await q.query(
          `select i.invoice_num || chr(9) || coalesce(l.code, 'Fee ' || l.fee_description) as k,
             o.order_num as "OrderNum", to_char(i.invoice_date, 'YYYY-MM-DD') as "InvoiceDate",
             to_char(i.due_date, 'YYYY-MM-DD') as "DueDate", i.paid as "Paid",
             l.cases as "Cases", l.units as "Units",
             to_char(l.case_price / 100.0, 'FM99999990.00') as "CasePrice",
             to_char(l.deposit / 100.0, 'FM99999990.00') as "Deposit",
             case when l.fee_description is null then null
               else to_char(l.amount / 100.0, 'FM99999990.00') end as "FeeAmount"
           from json_to_recordset($1::json) as x(n text, c text, fd text)
           join invoices i on i.invoice_num = x.n
           join orders o on o.id = i.order_id
           join invoice_lines l on l.invoice_id = i.id
             and (l.code = x.c or l.fee_description = x.fd)`,
          [keysParam(rows, lineKey, (r) => ({ n: r.invoiceNum, c: r.code, fd: r.fee?.description ?? null }))],
        ),
      );
    },
  },
  async open(q, env) {
    const productIds = await loadProductIds(q);
    // The invoices this file named, and the lines they had before it: in the database, not in
    // the server's memory (a file may hold hundreds of thousands of lines).
    await q.query(
      'create temp table invoices_in_file (id integer primary key, invoice_num text not null) on commit drop',
    );
    await q.query(
      `create temp table invoice_lines_was (invoice_id integer not null, code text, fee_description text,
         cs integer, u integer, cp integer, d integer, fa integer) on commit drop`,
    );
    let removed = 0;
    return {
      notes: (preview) => (removed ? [removedLinesNote(removed, preview)] : []),
      async write(rows) {
        const orderIds = await loadOrderIds(q, rows);
        const { headers, lines, accepted, rejected } = resolveInvoiceLines(rows, orderIds, productIds);
        if (!headers.length) return { inserted: 0, updated: 0, unchanged: 0, rejected };
        await q.query(
          `with up as (
             insert into invoices (invoice_num, order_id, invoice_date, due_date, paid, imported_at)
             select n, o, d, due, paid, $2 from json_to_recordset($1::json)
               as x(n text, o integer, d date, due date, paid boolean)
             on conflict on constraint invoices_invoice_num_key do update set
               order_id = excluded.order_id, invoice_date = excluded.invoice_date,
               due_date = excluded.due_date, paid = excluded.paid, imported_at = excluded.imported_at
             returning id, invoice_num),
           first as (
             insert into invoices_in_file (id, invoice_num) select id, invoice_num from up
             on conflict (id) do nothing returning id),
           gone as (
             delete from invoice_lines where invoice_id in (select id from first) and position is not null
             returning invoice_id, code, fee_description, ${LINE_FIELDS}),
           derived as (
             delete from invoice_lines where invoice_id in (select id from first) and position is null)
           insert into invoice_lines_was select * from gone`,
          [JSON.stringify(headers), env.now.toISOString()],
        );
        const [counts] = await q.query<{ inserted: number; updated: number }>(
          `with x as (
             select x.*, f.id as invoice_id from json_to_recordset($1::json)
               as x(n text, p integer, c text, fd text, cs integer, u integer, cp integer, d integer, fa integer)
             join invoices_in_file f on f.invoice_num = x.n),
           items as (
             insert into invoice_lines (invoice_id, position, code, cases, units, case_price, deposit)
             select invoice_id, p, c, cs, u, cp, d from x where c is not null
             on conflict on constraint invoice_lines_code_key do update set position = excluded.position,
               cases = excluded.cases, units = excluded.units, case_price = excluded.case_price,
               deposit = excluded.deposit),
           fees as (
             insert into invoice_lines (invoice_id, position, fee_description, amount)
             select invoice_id, p, fd, fa from x where fd is not null
             on conflict on constraint invoice_lines_fee_key do update set position = excluded.position,
               amount = excluded.amount)
           select (count(*) filter (where w.invoice_id is null))::int as inserted,
             (count(*) filter (where w.invoice_id is not null
               and (w.cs, w.u, w.cp, w.d, w.fa) is distinct from (x.cs, x.u, x.cp, x.d, x.fa)))::int as updated
           from x left join invoice_lines_was w on w.invoice_id = x.invoice_id
             and (w.code = x.c or w.fee_description = x.fd)`,
          [JSON.stringify(lines)],
        );
        const { inserted, updated } = counts!;
        return { inserted, updated, unchanged: accepted - inserted - updated, rejected };
      },
      async finish() {
        await checkInvoices(q);
        const [r] = await q.query<{ n: number }>(
          `select count(*)::int as n from invoice_lines_was w
           where not exists (select 1 from invoice_lines l where l.invoice_id = w.invoice_id
             and l.position is not null and (l.code = w.code or l.fee_description = w.fee_description))`,
        );
        removed = r!.n;
      },
    };
  },
};

/** The ids of the orders a batch names, by number. */
async function loadOrderIds(q: SqlRunner, rows: InvoiceFileRow[]): Promise<Map<string, number>> {
  const found = await q.query<{ id: number; order_num: string }>(
    'select id, order_num from orders where order_num in (select json_array_elements_text($1::json))',
    [JSON.stringify([...new Set(rows.map((r) => r.orderNum))])],
  );
  return new Map(found.map((r) => [r.order_num, r.id]));
}

export function removedLinesNote(n: number, preview: boolean): string {
  const lines = n === 1 ? 'One line' : `${n.toLocaleString('en-US')} lines`;
  return `${lines} of the invoices this file replaces ${n === 1 ? 'is' : 'are'} not in it: ${
    preview ? 'applying this file will remove' : 'removed'
  } (a later file with the same invoice number replaces its lines)`;
}

type StoredLine = [number, string | null, number, number, number | null, number, string | null, number];

/**
 * Checks each invoice the file named (`checkInvoice`), a chunk at a time: reads its lines, its
 * order's lines, the posted prices of the order's delivery date and the products' case sizes in
 * one statement, then stores each line's findings, the ordered products it left out, its total
 * and its flag count.
 */
async function checkInvoices(q: SqlRunner): Promise<void> {
  let after = 0;
  for (;;) {
    const chunk = await q.query<{
      id: number;
      delivery_date: string;
      lines: StoredLine[];
      ordered: [string, number, number][] | null;
      prices: PriceRowJson[] | null;
      sizes: Record<string, number> | null;
    }>(
      `select f.id, to_char(orders.delivery_date, 'YYYY-MM-DD') as delivery_date,
         (select json_agg(json_build_array(l.id, l.code, l.cases, l.units, l.case_price, l.deposit,
            l.fee_description, l.amount) order by l.position)
          from invoice_lines l where l.invoice_id = f.id) as lines,
         (select json_agg(json_build_array(ol.code, ol.case_quantity, ol.unit_quantity))
          from order_lines ol where ol.order_id = orders.id and not ol.is_return) as ordered,
         ${priceRowsColumn} as prices,
         (select json_object_agg(p.code, p.units) from products p
          where p.code in (select l.code from invoice_lines l where l.invoice_id = f.id
            union select ol.code from order_lines ol where ol.order_id = orders.id)) as sizes
       from invoices_in_file f join invoices i on i.id = f.id join orders on orders.id = i.order_id
       where f.id > $1 order by f.id limit ${CHECK_CHUNK}`,
      [after],
    );
    if (!chunk.length) return;
    after = chunk.at(-1)!.id;
    const found = chunk.map((inv) => ({ inv, check: checkOne(inv) }));
    await storeChecks(q, found);
  }
}

function checkOne(inv: {
  delivery_date: string;
  lines: StoredLine[];
  ordered: [string, number, number][] | null;
  prices: PriceRowJson[] | null;
  sizes: Record<string, number> | null;
}): InvoiceCheck {
  const items = inv.lines.filter((l) => l[1] !== null);
  const fees = inv.lines.filter((l) => l[1] === null);
  return checkInvoice({
    items: items.map(([, Code, Cases, Units, CasePrice, Deposit]) => ({
      Code: Code!,
      Cases,
      Units,
      CasePrice: CasePrice!,
      Deposit,
    })),
    fees: fees.map(([, , , , , , Description, Amount]) => ({ Description: Description!, Amount })),
    ordered: (inv.ordered ?? []).map(([Code, CaseQuantity, UnitQuantity]) => ({
      Code,
      CaseQuantity,
      UnitQuantity,
    })),
    prices: pricesOn(priceRowsByCode(inv.prices), inv.delivery_date),
    unitsPerCase: new Map(Object.entries(inv.sizes ?? {})),
  });
}

/** Stores a chunk's findings: three statements whatever the chunk's size. */
async function storeChecks(
  q: SqlRunner,
  found: { inv: { id: number; lines: StoredLine[] }; check: InvoiceCheck }[],
): Promise<void> {
  const updates: object[] = [];
  const leftOut: object[] = [];
  for (const { inv, check } of found) {
    const items = inv.lines.filter((l) => l[1] !== null);
    const fees = inv.lines.filter((l) => l[1] === null);
    check.Lines.forEach((l, i) => {
      const fields = {
        oc: l.OrderedCases,
        ou: l.OrderedUnits,
        pp: l.PostedCasePrice,
        a: l.Amount,
        f: l.Flags,
      };
      if (i < items.length) updates.push({ id: items[i]![0], ...fields });
      else leftOut.push({ inv: inv.id, c: l.Code, ...fields });
    });
    for (const [i, f] of check.Fees.entries())
      updates.push({ id: fees[i]![0], oc: null, ou: null, pp: null, a: f.Amount, f: f.Flags });
  }
  await q.query(
    `update invoice_lines l set ordered_cases = x.oc, ordered_units = x.ou, posted_case_price = x.pp,
       amount = x.a, flags = array(select json_array_elements_text(x.f))
     from json_to_recordset($1::json) as x(id integer, oc integer, ou integer, pp integer, a integer, f json)
     where l.id = x.id`,
    [JSON.stringify(updates)],
  );
  if (leftOut.length) {
    await q.query(
      `insert into invoice_lines (invoice_id, code, ordered_cases, ordered_units, posted_case_price, amount, flags)
       select inv, c, oc, ou, pp, a, array(select json_array_elements_text(x.f))
       from json_to_recordset($1::json) as x(inv integer, c text, oc integer, ou integer, pp integer, a integer, f json)`,
      [JSON.stringify(leftOut)],
    );
  }
  await q.query(
    `update invoices i set total = x.t, flag_count = x.n
     from json_to_recordset($1::json) as x(id integer, t integer, n integer) where i.id = x.id`,
    [JSON.stringify(found.map(({ inv, check }) => ({ id: inv.id, t: check.Total, n: check.FlagCount })))],
  );
}
