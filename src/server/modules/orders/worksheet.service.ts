import { businessToday } from '../../../domain/business-date.js';
import { WORKSHEET_DATES } from '../../../domain/order-view.schema.js';
import type { Database } from '../../db/client.js';
import type { CustomerWithAnswer } from './orders.service.js';
import { customerColumnsSql, runStatement, type Statement } from './statements.js';

/**
 * The worksheet in one statement: the customer (so the caller can check the account in the
 * same round trip) and the answer: the 5 most recent delivery dates before today ($2), and
 * the customer's active products, each with the cases ordered on those dates, web and
 * imported orders alike. A date with no cases for a product is absent from its `Products`.
 */
const worksheetStatement: Statement = {
  name: 'worksheet',
  text: `
with dates as (
  select distinct delivery_date from orders
  where customer_id = $1 and delivery_date < $2::text::date
  order by delivery_date desc
  limit ${WORKSHEET_DATES}
),
cases as (
  select s.code, json_object_agg(to_char(s.delivery_date, 'YYYY-MM-DD'), s.cases) as by_date
  from (
    select ol.code, o.delivery_date, sum(ol.case_quantity) as cases
    from orders o
    join order_lines ol on ol.order_id = o.id
    where o.customer_id = $1 and o.delivery_date in (select delivery_date from dates)
    group by ol.code, o.delivery_date
    having sum(ol.case_quantity) > 0
  ) s
  group by s.code
)
select ${customerColumnsSql},
  json_build_object(
    'CustomerId', c.id, 'CompanyId', c.company_id, 'CompanyName', c.name, 'Today', $2::text,
    'DeliveryDates', coalesce((select json_agg(delivery_date order by delivery_date) from dates), '[]'),
    'Orders', coalesce((
      select json_agg(json_build_object(
        'Code', p.code, 'Description', p.description, 'UnitsPerCase', p.units, 'IsCaseOnly', p.is_case_only,
        'Products', coalesce(cases.by_date, '{}')
      ) order by cp.order_no, p.description)
      from customer_products cp
      join products p on p.id = cp.product_id
      left join cases on cases.code = p.code
      where cp.customer_id = c.id and p.is_active
    ), '[]')
  )::text as answer
from customers c
where c.id = $1`,
};

/**
 * The customer and their worksheet answer (design.md 5.4) as JSON text, built by PostgreSQL
 * and sent as it is (see GET Orders); undefined when there is no such customer. `now` and
 * `tz` make "before today" the business day.
 */
export async function customerWithWorksheet(
  database: Database,
  customerId: number,
  now: Date,
  tz: string,
): Promise<CustomerWithAnswer | undefined> {
  const [row] = await runStatement<CustomerWithAnswer>(database, worksheetStatement, [
    customerId,
    businessToday(now, tz),
  ]);
  return row;
}
