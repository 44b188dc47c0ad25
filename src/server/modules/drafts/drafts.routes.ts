import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BaseSavedAtField,
  DRAFT_MAX_BYTES,
  OrderDraftSaveSchema,
  SavedOrderDraftSchema,
} from '../../../domain/order-draft.schema.js';
import { errorResponses, idParams } from '../../lib/route-schemas.js';
import { assertCustomerAccess } from '../../plugins/auth.js';
import { auditActor } from '../audit/audit.js';
import { CUSTOMER, deleteDraft, getDraft, saveDraft } from './drafts.service.js';

const tags = ['Drafts'];

/**
 * Drafts (design.md 7.3, issue 20): the customer's one unsent order, kept by the server. A
 * customer their own, an admin any; another customer's id answers 404 as an unknown one
 * (decision 024). `POST Order` ends the draft in the statement that saves the order. A save
 * or a Discard with `BaseSavedAt` is refused (409) when the draft is no longer the one it
 * started from: saved elsewhere since, sent or discarded (decision 061).
 */
export async function draftRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Guards run onRequest, before the body is read: nobody gets 401, not a 413 or 422.
  const customerOrAdmin = app.requireRole('customer', 'admin');
  const errors = errorResponses(400, 401, 403, 404, 422);
  // Staff writing a customer's draft are audited (design.md 7.6, issue 33); the customer's own writes are not.
  const staffActor = (request: FastifyRequest) =>
    request.principal?.role === 'admin' ? auditActor(request.principal, app.now) : null;
  const conflicts = errorResponses(409);

  r.get(
    '/Customer/:id/Draft',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary: "The customer's unsent order and when it was saved; 404 when there is none",
        params: idParams('Customer'),
        response: { 200: SavedOrderDraftSchema, ...errors },
      },
    },
    async (request) => {
      assertCustomerAccess(request, request.params.id, CUSTOMER);
      return getDraft(app.db, request.params.id);
    },
  );

  r.put(
    '/Customer/:id/Draft',
    {
      onRequest: customerOrAdmin,
      // A draft is at most 64 kB of JSON: a larger body is refused (413) before it is parsed.
      bodyLimit: DRAFT_MAX_BYTES,
      schema: {
        tags,
        summary:
          "Keeps the order being typed as the customer's one draft (POST Order's fields, shape only); with BaseSavedAt, only over that draft (409 when it was changed, sent or discarded since)",
        params: idParams('Customer'),
        body: OrderDraftSaveSchema,
        response: { 200: SavedOrderDraftSchema, ...errors, ...conflicts },
      },
    },
    async (request) => {
      assertCustomerAccess(request, request.params.id, CUSTOMER);
      const { BaseSavedAt, ...draft } = request.body;
      return saveDraft(app.db, request.params.id, draft, BaseSavedAt ?? null, app.now(), staffActor(request));
    },
  );

  r.delete(
    '/Customer/:id/Draft',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary:
          "Discards the customer's draft (none to discard is fine); with ?BaseSavedAt=, only that draft (409 when it was changed, sent or discarded since)",
        params: idParams('Customer'),
        querystring: z.object({ BaseSavedAt: BaseSavedAtField }),
        response: { 204: z.null().describe('Deleted'), ...errors, ...conflicts },
      },
    },
    async (request, reply) => {
      assertCustomerAccess(request, request.params.id, CUSTOMER);
      await deleteDraft(
        app.db,
        request.params.id,
        request.query.BaseSavedAt ?? null,
        app.now(),
        staffActor(request),
      );
      return reply.code(204).send(null);
    },
  );
}
