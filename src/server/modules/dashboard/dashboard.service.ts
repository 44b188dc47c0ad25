import { and, desc, eq } from 'drizzle-orm';
import type { BackupsStatus } from '../../../domain/backups.schema.js';
import { businessToday } from '../../../domain/business-date.js';
import {
  type Dashboard,
  type DashboardDay,
  dashboardDeliveryDays,
  LAST_IMPORTS,
  type LastImport,
  NOT_YET_ORDERED_MAX,
  type NotYetOrdered,
  OUT_OF_STOCK_ORDERS_MAX,
  type OutOfStockOrder,
  sameWeekdayAverage,
  sameWeekdayDates,
} from '../../../domain/dashboard.schema.js';
import { firstSelectableDeliveryDate, type HolidayLookup } from '../../../domain/delivery-date.js';
import { OrderStatus } from '../../../domain/enums.js';
import { deliveryDateContext } from '../../../domain/order.schema.js';
import { missesUsualOrder, usualDatesFor } from '../../../domain/usual-orders.js';
import type { Database } from '../../db/client.js';
import { auditEntries } from '../../db/schema.js';
import { customerTypeRules, holidaysFrom } from '../calendar/delivery-dates.service.js';
import { runStatement } from '../orders/statements.js';
import { licensesExpiring } from './licenses-expiring.service.js';
import { standingOrdersCard } from './standing-orders-dashboard.service.js';

/**
 * GET Dashboard (design.md 7.8, decision 043): a handful of statements, each reading through an
 * index where one exists, so the screen loads with one request.
 */

/**
 * Orders and their cases per delivery date, web and imported (a line's units count as a part of a
 * case); a cancelled order (design.md 7.10) is nothing to deliver.
 */
const ordersByDate = `select to_char(o.delivery_date, 'YYYY-MM-DD') as "date", count(*)::int as "orders",
  coalesce(round(sum(l.cases), 1), 0)::float8 as "cases"
from orders o
left join lateral (
  select sum(ol.case_quantity + ol.unit_quantity::numeric / greatest(ol.units_per_case, 1)) as cases
  from order_lines ol where ol.order_id = o.id
) l on true
where o.delivery_date = any($1::date[]) and o.status <> ${OrderStatus.Cancelled}
group by o.delivery_date`;

/**
 * Web orders created on each of the given business days and not cancelled since (issue 33); the
 * create_date index serves each day's range.
 */
const webOrdersPerDay = `select to_char(d, 'YYYY-MM-DD') as "date",
  (select count(*)::int from orders o
    where o.source = 'web' and o.status <> ${OrderStatus.Cancelled}
      and o.create_date >= (d::timestamp at time zone $2::text)
      and o.create_date < ((d + 1)::timestamp at time zone $2::text)) as "count"
from unnest($1::date[]) d`;

/**
 * Today's ordered lines that are out (design.md 8.3, decision 071): the lines of the web orders
 * `webOrdersPerDay` counts for today ($1 today, $2 the zone) whose product the last availability
 * file says is OUT, per order, newest first. A line's product is found by its code (the file is
 * keyed by product); a product the file never named has no row and is not out.
 */
const outOfStockToday = `select o.id, o.order_num as "orderNum", o.customer_id as "customerId",
  c.company_id as "companyId", c.name, count(*)::int as "lines"
from orders o
join customers c on c.id = o.customer_id
join order_lines ol on ol.order_id = o.id
join products p on p.code = ol.code
join availability a on a.product_id = p.id and a.status = 'OUT'
where o.source = 'web' and o.status <> ${OrderStatus.Cancelled}
  and o.create_date >= ($1::date::timestamp at time zone $2::text)
  and o.create_date < (($1::date + 1)::timestamp at time zone $2::text)
group by o.id, c.id
order by o.create_date desc, o.id desc`;

interface OutOfStockRow {
  id: number;
  orderNum: string;
  customerId: number;
  companyId: number;
  name: string;
  lines: number;
}

/** The date rules of every customer type active customers have (null where the type is missing). */
const typesInUse = `select distinct c.customer_type_id as "typeId", t.lead_hours as "leadHours",
  t.cutoff_hours as "cutoffHours", t.cutoff_minutes as "cutoffMinutes"
from customers c left join customer_types t on t.id = c.customer_type_id
where c.is_active`;

/**
 * Active customers with an order on any of the given dates (each type's next date and the dates
 * that say whether its weekday is usual), with those of their orders' dates. A customer with no
 * such order cannot be usual for the date, so nobody else is read. A cancelled order is no order.
 */
const customersOnDates = `select c.id, c.company_id as "companyId", c.name, c.customer_type_id as "typeId",
  string_agg(to_char(o.delivery_date, 'YYYY-MM-DD'), ',') as dates
from orders o join customers c on c.id = o.customer_id
where o.delivery_date = any($1::date[]) and c.is_active and o.status <> ${OrderStatus.Cancelled}
group by c.id`;

/** For the customers listed: the phone of their last order that had one, and their last delivery up to today. */
const listedDetails = `select u.id,
  (select o.phone from orders o where o.customer_id = u.id and o.phone <> ''
    order by o.create_date desc limit 1) as phone,
  (select to_char(max(o.delivery_date), 'YYYY-MM-DD') from orders o
    where o.customer_id = u.id and o.delivery_date <= $2::date) as "lastDate"
from unnest($1::int[]) u(id)`;

/**
 * What needs staff ($1 today): the counts the Regenerate Orders screen acts on, and the short
 * lines. A failed mail is a web order whose confirmation is still owed after an attempt failed
 * (`mail_error` is cleared by a send, decision 016), whether the retries go on or gave up; not
 * exported is 'Exported: No', less the cancelled orders (Status 3: no file to write). A short
 * line is `isShort` of src/domain/delivered.ts: an ordered line of a web order that an order
 * history file has listed, delivered with fewer cases or fewer units than ordered (nothing at
 * all included), for the delivery dates of the last 7 days, today included; a cancelled order
 * has none (issue 33).
 */
const attention = `select count(*) filter (where o.mailed_at is null and o.mail_error is not null)::int as "mailFailed",
  count(*) filter (where o.exported_at is null and o.status <> 3)::int as "notExported",
  (select count(*)::int from orders w
    join order_lines ol on ol.order_id = w.id
    left join order_delivered_lines d on d.order_id = w.id and d.code = ol.code
    where w.source = 'web' and w.status <> ${OrderStatus.Cancelled}
      and w.delivery_date > $1::date - 7 and w.delivery_date <= $1::date
      and exists (select 1 from order_delivered_lines listed where listed.order_id = w.id)
      and (coalesce(d.cases, 0) < ol.case_quantity or coalesce(d.units, 0) < ol.unit_quantity)
  ) as "shortLines",
  (select coalesce(sum(i.flag_count), 0)::int from invoices i
    where i.invoice_date > $1::date - 7 and i.invoice_date <= $1::date) as "invoiceFlags"
from orders o where o.source = 'web'`;

interface TypeRow {
  typeId: number;
  leadHours: number | null;
  cutoffHours: number | null;
  cutoffMinutes: number | null;
}

/** A type's next deliverable date (design.md 7.2's rules) and the dates that make its weekday usual. */
interface TypeDates {
  next: string;
  usual: string[];
}

function datesOfTypes(types: TypeRow[], holidays: HolidayLookup, now: Date, tz: string) {
  const today = businessToday(now, tz);
  const byType = new Map<number, TypeDates>();
  for (const row of types) {
    const customerType = customerTypeRules(row);
    const next = firstSelectableDeliveryDate(deliveryDateContext({ now, tz, customerType, holidays }));
    byType.set(row.typeId, { next, usual: usualDatesFor(next, today) });
  }
  return byType;
}

interface CustomerRow {
  id: number;
  companyId: number;
  name: string;
  typeId: number;
  /** Comma-separated delivery dates (one per order: repeats are harmless, and cheaper than distinct). */
  dates: string;
}

/** The customers who usually order for the weekday of their next deliverable date and have not ordered for it. */
export function notYetOrdered(
  rows: CustomerRow[],
  byType: ReadonlyMap<number, TypeDates>,
  today: string,
): Omit<NotYetOrdered, 'Phone' | 'LastDeliveryDate'>[] {
  const missing: Omit<NotYetOrdered, 'Phone' | 'LastDeliveryDate'>[] = [];
  for (const row of rows) {
    const type = byType.get(row.typeId);
    if (!type || !missesUsualOrder(new Set(row.dates.split(',')), type.next, today, type.usual)) continue;
    missing.push({ CustomerId: row.id, CompanyId: row.companyId, Name: row.name, DeliveryDate: type.next });
  }
  return missing.sort((a, b) => a.DeliveryDate.localeCompare(b.DeliveryDate) || a.Name.localeCompare(b.Name));
}

const importCount = (changes: { Field: string; After: unknown }[], field: string) => {
  const value = changes.find((c) => c.Field === field)?.After;
  return typeof value === 'number' ? value : Number(value ?? 0) || 0;
};

/** The last imports, from their audit rows: the report's counts (the rejected lines themselves are not kept). */
async function lastImports(database: Database): Promise<LastImport[]> {
  const rows = await database.db
    .select({
      at: auditEntries.at,
      user: auditEntries.userName,
      kind: auditEntries.entityId,
      changes: auditEntries.changes,
    })
    .from(auditEntries)
    .where(and(eq(auditEntries.entity, 'Import'), eq(auditEntries.action, 'Import')))
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(LAST_IMPORTS);
  return rows.map((r) => {
    const changes = (r.changes ?? []) as { Field: string; After: unknown }[];
    return {
      At: r.at.toISOString(),
      User: r.user,
      Kind: r.kind,
      FileName: String(changes.find((c) => c.Field === 'FileName')?.After ?? ''),
      Lines: importCount(changes, 'Lines'),
      Inserted: importCount(changes, 'Inserted'),
      Updated: importCount(changes, 'Updated'),
      Unchanged: importCount(changes, 'Unchanged'),
      Rejected: importCount(changes, 'Rejected'),
    };
  });
}

/** GET Dashboard at `now` in the business zone `tz`. */
export async function dashboard(
  database: Database,
  now: Date,
  tz: string,
  backups: () => Promise<BackupsStatus>,
): Promise<Dashboard> {
  const today = businessToday(now, tz);
  // A year of holidays from today covers the chart's days and every type's next date.
  const [holidays, types] = await Promise.all([
    holidaysFrom(database.db, today),
    runStatement<TypeRow>(database, typesInUse, []),
  ]);
  const days = dashboardDeliveryDays(today, holidays);
  const byType = datesOfTypes(types, holidays, now, tz);
  const customerDates = [...new Set([...byType.values()].flatMap((t) => [t.next, ...t.usual]))];
  const [byDate, web, customers, [counts], imports, licenses, out, standing, backed] = await Promise.all([
    runStatement<{ date: string; orders: number; cases: number }>(database, ordersByDate, [days]),
    runStatement<{ date: string; count: number }>(database, webOrdersPerDay, [
      [today, ...sameWeekdayDates(today)],
      tz,
    ]),
    runStatement<CustomerRow>(database, customersOnDates, [customerDates]),
    runStatement<{ mailFailed: number; notExported: number; shortLines: number; invoiceFlags: number }>(
      database,
      attention,
      [today],
    ),
    lastImports(database),
    licensesExpiring(database.db, today),
    runStatement<OutOfStockRow>(database, outOfStockToday, [today, tz]),
    standingOrdersCard(database, today, now, tz),
    backups(),
  ]);
  const found = new Map(byDate.map((d) => [d.date, d]));
  const perDay: DashboardDay[] = days.map((date) => ({
    Date: date,
    Orders: found.get(date)?.orders ?? 0,
    Cases: found.get(date)?.cases ?? 0,
  }));
  const webCounts = new Map(web.map((w) => [w.date, w.count]));
  const missing = notYetOrdered(customers, byType, today);
  const listed = missing.slice(0, NOT_YET_ORDERED_MAX);
  const details = listed.length
    ? await runStatement<{ id: number; phone: string | null; lastDate: string | null }>(
        database,
        listedDetails,
        [listed.map((c) => c.CustomerId), today],
      )
    : [];
  const detailOf = new Map(details.map((d) => [d.id, d]));
  return {
    Today: today,
    OrdersByDeliveryDate: perDay,
    WebOrdersToday: webCounts.get(today) ?? 0,
    SameWeekdayAverage: sameWeekdayAverage(webCounts, today),
    NotYetOrdered: listed.map((c) => ({
      ...c,
      Phone: detailOf.get(c.CustomerId)?.phone ?? '',
      LastDeliveryDate: detailOf.get(c.CustomerId)?.lastDate ?? null,
    })),
    NotYetOrderedTotal: missing.length,
    NeedsAttention: {
      MailFailed: counts?.mailFailed ?? 0,
      NotExported: counts?.notExported ?? 0,
      ShortLines: counts?.shortLines ?? 0,
      InvoiceFlags: counts?.invoiceFlags ?? 0,
    },
    LastImports: imports,
    LicensesExpiring: licenses.list,
    LicensesExpiringTotal: licenses.total,
    OutOfStockToday: {
      Lines: out.reduce((sum, o) => sum + o.lines, 0),
      Orders: out.slice(0, OUT_OF_STOCK_ORDERS_MAX).map(
        (o): OutOfStockOrder => ({
          Id: o.id,
          OrderNum: o.orderNum,
          CustomerId: o.customerId,
          CompanyId: o.companyId,
          Name: o.name,
          Lines: o.lines,
        }),
      ),
      OrdersTotal: out.length,
    },
    StandingOrders: standing,
    Backups: backed,
  };
}
