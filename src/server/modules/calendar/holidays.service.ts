import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import {
  type Holiday,
  type HolidayOrder,
  type HolidaySave,
  type HolidaysQuery,
  holidayMessages,
} from '../../../domain/delivery-calendar.schema.js';
import { OrderStatus } from '../../../domain/enums.js';
import type { DbOrTx } from '../../db/client.js';
import { customers, holidays, orders } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { type AuditActor, changesBetween, recordAudit } from '../audit/audit.js';

/** Days without deliveries (design.md 7.2), kept by staff on /maint/holidays. */

const toHoliday = (h: typeof holidays.$inferSelect): Holiday => ({ Id: h.id, Date: h.date, Name: h.name });

/** The holidays from `from` to `to` (both inclusive, both optional), by date. */
export async function listHolidays(db: DbOrTx, { from, to }: HolidaysQuery): Promise<Holiday[]> {
  const rows = await db
    .select()
    .from(holidays)
    .where(and(from ? gte(holidays.date, from) : undefined, to ? lte(holidays.date, to) : undefined))
    .orderBy(asc(holidays.date));
  return rows.map(toHoliday);
}

/** Adds a holiday; a date that has one already is a 409 (the unique index decides, so two staff at once get one each). */
export async function addHoliday(db: DbOrTx, input: HolidaySave, actor: AuditActor): Promise<Holiday> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(holidays).values({ date: input.Date, name: input.Name }).returning();
      const holiday = toHoliday(row!);
      await recordAudit(tx, actor, {
        action: 'Create',
        entity: 'Holiday',
        entityId: holiday.Id,
        summary: `Added holiday ${holiday.Date} ${holiday.Name}`,
        changes: changesBetween(null, holiday, ['Id']),
      });
      return holiday;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(holidayMessages.taken(input.Date));
    throw err;
  }
}

export async function deleteHoliday(db: DbOrTx, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(holidays).where(eq(holidays.id, id)).returning();
    if (!deleted) throw notFound(holidayMessages.notFound);
    const holiday = toHoliday(deleted);
    await recordAudit(tx, actor, {
      action: 'Delete',
      entity: 'Holiday',
      entityId: id,
      summary: `Removed holiday ${holiday.Date} ${holiday.Name}`,
      changes: changesBetween(holiday, null, ['Id']),
    });
  });
}

/**
 * The orders, web and imported, for delivery on any of `dates` and not cancelled, by date and
 * number: what a holiday on those dates would leave without a delivery (issue 33).
 */
export async function ordersOnDates(db: DbOrTx, dates: string[]): Promise<HolidayOrder[]> {
  const rows = await db
    .select({
      Id: orders.id,
      OrderNum: orders.orderNum,
      DeliveryDate: orders.deliveryDate,
      CompanyId: customers.companyId,
      CustomerName: customers.name,
      source: orders.source,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(inArray(orders.deliveryDate, dates), ne(orders.status, OrderStatus.Cancelled)))
    .orderBy(asc(orders.deliveryDate), asc(orders.orderNum));
  return rows.map(({ source, ...r }) => ({ ...r, IsWebOrder: source === 'web' }));
}
