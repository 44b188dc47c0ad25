import { isIsoDate } from '../../../domain/business-date.js';
import type { CustomerTypeRules, OrderableProduct } from '../../../domain/order.schema.js';
import type { Database } from '../../db/client.js';
import type { CustomerRow } from '../../plugins/auth.js';
import { customerColumnsSql, runStatement, type Statement } from './statements.js';

/** The read before an order's rules (POST and PUT Order, decision 017): one statement. */

/**
 * Everything POST Order reads, in one statement: the customer (for the account check), their
 * customer type's rules, the Web Conf # and body hash of an earlier order with the same
 * Idempotency-Key ($2, null when none was sent; the unique index allows one), and which of the codes the body asks for ($4) they may order for
 * the delivery date ($3, null when it is not a date; design.md 5.2): linked to the customer,
 * active, and the link's start and end dates containing the date. A code not returned is
 * one the customer may not order. And the name of the delivery date's holiday, if it has one
 * (design.md 7.2): the rule needs no other date's.
 */
const orderContextStatement: Statement = {
  name: 'order_context',
  text: `
select ${customerColumnsSql},
  t.id as "typeId", t.lead_hours as "leadHours", t.cutoff_hours as "cutoffHours",
  t.cutoff_minutes as "cutoffMinutes", t.minimum_cases as "minimumCases",
  f.order_num as "firstOrderNum", f.idempotency_body_hash as "firstBodyHash",
  (select h.name from holidays h where h.date = $3::date) as "holidayName",
  case when $3::date is null then '[]'::json else coalesce((
    select json_agg(json_build_array(p.id, p.code, p.description, p.units, p.is_case_only))
    from customer_products cp
    join products p on p.id = cp.product_id
    where cp.customer_id = c.id and p.is_active and p.code = any($4::text[])
      and (cp.start_date is null or cp.start_date <= $3::date)
      and (cp.end_date is null or cp.end_date >= $3::date)
  ), '[]') end as products
from customers c
left join customer_types t on t.id = c.customer_type_id
left join orders f on f.customer_id = c.id and f.idempotency_key = $2::text
where c.id = $1`,
};

export type OrderableProducts = Map<string, OrderableProduct & { ProductId: number; Description: string }>;

export interface OrderContext {
  customer: CustomerRow;
  /** Null when the customer's type does not exist (a broken import). */
  type: CustomerTypeRules | null;
  /** The Web Conf # of the order already placed with this Idempotency-Key. */
  firstOrderNum: string | null;
  /** The hash of the body that order was placed with (null for one placed before hashes). */
  firstBodyHash: string | null;
  products: OrderableProducts;
  /** The delivery date's holiday, date to name (empty when it has none). */
  holidays: Map<string, string>;
}

type OrderContextRow = CustomerRow & {
  typeId: number | null;
  leadHours: number;
  cutoffHours: number;
  cutoffMinutes: number;
  minimumCases: number;
  firstOrderNum: string | null;
  firstBodyHash: string | null;
  holidayName: string | null;
  products: [id: number, code: string, description: string, units: number, isCaseOnly: boolean][];
};

/** What POST Order needs to know before it validates; undefined when there is no such customer. */
export async function orderContext(
  database: Database,
  customerId: number,
  idempotencyKey: string | null,
  deliveryDate: unknown,
  codes: string[],
): Promise<OrderContext | undefined> {
  const date = isIsoDate(deliveryDate) ? deliveryDate : null;
  const [row] = await runStatement<OrderContextRow>(database, orderContextStatement, [
    customerId,
    idempotencyKey,
    date,
    codes,
  ]);
  if (!row) return undefined;
  const {
    typeId,
    leadHours,
    cutoffHours,
    cutoffMinutes,
    minimumCases,
    firstOrderNum,
    firstBodyHash,
    holidayName,
    products,
    ...customer
  } = row;
  const map: OrderableProducts = new Map();
  for (const [id, code, description, units, isCaseOnly] of products) {
    map.set(code, { ProductId: id, Description: description, UnitsPerCase: units, IsCaseOnly: isCaseOnly });
  }
  return {
    customer,
    type:
      typeId === null
        ? null
        : {
            Id: typeId,
            LeadHours: leadHours,
            CutoffHours: cutoffHours,
            CutoffMinutes: cutoffMinutes,
            MinimumCases: minimumCases,
          },
    firstOrderNum,
    firstBodyHash,
    products: map,
    holidays: new Map(date !== null && holidayName !== null ? [[date, holidayName]] : []),
  };
}
