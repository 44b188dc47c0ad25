import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CustomerTypeListItemSchema,
  CustomerTypeSaveSchema,
  CustomerTypeSchema,
} from '../../../domain/customer-type.schema.js';
import { adminErrors, errorResponses, idParams } from '../../lib/route-schemas.js';
import { auditActor } from '../audit/audit.js';
import {
  deleteCustomerType,
  getCustomerType,
  listCustomerTypes,
  saveCustomerType,
} from './customer-types.service.js';

const tags = ['Customer Types'];

export async function customerTypeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Guards run onRequest, before the body is read: nobody gets 401, not a 422 for a body they may not send.
  const admin = app.requireRole('admin');

  r.get(
    '/CustomerTypes',
    {
      onRequest: app.requireRole('customer', 'admin'),
      schema: {
        tags,
        summary: 'All customer types with their ordering rules, sorted by Id',
        response: { 200: z.array(CustomerTypeListItemSchema), ...errorResponses(401) },
      },
    },
    async () => listCustomerTypes(app.db),
  );

  r.get(
    '/CustomerType/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'One customer type',
        params: idParams('Customer type'),
        response: { 200: CustomerTypeSchema, ...adminErrors, ...errorResponses(400, 404) },
      },
    },
    async (request) => getCustomerType(app.db, request.params.id),
  );

  r.post(
    '/CustomerType',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Saves a customer type: an existing Id is updated, a new Id (or 0: the next number) created',
        body: CustomerTypeSaveSchema,
        response: {
          200: CustomerTypeSchema,
          201: CustomerTypeSchema,
          ...adminErrors,
          ...errorResponses(409, 422),
        },
      },
    },
    async (request, reply) => {
      const { customerType, created } = await saveCustomerType(
        app.db,
        request.body,
        auditActor(request.principal, app.now),
      );
      return reply.code(created ? 201 : 200).send(customerType);
    },
  );

  r.delete(
    '/CustomerType/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Deletes a customer type that no customer uses and no message is addressed to',
        params: idParams('Customer type'),
        response: { 204: z.null().describe('Deleted'), ...adminErrors, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteCustomerType(app.db, request.params.id, auditActor(request.principal, app.now));
      return reply.code(204).send(null);
    },
  );
}
