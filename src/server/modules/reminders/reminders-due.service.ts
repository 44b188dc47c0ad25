import { businessToday } from '../../../domain/business-date.js';
import type { DeliveryDateContext } from '../../../domain/delivery-date.js';
import { deliveryDateContext } from '../../../domain/order.schema.js';
import { type DueReminder, dueReminders, reminderWindows } from '../../../domain/reminders.js';
import { usualWindow } from '../../../domain/usual-orders.js';
import type { Database } from '../../db/client.js';
import { holidaysFrom } from '../calendar/delivery-dates.service.js';
import { runStatement } from '../orders/statements.js';

/**
 * The reminder check's database side (decision 038): one statement reads every customer who
 * could be due and the domain decides who is (this module); one statement claims the rows (the
 * unique (customer, delivery date) index decides between processes), then each claim is sent
 * (reminders-claims.service.ts).
 */

export interface CandidateRow {
  id: number;
  companyId: number;
  name: string;
  typeId: number;
  isActive: boolean;
  leadHours: number;
  cutoffHours: number;
  cutoffMinutes: number;
  reminderHours: number;
  dates: string[];
  email: string | null;
}

/**
 * Customers of a type with reminders on, active and not opted out, with the delivery dates of
 * their orders from 4 weeks back on (which weekdays they usually order for, and whether the
 * dates ahead have an order) and the email of their last order that had one. The subselects
 * read `orders` through its (customer, delivery date) and (customer, create date) indexes.
 */
const candidates = `select c.id, c.company_id as "companyId", c.name, c.customer_type_id as "typeId",
  c.is_active as "isActive", t.lead_hours as "leadHours", t.cutoff_hours as "cutoffHours",
  t.cutoff_minutes as "cutoffMinutes", t.reminder_hours as "reminderHours",
  (select coalesce(json_agg(distinct to_char(o.delivery_date, 'YYYY-MM-DD')), '[]')
     from orders o where o.customer_id = c.id and o.delivery_date >= $1::date
       and o.status <> 3) as dates,
  (select o.email from orders o where o.customer_id = c.id and o.email <> ''
     order by o.create_date desc limit 1) as email
from customers c join customer_types t on t.id = c.customer_type_id
where t.reminder_hours > 0 and c.is_active and not c.reminders_off`;

export interface DueCustomerReminder extends DueReminder {
  customerId: number;
  email: string;
}

/** The candidates' statement (its only parameter: the first day of the 4 weeks looked back at). */
export async function readReminderCandidates(database: Database, today: string): Promise<CandidateRow[]> {
  return runStatement<CandidateRow>(database, candidates, [usualWindow(today).from]);
}

/** Which of the candidates are due at `now` by the domain's rules. */
export function dueFromCandidates(
  rows: CandidateRow[],
  holidays: ReadonlyMap<string, string>,
  now: Date,
  tz: string,
): DueCustomerReminder[] {
  const due: DueCustomerReminder[] = [];
  // The dates and windows are the type's, not the customer's: computed once per type.
  const byType = new Map<number, { ctx: DeliveryDateContext; windows: DueReminder[] }>();
  for (const row of rows) {
    const customerType = {
      Id: row.typeId,
      LeadHours: row.leadHours,
      CutoffHours: row.cutoffHours,
      CutoffMinutes: row.cutoffMinutes,
    };
    const rules = { ...customerType, ReminderHours: row.reminderHours };
    let type = byType.get(row.typeId);
    if (!type) {
      const ctx = deliveryDateContext({ now, tz, customerType, holidays });
      type = { ctx, windows: reminderWindows(ctx, rules, tz) };
      byType.set(row.typeId, type);
    }
    const found = dueReminders(
      {
        rules,
        ctx: type.ctx,
        remindersOff: false,
        isActive: row.isActive,
        email: row.email ?? '',
        orderedDates: new Set(row.dates),
      },
      now,
      tz,
      type.windows,
    );
    for (const r of found) due.push({ ...r, customerId: row.id, email: row.email ?? '' });
  }
  return due;
}

/** Every reminder due at `now` by the rules, before the database says which went out already. */
export async function findDueReminders(
  database: Database,
  now: Date,
  tz: string,
): Promise<DueCustomerReminder[]> {
  const today = businessToday(now, tz);
  const rows = await readReminderCandidates(database, today);
  if (rows.length === 0) return [];
  // A year of holidays from today covers every type's earliest date and the dates looked at after it.
  return dueFromCandidates(rows, await holidaysFrom(database.db, today), now, tz);
}
