import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessToday } from '../../../domain/business-date.js';
import { DisplayMessageSchema, MessageSaveSchema, MessageSchema } from '../../../domain/message.schema.js';
import { forbidden } from '../../lib/http-error.js';
import { adminErrors, errorResponses, idParam, idParams } from '../../lib/route-schemas.js';
import { auditActor } from '../audit/audit.js';
import { deleteMessage, displayMessages, getMessage, listMessages, saveMessage } from './messages.service.js';

const tags = ['Messages'];

export async function messageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Guards run onRequest, before the body is read: nobody gets 401, not a 422 for a body they may not send.
  const admin = app.requireRole('admin');

  r.get(
    '/Messages',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'All order messages, sorted by Id',
        response: { 200: z.array(MessageSchema), ...adminErrors },
      },
    },
    async () => listMessages(app.db),
  );

  r.get(
    '/Message/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'One order message',
        params: idParams('Message'),
        response: { 200: MessageSchema, ...adminErrors, ...errorResponses(400, 404) },
      },
    },
    async (request) => getMessage(app.db, request.params.id),
  );

  r.post(
    '/Message',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Creates (Id 0 or absent) or updates an order message; the HTML is sanitized',
        body: MessageSaveSchema,
        response: { 200: MessageSchema, 201: MessageSchema, ...adminErrors, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const { message, created } = await saveMessage(
        app.db,
        request.body,
        auditActor(request.principal, app.now),
      );
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  r.delete(
    '/Message/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Deletes an order message',
        params: idParams('Message'),
        response: { 204: z.null().describe('Deleted'), ...adminErrors, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await deleteMessage(app.db, request.params.id, auditActor(request.principal, app.now));
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/DisplayMessages/:customerTypeId',
    {
      onRequest: app.requireRole('customer', 'admin'),
      schema: {
        tags,
        summary: "Today's active messages for a customer type (a customer may ask only for their own type)",
        params: z.object({ customerTypeId: idParam('Customer type') }),
        response: { 200: z.array(DisplayMessageSchema), ...adminErrors, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { customerTypeId } = request.params;
      const p = request.principal;
      if (p?.role === 'customer' && p.customer.customerTypeId !== customerTypeId) throw forbidden();
      return displayMessages(app.db, customerTypeId, businessToday(app.now(), app.config.businessTz));
    },
  );
}
