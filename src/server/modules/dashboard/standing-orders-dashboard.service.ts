import { addDays } from '../../../domain/business-date.js';
import type { StandingOrdersCard } from '../../../domain/dashboard.schema.js';
import { toZonedIso } from '../../../domain/order-by.js';
import type { Database } from '../../db/client.js';
import { runStatement } from '../orders/statements.js';

/**
 * The dashboard's standing orders (design.md 8.6, decision 080): how many orders they placed
 * for tomorrow's delivery (not cancelled: what the trucks take), and the dates a rule refused,
 * until their cutoff: staff can still call the customer.
 */
const tomorrowCount = `select count(*)::int as count from orders o
where o.delivery_date = $1::date and o.order_type = 'STANDING' and o.status <> 3`;

const notPlaced = `select r.standing_order_id as "standingOrderId", c.id as "customerId", c.company_id as "companyId",
  c.name, to_char(r.delivery_date, 'YYYY-MM-DD') as "deliveryDate", r.order_by as "orderBy", r.reason
from standing_order_runs r join customers c on c.id = r.customer_id
where r.outcome = 'refused' and r.order_by > $1
order by r.order_by, c.name limit 100`;

export async function standingOrdersCard(
  database: Database,
  today: string,
  now: Date,
  tz: string,
): Promise<StandingOrdersCard> {
  const [[tomorrow], refused] = await Promise.all([
    runStatement<{ count: number }>(database, tomorrowCount, [addDays(today, 1)]),
    runStatement<{
      standingOrderId: number;
      customerId: number;
      companyId: number;
      name: string;
      deliveryDate: string;
      orderBy: Date;
      reason: string | null;
    }>(database, notPlaced, [now.toISOString()]),
  ]);
  return {
    Tomorrow: tomorrow?.count ?? 0,
    NotPlaced: refused.map((r) => ({
      StandingOrderId: r.standingOrderId,
      CustomerId: r.customerId,
      CompanyId: r.companyId,
      Name: r.name,
      DeliveryDate: r.deliveryDate,
      OrderBy: toZonedIso(new Date(r.orderBy), tz),
      Reason: r.reason ?? '',
    })),
  };
}
