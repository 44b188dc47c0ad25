import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SavedSubstitutionsSchema, SubstitutionsSaveSchema } from '../../../domain/availability.js';
import { businessToday } from '../../../domain/business-date.js';
import {
  OrderGuideQuerySchema,
  OrderGuideSchema,
  ParsSaveSchema,
  SavedParsSchema,
} from '../../../domain/order-guide.schema.js';
import { notFound } from '../../lib/http-error.js';
import { errorResponses, idParams } from '../../lib/route-schemas.js';
import { assertCustomerAccess } from '../../plugins/auth.js';
import { auditActor } from '../audit/audit.js';
import { orderGuideJson } from './order-guide.service.js';
import { CUSTOMER, saveCustomerPars } from './pars.service.js';
import { saveCustomerSubstitutions } from './substitutions.service.js';

const tags = ['Order guide'];

/** The order guide and pars (design.md 7.1, issue 19): a customer their own, an admin any. */
export async function orderGuideRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Guards run onRequest, before the body is read: nobody gets 401, not a 422 for a body they may not send.
  const customerOrAdmin = app.requireRole('customer', 'admin');
  // Another customer's id answers 404 as an unknown one does (docs/security.md, decision 035).
  const errors = errorResponses(400, 401, 403, 404, 422);

  r.get(
    '/Customer/:id/OrderGuide',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary:
          'What the customer usually orders: the products offered for `date` (default today) with their history, average and pars',
        params: idParams('Customer'),
        querystring: OrderGuideQuerySchema,
        response: { 200: OrderGuideSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      assertCustomerAccess(request, id, CUSTOMER);
      const today = businessToday(app.now(), app.config.businessTz);
      const json = await orderGuideJson(app.database, id, today, request.query.date ?? today);
      if (json === undefined) throw notFound(CUSTOMER);
      // Sent as text, as the worksheet is: the response schema would check up to 1,500 products
      // on every request; order-guide.routes.test.ts holds the answer to the schema instead.
      return sendJsonText(reply, json);
    },
  );

  r.put(
    '/Customer/:id/Pars',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary: 'Sets (a number) or forgets (null) pars by product code; answers every saved par, by code',
        params: idParams('Customer'),
        body: ParsSaveSchema,
        response: { 200: SavedParsSchema, ...errors },
      },
    },
    async (request) => {
      assertCustomerAccess(request, request.params.id, CUSTOMER);
      const actor =
        request.principal?.role === 'admin' ? auditActor(request.principal, () => app.now()) : null;
      return saveCustomerPars(app.db, request.params.id, request.body, actor);
    },
  );

  r.put(
    '/Customer/:id/Substitutions',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary:
          'Sets substitution preferences by product code (Allow, Never, CallMe); answers every one other than Allow, by code',
        params: idParams('Customer'),
        body: SubstitutionsSaveSchema,
        response: { 200: SavedSubstitutionsSchema, ...errors },
      },
    },
    async (request) => {
      assertCustomerAccess(request, request.params.id, CUSTOMER);
      const actor =
        request.principal?.role === 'admin' ? auditActor(request.principal, () => app.now()) : null;
      return saveCustomerSubstitutions(app.db, request.params.id, request.body, actor);
    },
  );
}

/** JSON text goes out as it is: Fastify sends a string with a JSON content type unserialized. */
function sendJsonText(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
