import {
  AVAILABILITY_COLUMNS,
  AVAILABILITY_HEADER_NAMES,
  AVAILABILITY_MIN_COLUMNS,
  type AvailabilityRow,
  parseAvailabilityLine,
} from './availability.parser.js';
import { keysParam, toSnapshot } from './import-changes.js';
import { loadProductIds, unknownProductMessage } from './import-lookups.js';
import type { WriterRejection } from './import-runner.js';
import { countedUpsert, type ImportDefinition, lastByKey } from './import-runner.js';
import type { SqlRunner } from './sql-runner.js';

/** A line's row as the table takes it: product ids instead of codes. */
export interface AvailabilityRecord {
  p: number;
  st: string;
  c: number | null;
  e: string | null;
  s: number | null;
}

/**
 * The lines whose item and substitute this site knows, as records; the others refused with
 * every problem at once, in the customer items file's words ('Product X does not exist').
 */
export function resolveAvailability(
  rows: AvailabilityRow[],
  productIds: ReadonlyMap<string, number>,
): { records: AvailabilityRecord[]; rejected: WriterRejection[] } {
  const records: AvailabilityRecord[] = [];
  const rejected: WriterRejection[] = [];
  for (const row of rows) {
    const product = productIds.get(row.code);
    const substitute = row.substituteCode === null ? null : productIds.get(row.substituteCode);
    if (product === undefined || substitute === undefined) {
      const problems = [
        product !== undefined ? null : unknownProductMessage(row.code),
        substitute === undefined ? `Substitute ${unknownProductMessage(row.substituteCode!)}` : null,
      ];
      rejected.push({ Line: row.line, Message: problems.filter(Boolean).join('; ') });
      continue;
    }
    records.push({
      p: product,
      st: row.status,
      c: row.cases,
      e: row.expectedDate,
      s: substitute,
    });
  }
  return { records, rejected };
}

/** What a file did to the items the last file named and this one does not (or whose lines were refused). */
export const removedAvailabilityNote = (n: number, preview = false) => {
  const items = n === 1 ? 'One item' : `${n} items`;
  return preview
    ? `${items} of the last availability file ${n === 1 ? 'is' : 'are'} not in this one, or ${n === 1 ? 'its line is' : 'their lines are'} rejected: applying this file will make ${n === 1 ? 'its' : 'their'} availability unknown (each file replaces the last)`
    : `${items} of the last availability file ${n === 1 ? 'is' : 'are'} not in this one, or ${n === 1 ? 'its line was' : 'their lines were'} rejected: ${n === 1 ? 'its' : 'their'} availability is now unknown (each file replaces the last)`;
};

/**
 * Availability import (design.md 8.3, decision 070): each file replaces the last. In the
 * import's one transaction, each batch upserts its lines by product (so the counts and the
 * preview's Changes compare with the last file), and once the whole file is read the rows of
 * the items it did not apply are deleted and the file's time is kept in `availability_file`.
 * The end state is the last file's accepted lines and nothing else, as if every row had been
 * deleted first; a file the runner refuses as a whole (empty, every line wrong) is rolled back
 * and leaves the last file's stock as it was.
 */
export const availabilityImport: ImportDefinition<AvailabilityRow> = {
  kind: 'Availability',
  columns: AVAILABILITY_COLUMNS,
  minColumns: AVAILABILITY_MIN_COLUMNS,
  headerNames: AVAILABILITY_HEADER_NAMES,
  parse: parseAvailabilityLine,
  recordKey: (r) => ({ key: `Code ${r.code}` }),
  preview: {
    keyOf: (r) => r.code,
    async snapshot(q, rows) {
      return toSnapshot(
        await q.query(
          `select p.code as k, a.status as "Status", a.cases as "Cases",
             to_char(a.expected_date, 'YYYY-MM-DD') as "ExpectedDate", s.code as "SubstituteCode"
           from availability a join products p on p.id = a.product_id
             left join products s on s.id = a.substitute_id
           where p.code in (select json_array_elements_text($1::json))`,
          [
            keysParam(
              rows,
              (r) => r.code,
              (r) => r.code,
            ),
          ],
        ),
      );
    },
  },
  async open(q, env) {
    const productIds = await loadProductIds(q);
    // The products this file applied: catalogue-sized, as the items file's repeated keys are.
    const applied = new Set<number>();
    let removed = 0;
    return {
      notes: (preview) => (removed ? [removedAvailabilityNote(removed, preview)] : []),
      async write(rows) {
        const { records, rejected } = resolveAvailability(rows, productIds);
        for (const r of records) applied.add(r.p);
        const counts = await countedUpsert(
          q,
          `insert into availability (product_id, status, cases, expected_date, substitute_id)
           select p, st, c, e, s from json_to_recordset($1::json) as x(p integer, st text, c integer, e date, s integer)
           on conflict (product_id) do update set
             status = excluded.status, cases = excluded.cases,
             expected_date = excluded.expected_date, substitute_id = excluded.substitute_id
           where (availability.status, availability.cases, availability.expected_date, availability.substitute_id)
             is distinct from (excluded.status, excluded.cases, excluded.expected_date, excluded.substitute_id)
           returning (xmax = 0) as inserted`,
          [JSON.stringify(lastByKey(records, (r) => r.p))],
        );
        const { inserted, updated } = counts;
        return { inserted, updated, unchanged: records.length - inserted - updated, rejected };
      },
      async finish() {
        removed = await replaceLastFile(q, applied, env.now);
      },
    };
  },
};

/** Deletes the rows of the products the file did not apply and keeps when it was applied; how many rows went. */
async function replaceLastFile(q: SqlRunner, applied: Set<number>, now: Date): Promise<number> {
  const [gone] = await q.query<{ n: number }>(
    `with gone as (
       delete from availability
       where product_id not in (select value::integer from json_array_elements_text($1::json))
       returning 1)
     select count(*)::int as n from gone`,
    [JSON.stringify([...applied])],
  );
  await q.query(
    `insert into availability_file (id, applied_at) values (1, $1)
     on conflict (id) do update set applied_at = excluded.applied_at`,
    [now.toISOString()],
  );
  return gone!.n;
}
