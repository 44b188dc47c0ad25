import { addDays } from '../../../domain/business-date.js';
import {
  AVERAGE_DAYS,
  buildOrderGuide,
  type GuideLine,
  type GuideProduct,
  TIMES_ORDERED_DATES,
} from '../../../domain/order-guide.js';
import type { OrderGuide } from '../../../domain/order-guide.schema.js';
import type { Database } from '../../db/client.js';
import { runStatement, type Statement } from '../orders/statements.js';

/**
 * What the guide needs, in one statement ($1 customer, $2 today, $3 the delivery date ordered
 * for, $4 the first day of the average): the products the order form offers for $3 (design.md
 * 5.2: active, linked, the link's dates containing it), the customer's order lines, web and
 * imported, from the older of the 8th most recent delivery date and the first day of the
 * average up to yesterday (all the rules look at, and no more: a year of history stays in the
 * database), and the saved pars. Both reads of orders go through
 * orders_customer_delivery_date_idx, and the lines through order_lines_order_code_key. Rows
 * are JSON arrays, not objects: a guide of 1,500 products parses faster without 1,500 copies
 * of the keys. No row when the customer does not exist.
 */
const guideStatement: Statement = {
  name: 'order-guide',
  text: `
with recent as (
  select distinct delivery_date from orders
  where customer_id = $1 and delivery_date < $2::text::date
  order by delivery_date desc
  limit ${TIMES_ORDERED_DATES}
)
select
  (select coalesce(json_agg(json_build_array(p.code, p.description, p.units, p.is_case_only)), '[]')
    from customer_products cp
    join products p on p.id = cp.product_id
    where cp.customer_id = c.id and p.is_active
      and (cp.start_date is null or cp.start_date <= $3::text::date)
      and (cp.end_date is null or cp.end_date >= $3::text::date)
  ) as products,
  (select coalesce(json_agg(json_build_array(to_char(o.delivery_date, 'YYYY-MM-DD'), ol.code,
      ol.case_quantity, ol.unit_quantity)), '[]')
    from orders o
    join order_lines ol on ol.order_id = o.id
    where o.customer_id = c.id and o.delivery_date < $2::text::date
      and o.delivery_date >= least((select min(delivery_date) from recent), $4::text::date)
  ) as lines,
  (select coalesce(json_agg(json_build_array(cp.code, cp.par)), '[]')
    from customer_pars cp where cp.customer_id = c.id
  ) as pars
from customers c
where c.id = $1`,
};

interface GuideRow {
  products: [string, string, number, boolean][];
  lines: [string, string, number, number][];
  pars: [string, number][];
}

/**
 * The customer's order guide (design.md 7.1) for an order delivered on `deliveryDate`, its
 * history counted back from `today`; undefined when there is no such customer.
 */
export async function orderGuide(
  database: Database,
  customerId: number,
  today: string,
  deliveryDate: string,
): Promise<OrderGuide | undefined> {
  const [row] = await runStatement<GuideRow>(database, guideStatement, [
    customerId,
    today,
    deliveryDate,
    addDays(today, -AVERAGE_DAYS),
  ]);
  if (!row) return undefined;
  const products = row.products.map(
    ([Code, Description, UnitsPerCase, CaseOnly]): GuideProduct => ({
      Code,
      Description,
      UnitsPerCase,
      CaseOnly,
    }),
  );
  const lines = row.lines.map(
    ([DeliveryDate, Code, CaseQuantity, UnitQuantity]): GuideLine => ({
      DeliveryDate,
      Code,
      CaseQuantity,
      UnitQuantity,
    }),
  );
  return buildOrderGuide({ today, products, lines, pars: new Map(row.pars) });
}
