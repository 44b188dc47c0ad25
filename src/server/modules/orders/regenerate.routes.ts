import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../domain/auth.schema.js';
import {
  RegenerateOrdersBodySchema,
  RegenerateOrdersResponseSchema,
  ResendOrderMailsBodySchema,
  ResendOrderMailsResponseSchema,
  WebOrderFilterSchema,
  WebOrderListItemSchema,
} from '../../../domain/regenerate.schema.js';
import { adminErrors, errorResponses } from '../../lib/route-schemas.js';
import { auditActor } from '../audit/audit.js';
import { resendOrderMails } from '../mail/mail-retry.js';
import { listWebOrders, regenerateOrders } from './regenerate.service.js';

const tags = ['Regenerate Orders'];

/** Regenerate Orders (design.md 5.5): the web orders list and the rewrite of their export files. */
export async function regenerateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireRole('admin');

  r.get(
    '/Orders',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Web orders, newest first, filtered by CompanyId, CustomerTypeId, OrderNum, created dates and NotExported',
        querystring: WebOrderFilterSchema,
        response: { 200: z.array(WebOrderListItemSchema), ...adminErrors, ...errorResponses(422) },
      },
    },
    async (request) => listWebOrders(app.db, request.query, app.config.businessTz),
  );

  r.post(
    '/RegenerateOrders',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Writes the chosen web orders' back-office files again",
        body: RegenerateOrdersBodySchema,
        response: {
          200: RegenerateOrdersResponseSchema,
          ...adminErrors,
          ...errorResponses(400, 422),
          500: ApiErrorSchema,
        },
      },
    },
    async (request) =>
      regenerateOrders(
        app.db,
        request.body,
        {
          exportDir: app.config.exportDir,
          tz: app.config.businessTz,
          now: app.now(),
          log: request.log,
          requestId: request.id,
        },
        auditActor(request.principal, app.now),
      ),
  );

  r.post(
    '/ResendOrderMails',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          "Sends the chosen web orders' confirmation mails now, whatever their retry back-off; answers per order",
        body: ResendOrderMailsBodySchema,
        response: { 200: ResendOrderMailsResponseSchema, ...adminErrors, ...errorResponses(400, 422) },
      },
    },
    async (request) =>
      resendOrderMails({ db: app.db, mailer: app.mailer, now: app.now, log: request.log }, request.body.Ids),
  );
}
