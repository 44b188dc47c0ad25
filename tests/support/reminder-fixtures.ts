import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import PostalMime from 'postal-mime';
import type { Db } from '../../src/server/db/client.js';
import { customers, orders, reminders } from '../../src/server/db/schema.js';
import type { SunkMail } from './smtp-sink.js';

/** Test data for the reminder tests: a type with reminders on, customers with order history. */

export const REMINDER_TYPE_ID = 50;

/** Customer type 50: 24 hours lead, 4:00 PM cutoff, reminders `hours` before the cutoff. */
export async function addReminderType(app: FastifyInstance, cookie: string, hours = 24): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/CustomerType',
    headers: { cookie },
    payload: {
      Id: REMINDER_TYPE_ID,
      Name: 'Reminder Bars',
      LeadHours: 24,
      CutoffHours: 16,
      CutoffMinutes: 0,
      ReminderHours: hours,
    },
  });
  if (res.statusCode >= 300) throw new Error(`type: ${res.statusCode} ${res.body}`);
}

/**
 * A customer of type 50 with one imported order per date in `dates` (created two days before
 * each, no email, as the ERP's history has none) and, when `email` is given, a web order with it
 * for `emailDate` placed before the imported ones. Returns the customer's id.
 */
export async function addCustomerWithHistory(
  db: Db,
  companyId: number,
  dates: string[],
  opts: { email?: string; typeId?: number; remindersOff?: boolean } = {},
): Promise<number> {
  const [c] = await db
    .insert(customers)
    .values({
      companyId,
      customerTypeId: opts.typeId ?? REMINDER_TYPE_ID,
      name: `Reminder Customer ${companyId}`,
      zipcode: 60601,
      remindersOff: opts.remindersOff ?? false,
    })
    .returning({ id: customers.id });
  const id = c!.id;
  if (opts.email !== undefined) {
    await db.insert(orders).values({
      customerId: id,
      orderNum: `RW-${companyId}`,
      source: 'web',
      orderType: 'WEB',
      deliveryDate: '2026-10-01',
      createDate: new Date('2026-09-29T15:00:00Z'),
      email: opts.email,
    });
  }
  for (const date of dates) {
    await db.insert(orders).values({
      customerId: id,
      orderNum: `RI-${companyId}-${date}`,
      source: 'import',
      deliveryDate: date,
      createDate: new Date(`${date}T12:00:00Z`),
    });
  }
  return id;
}

export const remindersOf = (db: Db, customerId: number) =>
  db.select().from(reminders).where(eq(reminders.customerId, customerId));

/** The mails the sink took for one address. */
export const mailsTo = (received: SunkMail[], email: string) => received.filter((m) => m.to.includes(email));

/** The plain text of a mail, decoded (quoted-printable wraps long lines). */
export async function mailText(mail: SunkMail): Promise<string> {
  return (await PostalMime.parse(mail.raw)).text ?? '';
}

/** The subject as a mail program shows it (a long one is folded over header lines). */
export async function mailSubject(mail: SunkMail): Promise<string> {
  return (await PostalMime.parse(mail.raw)).subject ?? '';
}

/** The stop link in a reminder's text. */
export async function stopLinkIn(mail: SunkMail): Promise<string> {
  const match = /To stop these reminders: (\S+)/.exec(await mailText(mail));
  if (!match) throw new Error('no stop link in the mail');
  return match[1]!;
}
