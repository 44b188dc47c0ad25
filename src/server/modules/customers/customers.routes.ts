import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessToday } from '../../../domain/business-date.js';
import {
  CustomerListItemSchema,
  CustomerProductLinkSaveSchema,
  CustomerProductSchema,
  CustomerSaveSchema,
  CustomerSchema,
} from '../../../domain/customer.schema.js';
import { OrderGuideQuerySchema } from '../../../domain/order-guide.schema.js';
import { adminErrors, errorResponses, idParam, idParams } from '../../lib/route-schemas.js';
import { assertCustomerAccess } from '../../plugins/auth.js';
import { auditActor } from '../audit/audit.js';
import { addCustomerProduct, removeCustomerProduct } from './customer-products.service.js';
import { deleteCustomer, getCustomer, listCustomers, saveCustomer } from './customers.service.js';

const tags = ['Customers'];

export async function customerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Guards run onRequest, before the body is read: nobody gets 401, not a 422 for a body they may not send.
  const admin = app.requireRole('admin');

  r.get(
    '/Customers',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'All customers, sorted by CompanyId',
        response: { 200: z.array(CustomerListItemSchema), ...adminErrors },
      },
    },
    async () => listCustomers(app.db),
  );

  r.get(
    '/Customer/:id',
    {
      onRequest: app.requireRole('customer', 'admin'),
      schema: {
        tags,
        summary:
          'One customer with its linked products, each priced for delivery on `date` (default today; a customer may read only their own)',
        params: idParams('Customer'),
        querystring: OrderGuideQuerySchema,
        response: { 200: CustomerSchema, ...adminErrors, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      assertCustomerAccess(request, request.params.id, 'Customer');
      const date = request.query.date ?? businessToday(app.now(), app.config.businessTz);
      return getCustomer(app.db, request.params.id, date);
    },
  );

  r.post(
    '/Customer',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Creates a customer (Id 0 or absent) or updates one; CompanyId is unique',
        body: CustomerSaveSchema,
        response: {
          200: CustomerSchema,
          201: CustomerSchema,
          ...adminErrors,
          ...errorResponses(404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { customer, created } = await saveCustomer(
        app.db,
        request.body,
        auditActor(request.principal, app.now),
      );
      return reply.code(created ? 201 : 200).send(customer);
    },
  );

  r.delete(
    '/Customer/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Deletes a customer that has no orders, with its product links',
        params: idParams('Customer'),
        response: { 204: z.null().describe('Deleted'), ...adminErrors, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteCustomer(app.db, request.params.id, auditActor(request.principal, app.now));
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/Customer/:id/Product',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Links a product (by ProductId or Code) to the customer',
        params: idParams('Customer'),
        body: CustomerProductLinkSaveSchema,
        response: { 201: CustomerProductSchema, ...adminErrors, ...errorResponses(400, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const link = await addCustomerProduct(
        app.db,
        request.params.id,
        request.body,
        auditActor(request.principal, app.now),
      );
      return reply.code(201).send(link);
    },
  );

  r.delete(
    '/Customer/:id/Product/:productLinkId',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Removes a product link from the customer',
        params: z.object({ id: idParam('Customer'), productLinkId: idParam('Product link') }),
        response: { 204: z.null().describe('Removed'), ...adminErrors, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await removeCustomerProduct(
        app.db,
        request.params.id,
        request.params.productLinkId,
        auditActor(request.principal, app.now),
      );
      return reply.code(204).send(null);
    },
  );
}
