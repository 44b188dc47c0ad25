import { keysParam, toSnapshot } from './import-changes.js';
import { countedUpsert, type ImportDefinition, lastByKey } from './import-runner.js';
import { ITEM_COLUMNS, ITEM_HEADER_NAMES, type ItemRow, parseItemLine } from './item.parser.js';

/**
 * Items import: an upsert by product code. A product's Active flag is not in the file, so
 * a new product starts active and an existing one keeps its flag.
 */
export const itemImport: ImportDefinition<ItemRow> = {
  kind: 'Items',
  columns: ITEM_COLUMNS,
  headerNames: ITEM_HEADER_NAMES,
  parse: parseItemLine,
  recordKey: (r) => ({ key: `Code ${r.code}` }),
  preview: {
    keyOf: (r) => r.code,
    async snapshot(q, rows) {
      return toSnapshot(
        await q.query(
          `select code as k, description as "Description", units as "Units", type as "Type",
             is_case_only as "IsCaseOnly", unit_uom as "UnitUom", case_uom as "CaseUom"
           from products where code in (select json_array_elements_text($1::json))`,
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
  async open(q) {
    return {
      notes: () => [],
      async write(rows) {
        const unique = lastByKey(rows, (r) => r.code);
        const counts = await countedUpsert(
          q,
          `insert into products (code, description, units, type, is_case_only, unit_uom, case_uom)
           select code, description, units, type, "isCaseOnly", "unitUom", "caseUom"
           from json_to_recordset($1::json) as x(code text, description text, units integer, type smallint,
             "isCaseOnly" boolean, "unitUom" text, "caseUom" text)
           on conflict (code) do update set
             description = excluded.description, units = excluded.units, type = excluded.type,
             is_case_only = excluded.is_case_only, unit_uom = excluded.unit_uom, case_uom = excluded.case_uom
           where (products.description, products.units, products.type, products.is_case_only,
                  products.unit_uom, products.case_uom)
             is distinct from (excluded.description, excluded.units, excluded.type, excluded.is_case_only,
                  excluded.unit_uom, excluded.case_uom)
           returning (xmax = 0) as inserted`,
          [JSON.stringify(unique)],
        );
        return { ...counts, unchanged: rows.length - counts.inserted - counts.updated, rejected: [] };
      },
    };
  },
};
