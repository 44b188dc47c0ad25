import { businessToday } from '../../../domain/business-date.js';
import { formatUsDate } from '../../../domain/delivery-calendar.schema.js';
import { formatCents } from '../../../domain/prices.js';
import { keysParam, toSnapshot } from './import-changes.js';
import {
  loadCustomerIds,
  loadProducts,
  type ProductRef,
  unknownCustomerMessage,
  unknownProductMessage,
} from './import-lookups.js';
import type { ImportEnv, WriterRejection } from './import-runner.js';
import { type ImportDefinition, lastByKey } from './import-runner.js';
import {
  levelText,
  PRICE_COLUMNS,
  PRICE_HEADER_NAMES,
  PRICE_MIN_COLUMNS,
  type PriceFileRow,
  parsePriceLine,
} from './prices.parser.js';
import type { SqlRunner } from './sql-runner.js';

/** A line's row as the table takes it: ids instead of codes, money in cents. */
export interface PriceRecord {
  line: number;
  /** Customer type id, or null. */
  t: number | null;
  /** Customer id (not the company id), or null. */
  cu: number | null;
  p: number;
  b: number;
  f: string;
  e: string | null;
  cp: number;
  up: number | null;
  d: number;
}

export interface PriceLookups {
  typeIds: ReadonlySet<number>;
  customerIds: ReadonlyMap<number, number>;
  products: ReadonlyMap<string, Pick<ProductRef, 'isCaseOnly'> & { id: number }>;
}

export const unknownTypeMessage = (typeId: number) => `Customer type ${typeId} does not exist`;
export const quantityBreaksOffMessage = (minCases: number) =>
  `Quantity Break ${minCases} is refused: quantity breaks are off (QUANTITY_BREAKS=false), so a price is for 1 case or more`;

/**
 * The lines whose level and item this site knows and whose break the settings allow, as
 * records; the others refused with every problem at once.
 */
export function resolvePrices(
  rows: PriceFileRow[],
  lookups: PriceLookups,
  settings: Pick<ImportEnv, 'quantityBreaks'>,
): { records: PriceRecord[]; rejected: WriterRejection[] } {
  const records: PriceRecord[] = [];
  const rejected: WriterRejection[] = [];
  for (const row of rows) {
    const problems: string[] = [];
    const customer = row.companyId === null ? null : lookups.customerIds.get(row.companyId);
    if (row.typeId !== null && !lookups.typeIds.has(row.typeId))
      problems.push(unknownTypeMessage(row.typeId));
    if (customer === undefined) problems.push(unknownCustomerMessage(row.companyId!));
    const product = lookups.products.get(row.code);
    if (!product) problems.push(unknownProductMessage(row.code));
    else if (product.isCaseOnly && row.unitPrice !== null)
      problems.push(`Unit Price must be blank: ${row.code} is sold by the case only`);
    if (!settings.quantityBreaks && row.minCases > 1) problems.push(quantityBreaksOffMessage(row.minCases));
    if (problems.length) {
      rejected.push({ Line: row.line, Message: problems.join('; ') });
      continue;
    }
    records.push({
      line: row.line,
      t: row.typeId,
      cu: customer ?? null,
      p: product!.id,
      b: row.minCases,
      f: row.fromDate,
      e: row.toDate,
      cp: row.casePrice,
      up: row.unitPrice,
      d: row.deposit,
    });
  }
  return { records, rejected };
}

/** A stored price, as compared with a line. */
export interface StoredPrice {
  id: number;
  cp: number;
  up: number | null;
  d: number;
  e: string | null;
}

const keyOfRecord = (r: PriceRecord) => `${r.t ?? ''}|${r.cu ?? ''}|${r.p}|${r.b}|${r.f}`;
const sameValues = (r: PriceRecord, s: StoredPrice) =>
  r.cp === s.cp && r.up === s.up && r.d === s.d && r.e === s.e;

const money = (cents: number | null) => (cents === null ? 'none' : formatCents(cents));

/** Price posting's refusal of a line for a period that has started (PRICE_POST_AND_HOLD). */
export function postedPeriodMessage(fromDate: string, stored: StoredPrice | undefined): string {
  const started = `The price period from ${formatUsDate(fromDate)} has started and price posting is on (PRICE_POST_AND_HOLD)`;
  return stored
    ? `${started}: its posted price cannot change (case price ${money(stored.cp)}, unit price ${money(stored.up)}, deposit ${money(stored.d)}, to date ${stored.e ? formatUsDate(stored.e) : 'none'})`
    : `${started}: no price can be added to it`;
}

/**
 * What each record does against the stored rows (read before the batch is written): written
 * (new or changed), unchanged, or, with price posting, refused for a period that has started
 * (`fromDate <= today`). A repeated key: the later line is written, the earlier ones counted
 * unchanged (decision 014).
 */
export function planPrices(
  records: PriceRecord[],
  stored: ReadonlyMap<string, StoredPrice>,
  hold: { today: string } | null,
) {
  const rejected: WriterRejection[] = [];
  const accepted: PriceRecord[] = [];
  for (const r of records) {
    const s = stored.get(keyOfRecord(r));
    if (hold && r.f <= hold.today && !(s && sameValues(r, s))) {
      rejected.push({ Line: r.line, Message: postedPeriodMessage(r.f, s) });
      continue;
    }
    accepted.push(r);
  }
  const last = lastByKey(accepted, keyOfRecord);
  const write: PriceRecord[] = [];
  const keptIds: number[] = [];
  let inserted = 0;
  let updated = 0;
  for (const r of last) {
    const s = stored.get(keyOfRecord(r));
    if (!s) inserted++;
    else if (!sameValues(r, s)) updated++;
    else {
      keptIds.push(s.id);
      continue;
    }
    write.push(r);
  }
  return {
    write,
    keptIds,
    rejected,
    counts: { inserted, updated, unchanged: accepted.length - inserted - updated },
  };
}

/**
 * The stored rows of the records' keys. One select per kind of level, so that each matches the
 * whole unique key by equality (`is not distinct from` would match only product, break and from
 * date by the index, then read every level's row of that item).
 */
async function storedPrices(q: SqlRunner, records: PriceRecord[]): Promise<Map<string, StoredPrice>> {
  const select = (level: string) =>
    `select pr.id, pr.case_price as cp, pr.unit_price as up, pr.deposit_per_case as d,
       to_char(pr.to_date, 'YYYY-MM-DD') as e,
       coalesce(pr.customer_type_id::text, '') || '|' || coalesce(pr.customer_id::text, '') || '|' ||
         pr.product_id || '|' || pr.min_cases || '|' || to_char(pr.from_date, 'YYYY-MM-DD') as k
     from json_to_recordset($1::json) as x(p integer, b integer, f date, t integer, cu integer)
     join prices pr on pr.product_id = x.p and pr.min_cases = x.b and pr.from_date = x.f and ${level}`;
  const rows = await q.query<StoredPrice & { k: string }>(
    `${select('pr.customer_type_id = x.t and pr.customer_id is null')}
     union all
     ${select('pr.customer_type_id is null and pr.customer_id = x.cu')}`,
    [JSON.stringify(records.map(({ p, b, f, t, cu }) => ({ p, b, f, t, cu })))],
  );
  return new Map(rows.map(({ k, ...s }) => [k, s]));
}

/** What a file did to the stored prices it left out (or whose lines were refused). */
export function pricesNotes(removed: number, held: number, preview: boolean): string[] {
  const prices = (n: number) => (n === 1 ? 'One price' : `${n.toLocaleString('en-US')} prices`);
  const notes: string[] = [];
  if (removed) {
    const are = removed === 1 ? 'is' : 'are';
    notes.push(
      preview
        ? `${prices(removed)} of a period that has not ended ${are} not in this file, or ${removed === 1 ? 'its line is' : 'their lines are'} rejected: applying this file will remove ${removed === 1 ? 'it' : 'them'} (each file replaces the prices of the periods that have not ended)`
        : `${prices(removed)} of a period that has not ended ${are} not in this file, or ${removed === 1 ? 'its line was' : 'their lines were'} rejected: ${removed === 1 ? 'it was' : 'they were'} removed (each file replaces the prices of the periods that have not ended)`,
    );
  }
  if (held) {
    notes.push(
      `${prices(held)} of a period that has started ${held === 1 ? 'is' : 'are'} not in this file, or ${held === 1 ? 'its line is' : 'their lines are'} rejected: ${held === 1 ? 'it stays' : 'they stay'} as posted (PRICE_POST_AND_HOLD)`,
    );
  }
  return notes;
}

/**
 * Prices import (design.md 8.4, decision 073): each file is the price book and replaces the
 * prices of the periods that have not ended; a period that has ended stays, for the invoices'
 * check against what was posted. Each batch upserts its lines by (level, product, break, from
 * date), and once the whole file is read the rows it did not apply are deleted, all in the
 * import's one transaction. With PRICE_POST_AND_HOLD, a line for a period that has started
 * (from date today or earlier, in BUSINESS_TZ) is refused unless it is the price as posted, and
 * such periods' rows stay when the file leaves them out.
 */
export const priceImport: ImportDefinition<PriceFileRow> = {
  kind: 'Prices',
  columns: PRICE_COLUMNS,
  minColumns: PRICE_MIN_COLUMNS,
  headerNames: PRICE_HEADER_NAMES,
  parse: parsePriceLine,
  // Price books are written a level at a time: the keys of one level are remembered at a time (decision 030).
  recordKey: (r) => ({
    key: `Level ${levelText(r)}, Code ${r.code}, Break ${r.minCases}, From ${formatUsDate(r.fromDate)}`,
    scope: levelText(r),
  }),
  preview: {
    keyOf: (r) => `${levelText(r)}\t${r.code}\t${r.minCases}\t${r.fromDate}`,
    async snapshot(q, rows) {
      return toSnapshot(
        await q.query(
          `select coalesce('T' || pr.customer_type_id, lpad(c.company_id::text, 4, '0')) || chr(9) || p.code
               || chr(9) || pr.min_cases || chr(9) || to_char(pr.from_date, 'YYYY-MM-DD') as k,
             to_char(pr.case_price / 100.0, 'FM99999990.00') as "CasePrice",
             to_char(pr.unit_price / 100.0, 'FM99999990.00') as "UnitPrice",
             to_char(pr.deposit_per_case / 100.0, 'FM99999990.00') as "DepositPerCase",
             to_char(pr.to_date, 'YYYY-MM-DD') as "ToDate"
           from json_to_recordset($1::json) as x(t integer, co integer, code text, b integer, f date)
           join products p on p.code = x.code
           join prices pr on pr.product_id = p.id and pr.min_cases = x.b and pr.from_date = x.f
           left join customers c on c.id = pr.customer_id
           where pr.customer_type_id = x.t or c.company_id = x.co`,
          [
            keysParam(
              rows,
              (r) => `${levelText(r)}\t${r.code}\t${r.minCases}\t${r.fromDate}`,
              (r) => ({ t: r.typeId, co: r.companyId, code: r.code, b: r.minCases, f: r.fromDate }),
            ),
          ],
        ),
      );
    },
  },
  async open(q, env) {
    const [customerIds, products, types] = [
      await loadCustomerIds(q),
      await loadProducts(q),
      await q.query<{ id: number }>('select id from customer_types'),
    ];
    const lookups: PriceLookups = { typeIds: new Set(types.map((t) => t.id)), customerIds, products };
    const today = businessToday(env.now, env.businessTz);
    const hold = env.pricePostAndHold ? { today } : null;
    // The rows this file applied (written or unchanged), for the delete at the end: in the
    // database, not in the server's memory (a price book has hundreds of thousands of rows).
    await q.query('create temp table prices_applied (id integer not null) on commit drop');
    let removed = 0;
    let held = 0;
    return {
      notes: (preview) => pricesNotes(removed, held, preview),
      async write(rows) {
        const resolved = resolvePrices(rows, lookups, env);
        const stored = resolved.records.length ? await storedPrices(q, resolved.records) : new Map();
        const plan = planPrices(resolved.records, stored, hold);
        if (plan.write.length || plan.keptIds.length) {
          await q.query(
            `with up as (
               insert into prices (customer_type_id, customer_id, product_id, min_cases, from_date, to_date,
                 case_price, unit_price, deposit_per_case)
               select t, cu, p, b, f, e, cp, up, d
               from json_to_recordset($1::json) as x(t integer, cu integer, p integer, b integer, f date,
                 e date, cp integer, up integer, d integer)
               on conflict on constraint prices_key do update set
                 to_date = excluded.to_date, case_price = excluded.case_price,
                 unit_price = excluded.unit_price, deposit_per_case = excluded.deposit_per_case
               returning id)
             insert into prices_applied (id)
             select id from up union all select value::integer from json_array_elements_text($2::json)`,
            [JSON.stringify(plan.write.map(({ line: _, ...r }) => r)), JSON.stringify(plan.keptIds)],
          );
        }
        return { ...plan.counts, rejected: [...resolved.rejected, ...plan.rejected] };
      },
      async finish() {
        ({ removed, held } = await replacePrices(q, today, hold !== null));
      },
    };
  },
};

/**
 * Deletes the rows of periods that have not ended (to date today or later, or none) that the
 * file did not apply (not in `prices_applied`); with price posting, not those that have
 * started. Counts both.
 */
async function replacePrices(
  q: SqlRunner,
  today: string,
  hold: boolean,
): Promise<{ removed: number; held: number }> {
  const [r] = await q.query<{ removed: number; held: number }>(
    `with left_out as (
       select pr.id, pr.from_date <= $1::date as started from prices pr
       where (pr.to_date is null or pr.to_date >= $1::date)
         and not exists (select 1 from prices_applied a where a.id = pr.id)),
     gone as (
       delete from prices where id in (select id from left_out where not ($2 and started)) returning 1)
     select (select count(*) from gone)::int as removed,
       (select count(*) from left_out where $2 and started)::int as held`,
    [today, hold],
  );
  return r!;
}
