import { businessToday } from '../../../domain/business-date.js';
import { OrderStatus } from '../../../domain/enums.js';
import { WORKSHEET_DATES } from '../../../domain/order-view.schema.js';
import type { Database } from '../../db/client.js';
import type { CustomerRow } from '../../plugins/auth.js';
import { customerColumnsSql, runStatement, type Statement } from './statements.js';

/**
 * The worksheet in one statement: the customer (so the caller can check the account in the
 * same round trip) and the answer: the 5 most recent delivery dates before today ($2), and
 * the products the customer may order today as the order form offers them (design.md 5.2:
 * active, linked, the link's dates containing today), each with the cases ordered on those
 * dates, web and imported orders alike (a cancelled order counts for nothing: design.md 7.10),
 * in the link's order. After them, marked
 * `IsOffered: false`, the products the customer may no longer order that appear in those
 * dates (a link that ended, a product made inactive, an item only the ERP knows): the sheet
 * keeps their history but never offers them (issue 17, item 3). A date with no cases for a
 * product is absent from its `Products`. Each row carries the customer's saved par of its
 * code, or null (design.md 7.1), and the spec's Cases and Units (section 3), empty: the sheet's
 * counts are typed on paper or on the screen, never stored.
 */
const worksheetStatement: Statement = {
  name: 'worksheet',
  text: `
with dates as (
  select distinct delivery_date from orders
  where customer_id = $1 and delivery_date < $2::text::date and status <> ${OrderStatus.Cancelled}
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
      and o.status <> ${OrderStatus.Cancelled}
    group by ol.code, o.delivery_date
    having sum(ol.case_quantity) > 0
  ) s
  group by s.code
),
offered as (
  select p.code, p.description, p.units, p.is_case_only, cp.order_no
  from customer_products cp
  join products p on p.id = cp.product_id
  where cp.customer_id = $1 and p.is_active
    and (cp.start_date is null or cp.start_date <= $2::text::date)
    and (cp.end_date is null or cp.end_date >= $2::text::date)
),
rows as (
  select 0 as rank, o.order_no, o.description, json_build_object(
      'Code', o.code, 'Description', o.description, 'UnitsPerCase', o.units, 'IsCaseOnly', o.is_case_only,
      'IsOffered', true, 'Products', coalesce(cases.by_date, '{}'), 'Par', cp.par,
      'Cases', null, 'Units', null) as row
  from offered o
  left join cases on cases.code = o.code
  left join customer_pars cp on cp.customer_id = $1 and cp.code = o.code
  union all
  -- No longer offered: described as the catalogue does, or, for an item it does not know, as
  -- the customer's latest order line of it does.
  select 1, 0, coalesce(p.description, l.description), json_build_object(
      'Code', cases.code, 'Description', coalesce(p.description, l.description),
      'UnitsPerCase', coalesce(p.units, l.units_per_case), 'IsCaseOnly', coalesce(p.is_case_only, l.is_case_only),
      'IsOffered', false, 'Products', cases.by_date, 'Par', cp.par, 'Cases', null, 'Units', null)
  from cases
  left join products p on p.code = cases.code
  left join customer_pars cp on cp.customer_id = $1 and cp.code = cases.code
  left join lateral (
    select ol.description, ol.units_per_case, ol.is_case_only
    from orders o join order_lines ol on ol.order_id = o.id
    where o.customer_id = $1 and ol.code = cases.code
    order by o.delivery_date desc, o.id desc
    limit 1
  ) l on true
  where cases.code not in (select code from offered)
)
select ${customerColumnsSql},
  json_build_object(
    'CustomerId', c.id, 'CompanyId', c.company_id, 'CompanyName', c.name, 'Today', $2::text,
    'DeliveryDates', coalesce((select json_agg(delivery_date order by delivery_date) from dates), '[]'),
    'Orders', coalesce((select json_agg(row order by rank, order_no, description) from rows), '[]')
  )::text as answer
from customers c
where c.id = $1`,
};

/** A customer's row and the text of an answer about them (a `Worksheet` here). */
export type CustomerWithAnswer = CustomerRow & { answer: string };

/**
 * The customer and their worksheet answer (design.md 5.4) as JSON text, built by PostgreSQL
 * and sent as it is; undefined when there is no such customer. `now` and
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
