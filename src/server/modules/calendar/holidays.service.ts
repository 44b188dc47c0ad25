import { and, asc, eq, gte, lte } from 'drizzle-orm';
import {
  type Holiday,
  type HolidaySave,
  type HolidaysQuery,
  holidayMessages,
} from '../../../domain/delivery-calendar.schema.js';
import type { DbOrTx } from '../../db/client.js';
import { holidays } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/http-error.js';

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
export async function addHoliday(db: DbOrTx, input: HolidaySave): Promise<Holiday> {
  try {
    const [row] = await db.insert(holidays).values({ date: input.Date, name: input.Name }).returning();
    return toHoliday(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(holidayMessages.taken(input.Date));
    throw err;
  }
}

export async function deleteHoliday(db: DbOrTx, id: number): Promise<void> {
  const deleted = await db.delete(holidays).where(eq(holidays.id, id)).returning({ id: holidays.id });
  if (deleted.length === 0) throw notFound(holidayMessages.notFound);
}
