import {
  CUSTOMER_ITEM_COLUMNS,
  CUSTOMER_ITEM_HEADER_NAMES,
  type CustomerItemRow,
  parseCustomerItemLine,
} from './customer-item.parser.js';
import { keysParam, toSnapshot } from './import-changes.js';
import {
  loadCustomerIds,
  loadProducts,
  unknownCustomerMessage,
  unknownProductMessage,
} from './import-lookups.js';
import type { WriterRejection } from './import-runner.js';
import { countedUpsert, type ImportDefinition, lastByKey } from './import-runner.js';

/**
 * Customer items import: the products each customer may order (`customer_products`),
 * an upsert by (CompanyId, product code). A line naming a customer or product this site
 * does not know is rejected.
 */
export const customerItemImport: ImportDefinition<CustomerItemRow> = {
  kind: 'CustomerItems',
  columns: CUSTOMER_ITEM_COLUMNS,
  headerNames: CUSTOMER_ITEM_HEADER_NAMES,
  parse: parseCustomerItemLine,
  recordKey: (r) => ({ key: `Company Id ${r.companyId} with code ${r.code}` }),
  preview: {
    keyOf: (r) => `${r.companyId}\t${r.code}`,
    async snapshot(q, rows) {
      return toSnapshot(
        await q.query(
          `select c.company_id || E'\\t' || p.code as k, to_char(cp.start_date, 'YYYY-MM-DD') as "StartDate",
             to_char(cp.end_date, 'YYYY-MM-DD') as "EndDate", cp.order_no as "OrderNo"
           from customer_products cp
             join customers c on c.id = cp.customer_id join products p on p.id = cp.product_id
           where (c.company_id, p.code) in (select (x->>0)::integer, x->>1 from json_array_elements($1::json) x)`,
          [
            keysParam(
              rows,
              (r) => `${r.companyId}\t${r.code}`,
              (r) => [r.companyId, r.code],
            ),
          ],
        ),
      );
    },
  },
  async open(q) {
    const customerIds = await loadCustomerIds(q);
    const products = await loadProducts(q);
    return {
      notes: () => [],
      async write(rows) {
        const rejected: WriterRejection[] = [];
        const links: { line: number; customerId: number; productId: number; row: CustomerItemRow }[] = [];
        for (const row of rows) {
          const customerId = customerIds.get(row.companyId);
          const product = products.get(row.code);
          if (customerId === undefined || !product) {
            const problems = [
              customerId === undefined ? unknownCustomerMessage(row.companyId) : null,
              product ? null : unknownProductMessage(row.code),
            ];
            rejected.push({ Line: row.line, Message: problems.filter(Boolean).join('; ') });
          } else {
            links.push({ line: row.line, customerId, productId: product.id, row });
          }
        }
        const unique = lastByKey(links, (l) => `${l.customerId}:${l.productId}`).map((l) => ({
          c: l.customerId,
          p: l.productId,
          s: l.row.startDate,
          e: l.row.endDate,
          o: l.row.orderNo,
        }));
        const counts = await countedUpsert(
          q,
          `insert into customer_products (customer_id, product_id, start_date, end_date, order_no)
           select c, p, s, e, o from json_to_recordset($1::json) as x(c integer, p integer, s date, e date, o integer)
           on conflict (customer_id, product_id) do update set
             start_date = excluded.start_date, end_date = excluded.end_date, order_no = excluded.order_no
           where (customer_products.start_date, customer_products.end_date, customer_products.order_no)
             is distinct from (excluded.start_date, excluded.end_date, excluded.order_no)
           returning (xmax = 0) as inserted`,
          [JSON.stringify(unique)],
        );
        const { inserted, updated } = counts;
        return { inserted, updated, unchanged: links.length - inserted - updated, rejected };
      },
    };
  },
};
