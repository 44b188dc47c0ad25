import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { businessToday } from '../../../domain/business-date.js';
import { toZonedIso } from '../../../domain/order-by.js';
import { nextOccurrences, notPlacedReason, type StandingOrder } from '../../../domain/standing-orders.js';
import type { DbOrTx } from '../../db/client.js';
import {
  customers,
  customerTypes,
  products,
  standingOrderLines,
  standingOrderRuns,
  standingOrderSkips,
  standingOrders,
} from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import type { Principal } from '../../plugins/auth.js';
import { holidaysFrom } from '../calendar/delivery-dates.service.js';
import { SHARED_SIGN_IN } from '../orders/placed-by.js';

/**
 * Standing orders as customers and staff read them (design.md 8.6, decision 080): with their
 * lines and their next dates, skipped, placed, or why not. Writing them is
 * standing-orders.service.ts's; placing them standing-orders-check.ts's.
 */

export interface Clock {
  now: Date;
  tz: string;
}

/** Who saved a standing order, as the list shows it. */
export function savedByOf(principal: Principal): string {
  if (principal.role === 'admin') return principal.user.userName;
  return principal.person?.name ?? SHARED_SIGN_IN;
}

export type Row = typeof standingOrders.$inferSelect;

/** The type's date rules of a customer, or 404. */
export async function customerRules(db: DbOrTx, customerId: number) {
  const [row] = await db
    .select({
      companyId: customers.companyId,
      name: customers.name,
      typeId: customers.customerTypeId,
      leadHours: customerTypes.leadHours,
      cutoffHours: customerTypes.cutoffHours,
      cutoffMinutes: customerTypes.cutoffMinutes,
      standingOrderHours: customerTypes.standingOrderHours,
    })
    .from(customers)
    .innerJoin(customerTypes, eq(customerTypes.id, customers.customerTypeId))
    .where(eq(customers.id, customerId));
  if (!row) throw notFound('The customer');
  return {
    companyId: row.companyId,
    name: row.name,
    type: {
      Id: row.typeId,
      LeadHours: row.leadHours,
      CutoffHours: row.cutoffHours,
      CutoffMinutes: row.cutoffMinutes,
      StandingOrderHours: row.standingOrderHours,
    },
  };
}

/** The answers for some of one customer's standing orders, with their lines and next dates. */
async function views(db: DbOrTx, customerId: number, rows: Row[], clock: Clock): Promise<StandingOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const today = businessToday(clock.now, clock.tz);
  const [{ type }, holidays, lines, skips, runs] = await Promise.all([
    customerRules(db, customerId),
    holidaysFrom(db, today),
    db
      .select({
        id: standingOrderLines.standingOrderId,
        Code: standingOrderLines.code,
        Description: sql<string>`coalesce(${products.description}, '')`,
        CaseQuantity: standingOrderLines.caseQuantity,
        UnitQuantity: standingOrderLines.unitQuantity,
      })
      .from(standingOrderLines)
      .leftJoin(products, eq(products.code, standingOrderLines.code))
      .where(inArray(standingOrderLines.standingOrderId, ids))
      .orderBy(asc(standingOrderLines.standingOrderId), asc(standingOrderLines.position)),
    db
      .select()
      .from(standingOrderSkips)
      .where(
        and(inArray(standingOrderSkips.standingOrderId, ids), gt(standingOrderSkips.deliveryDate, today)),
      ),
    db
      .select()
      .from(standingOrderRuns)
      .where(and(inArray(standingOrderRuns.standingOrderId, ids), gt(standingOrderRuns.deliveryDate, today))),
  ]);
  const key = (id: number, date: string) => `${id}|${date}`;
  const skipped = new Set(skips.map((s) => key(s.standingOrderId, s.deliveryDate)));
  const runOf = new Map(runs.map((r) => [key(r.standingOrderId, r.deliveryDate), r]));
  return rows.map((row) => {
    const schedule = { Weekdays: row.weekdays, StartDate: row.startDate, EndDate: row.endDate };
    return {
      Id: row.id,
      CustomerId: row.customerId,
      Weekdays: row.weekdays,
      Lines: lines.filter((l) => l.id === row.id).map(({ id: _, ...line }) => line),
      Name: row.name,
      Phone: row.phone,
      Email: row.email,
      ReferencePO: row.referencePo,
      StartDate: row.startDate,
      EndDate: row.endDate,
      SavedBy: row.savedBy,
      SavedAt: row.savedAt.toISOString(),
      NextDates: nextOccurrences(schedule, type, { ...clock, holidays }).map((o) => {
        const run = runOf.get(key(row.id, o.date));
        const outcome = run?.outcome ?? null;
        return {
          Date: o.date,
          OrderBy: toZonedIso(o.orderBy, clock.tz),
          Skipped: skipped.has(key(row.id, o.date)),
          OrderId: outcome === 'placed' ? (run?.orderId ?? null) : null,
          Holiday: o.holiday,
          NotPlaced: outcome && outcome !== 'placed' ? notPlacedReason(outcome, run?.reason ?? null) : null,
        };
      }),
    };
  });
}

/** GET Customer/{id}/StandingOrders: oldest first. */
export async function listStandingOrders(
  db: DbOrTx,
  customerId: number,
  clock: Clock,
): Promise<StandingOrder[]> {
  await customerRules(db, customerId);
  const rows = await db
    .select()
    .from(standingOrders)
    .where(eq(standingOrders.customerId, customerId))
    .orderBy(asc(standingOrders.id));
  return views(db, customerId, rows, clock);
}

/** One standing order; a customer's call names their own (another's answers 404). */
export async function findStandingOrder(db: DbOrTx, id: number, customerId: number | null): Promise<Row> {
  const [row] = await db.select().from(standingOrders).where(eq(standingOrders.id, id));
  if (!row || (customerId !== null && row.customerId !== customerId)) throw notFound('The standing order');
  return row;
}

export async function getStandingOrder(db: DbOrTx, row: Row, clock: Clock): Promise<StandingOrder> {
  const [view] = await views(db, row.customerId, [row], clock);
  return view!;
}
