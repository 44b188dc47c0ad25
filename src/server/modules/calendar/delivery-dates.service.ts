import { and, eq, gte, lte } from 'drizzle-orm';
import { addDays } from '../../../domain/business-date.js';
import { customerTypeDefaults } from '../../../domain/customer-type.schema.js';
import { type DeliveryDate, holidayLookup } from '../../../domain/delivery-calendar.schema.js';
import { deliveryDateContext } from '../../../domain/order.schema.js';
import { deliveryDatesWithOrderBy } from '../../../domain/order-by.js';
import type { DbOrTx } from '../../db/client.js';
import { customers, customerTypes, holidays } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';

/** A year: `nextSelectableDeliveryDates` gives up after that many days without a delivery. */
const HOLIDAY_WINDOW_DAYS = 366;

/** The holidays of the year from `earliest` on, as the date rules take them. */
export async function holidaysFrom(db: DbOrTx, earliest: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ Date: holidays.date, Name: holidays.name })
    .from(holidays)
    .where(and(gte(holidays.date, earliest), lte(holidays.date, addDays(earliest, HOLIDAY_WINDOW_DAYS))));
  return holidayLookup(rows);
}

/** A customer type's date rules as read with a left join: the spec's defaults where the type is missing. */
export function customerTypeRules(row: {
  typeId: number;
  leadHours: number | null;
  cutoffHours: number | null;
  cutoffMinutes: number | null;
}) {
  return {
    Id: row.typeId,
    LeadHours: row.leadHours ?? customerTypeDefaults.LeadHours,
    CutoffHours: row.cutoffHours ?? customerTypeDefaults.CutoffHours,
    CutoffMinutes: row.cutoffMinutes ?? customerTypeDefaults.CutoffMinutes,
  };
}

/**
 * GET Customer/{id}/DeliveryDates (design.md 7.2): the next `count` dates the customer may pick
 * at `now` (lead time and cutoff, no Sundays, no type-1 Saturdays, no holidays), each with its
 * OrderBy. A customer whose type is missing (a broken import) gets the spec's defaults, as
 * the order form does.
 */
export async function deliveryDates(
  db: DbOrTx,
  customerId: number,
  input: { now: Date; tz: string; count: number },
): Promise<DeliveryDate[]> {
  const [customer] = await db
    .select({
      typeId: customers.customerTypeId,
      leadHours: customerTypes.leadHours,
      cutoffHours: customerTypes.cutoffHours,
      cutoffMinutes: customerTypes.cutoffMinutes,
    })
    .from(customers)
    .leftJoin(customerTypes, eq(customerTypes.id, customers.customerTypeId))
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!customer) throw notFound('Customer');
  const customerType = customerTypeRules(customer);
  const { earliest } = deliveryDateContext({ now: input.now, tz: input.tz, customerType });
  const ctx = { earliest, customerTypeId: customerType.Id, holidays: await holidaysFrom(db, earliest) };
  return deliveryDatesWithOrderBy(ctx, customerType, input.tz, input.count);
}
