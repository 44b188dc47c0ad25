import {
  type AvailabilityStatus,
  DEFAULT_SUBSTITUTION,
  type Substitution,
} from '../../../domain/availability.js';
import { addDays } from '../../../domain/business-date.js';
import { pricesOn } from '../../../domain/order-estimate.js';
import {
  AVERAGE_DAYS,
  buildOrderGuide,
  type GuideLine,
  type PricedGuideProduct,
  TIMES_ORDERED_DATES,
} from '../../../domain/order-guide.js';
import { priceFields } from '../../../domain/prices.schema.js';
import type { Database } from '../../db/client.js';
import { type PriceRowJson, priceRowsByCode } from '../orders/order-prices.js';
import { runStatement } from '../orders/statements.js';

/**
 * What the guide needs, in one statement ($1 customer, $2 today, $3 the delivery date ordered
 * for, $4 the first day of the average): the customer's order lines, web and imported, from
 * the older of the 8th most recent delivery date and the first day of the average up to
 * yesterday, cancelled orders (Status 3, design.md 7.10) and returns (credits the ERP's file
 * gave, issue 43: not purchases) left out (all the rules look at, and no more: a year of history stays in the database);
 * the saved pars; the posted prices of the products named whose period holds $3 (design.md 8.4,
 * at the customer's own level and its type's); and, of the products the order form offers for $3 (design.md 5.2: active,
 * linked, the link's dates containing it), those two name, looked up by code and link (the
 * unique indexes of products.code and customer_products): the guide lists only products with
 * a figure (decision 046), so a catalogue of 1,500 costs what the customer's usual hundred do.
 * Both reads of orders go through orders_customer_delivery_date_idx, and the lines through
 * order_lines_order_code_key. Rows are JSON arrays, not objects: they parse faster without a
 * copy of the keys in each. The lines come as four columns (dates, codes, cases, units): one
 * json_agg of a plain value per column costs PostgreSQL less than a json_build_array per line
 * (bench/notes/order-guide.md; a date goes out as 'YYYY-MM-DD').
 * No row when the customer does not exist.
 */
const guideStatement = `
with recent as (
  select distinct delivery_date from orders o
  where customer_id = $1 and delivery_date < $2::text::date and status <> 3
    and exists (select 1 from order_lines ol where ol.order_id = o.id and not ol.is_return)
  order by delivery_date desc
  limit ${TIMES_ORDERED_DATES}
), lines as (
  select o.delivery_date, ol.code, ol.case_quantity, ol.unit_quantity
  from orders o
  join order_lines ol on ol.order_id = o.id
  where o.customer_id = $1 and o.delivery_date < $2::text::date and o.status <> 3 and not ol.is_return
    and o.delivery_date >= least((select min(delivery_date) from recent), $4::text::date)
), pars as (
  select code, par from customer_pars where customer_id = $1
)
select
  (select coalesce(json_agg(json_build_array(p.code, p.description, p.units, p.is_case_only,
      a.status, a.cases, a.expected_date, s.code, s.description, cs.preference)), '[]')
    from (select code from lines union select code from pars) named
    join products p on p.code = named.code
    join customer_products cp on cp.customer_id = c.id and cp.product_id = p.id
    left join availability a on a.product_id = p.id
    left join products s on s.id = a.substitute_id
    left join customer_substitutions cs on cs.customer_id = c.id and cs.code = p.code
    where p.is_active
      and (cp.start_date is null or cp.start_date <= $3::text::date)
      and (cp.end_date is null or cp.end_date >= $3::text::date)
  ) as products,
  (select json_build_array(coalesce(json_agg(l.delivery_date), '[]'), coalesce(json_agg(l.code), '[]'),
      coalesce(json_agg(l.case_quantity), '[]'), coalesce(json_agg(l.unit_quantity), '[]'))
    from lines l
  ) as lines,
  (select coalesce(json_agg(json_build_array(code, par)), '[]') from pars) as pars,
  (select json_agg(json_build_array(p.code, pr.customer_id is not null, pr.min_cases, pr.from_date,
      pr.to_date, pr.case_price, pr.unit_price, pr.deposit_per_case))
    from (select code from lines union select code from pars) named
    join products p on p.code = named.code
    join prices pr on pr.product_id = p.id
    where (pr.customer_id = c.id or pr.customer_type_id = c.customer_type_id)
      and pr.from_date <= $3::text::date and (pr.to_date is null or pr.to_date >= $3::text::date)
  ) as prices,
  (select applied_at from availability_file where id = 1) as stock_as_of
from customers c
where c.id = $1`;

type AvailabilityColumns = [
  AvailabilityStatus | null,
  number | null,
  string | null,
  string | null,
  string | null,
  Substitution | null,
];

interface GuideRow {
  /** The product, then its availability and the customer's preference (nulls when none). */
  products: [string, string, number, boolean, ...AvailabilityColumns][];
  /** Delivery dates, codes, cases and units: one entry per line in each, in the same order. */
  lines: [string[], string[], number[], number[]];
  pars: [string, number][];
  /** The posted prices of the named products whose period holds the delivery date (8.4). */
  prices: PriceRowJson[] | null;
  stock_as_of: Date | string | null;
}

/**
 * The customer's order guide (design.md 7.1) for an order delivered on `deliveryDate`, its
 * history counted back from `today`, as the JSON text to send; undefined when there is no such
 * customer. Built on every request: design.md section 8's load needs no cache. Each product
 * carries its price on the delivery date (design.md 8.4), its rows read in the same statement.
 */
export async function orderGuideJson(
  database: Database,
  customerId: number,
  today: string,
  deliveryDate: string,
): Promise<string | undefined> {
  const [row] = await runStatement<GuideRow>(database, guideStatement, [
    customerId,
    today,
    deliveryDate,
    addDays(today, -AVERAGE_DAYS),
  ]);
  if (!row) return undefined;
  const prices = pricesOn(priceRowsByCode(row.prices), deliveryDate);
  const products = row.products.map(
    ([Code, Description, UnitsPerCase, CaseOnly, ...stock]): PricedGuideProduct => ({
      Code,
      Description,
      UnitsPerCase,
      CaseOnly,
      ...availabilityOf(stock),
      ...priceFields(prices.get(Code)),
    }),
  );
  const [dates, codes, cases, units] = row.lines;
  const lines = dates.map(
    (DeliveryDate, i): GuideLine => ({
      DeliveryDate,
      Code: codes[i]!,
      CaseQuantity: cases[i]!,
      UnitQuantity: units[i]!,
    }),
  );
  const stockAsOf = row.stock_as_of === null ? null : new Date(row.stock_as_of).toISOString();
  return JSON.stringify(buildOrderGuide({ today, products, lines, pars: new Map(row.pars), stockAsOf }));
}

/** A product's availability and the customer's preference, from the statement's columns. */
function availabilityOf([
  Status,
  Cases,
  ExpectedDate,
  SubstituteCode,
  SubstituteDescription,
  preference,
]: AvailabilityColumns) {
  return {
    Availability:
      Status === null ? null : { Status, Cases, ExpectedDate, SubstituteCode, SubstituteDescription },
    Substitution: preference ?? DEFAULT_SUBSTITUTION,
  };
}
