import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatCompanyId } from '../../../domain/company-id.js';
import {
  CustomerRemindersSaveSchema,
  CustomerRemindersSchema,
  ReminderSchema,
  RemindersQuerySchema,
  RemindersRunSchema,
} from '../../../domain/reminders.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { adminErrors, errorResponses, idParams } from '../../lib/route-schemas.js';
import { auditActor } from '../audit/audit.js';
import { runReminderCheck } from './reminders.js';
import {
  getRemindersOff,
  listReminders,
  setRemindersOff,
  setRemindersOffByStaff,
} from './reminders.service.js';
import { verifyStopToken } from './stop-token.js';

const tags = ['Reminders'];
const invalidLink = 'This link is not valid: reminders were not changed';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The stop link's answer: a small page of its own (the mail's reader may not be signed in). */
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#111}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${body}</p></main></body></html>`;

/** Cutoff reminders (design.md 7.4, decision 038). */
export async function reminderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireRole('admin');

  r.post(
    '/Reminders/Run',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Runs the reminder check now (every process also runs it each minute); Sent: mails sent',
        response: { 200: RemindersRunSchema, ...adminErrors },
      },
    },
    async (request) => {
      const deps = { db: app.db, database: app.database, mailer: app.mailer, now: app.now, log: request.log };
      return { Sent: (await runReminderCheck({ ...deps, config: app.config })).sent };
    },
  );

  r.get(
    '/Reminders',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'The reminders for a delivery date (date=YYYY-MM-DD), or the latest 500 without one; SentAt null: not sent (yet)',
        querystring: RemindersQuerySchema,
        response: { 200: z.array(ReminderSchema), ...adminErrors, ...errorResponses(422) },
      },
    },
    async (request) => listReminders(app.db, request.query.date, app.config.businessTz),
  );

  r.get(
    '/Reminders/Off',
    {
      schema: {
        tags,
        summary:
          'The stop link of a reminder mail (public): a valid signed token turns the customer\u2019s reminders off and answers a page saying so; anything else changes nothing and answers 400 (a page for a browser that accepts text/html)',
        querystring: z.object({ token: z.string().max(200).optional() }),
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const customerId = verifyStopToken(app.config.sessionSecrets, request.query.token ?? '');
      const customer = customerId === null ? null : await setRemindersOff(app.db, customerId, true);
      if (!customer) {
        // A browser (the mail's reader) gets a page; a script gets the API's error shape.
        if (!(request.headers.accept ?? '').includes('text/html')) throw new HttpError(400, invalidLink);
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(
            page(
              'This link is not valid',
              `${invalidLink}. Please use the link in the reminder mail as it is, or call us to stop reminders.`,
            ),
          );
      }
      reply.type('text/html; charset=utf-8');
      request.log.info({ customerId }, 'cutoff reminders turned off by the stop link');
      return reply.send(
        page(
          'Reminders are off',
          `${escapeHtml(`${formatCompanyId(customer.companyId)} ${customer.name}`)} will get no more order reminder mails. Order confirmations still arrive as before. To have reminders again, call us.`,
        ),
      );
    },
  );

  r.get(
    '/Customer/:id/Reminders',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Whether the customer gets cutoff reminders (RemindersOff: the stop link or staff turned them off)',
        params: idParams('Customer'),
        response: { 200: CustomerRemindersSchema, ...adminErrors, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({
      CustomerId: request.params.id,
      RemindersOff: await getRemindersOff(app.db, request.params.id),
    }),
  );

  r.put(
    '/Customer/:id/Reminders',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Turns the customer\u2019s cutoff reminders off or on again',
        params: idParams('Customer'),
        body: CustomerRemindersSaveSchema,
        response: { 200: CustomerRemindersSchema, ...adminErrors, ...errorResponses(400, 404, 422) },
      },
    },
    async (request) => {
      const saved = await setRemindersOffByStaff(
        app.db,
        request.params.id,
        request.body.RemindersOff,
        auditActor(request.principal, app.now),
      );
      if (!saved) throw notFound('Customer');
      return { CustomerId: request.params.id, RemindersOff: request.body.RemindersOff };
    },
  );
}
