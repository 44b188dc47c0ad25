import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductSaveSchema, ProductSchema } from '../../../domain/product.schema.js';
import { adminErrors, errorResponses, idParams } from '../../lib/route-schemas.js';
import { auditActor } from '../audit/audit.js';
import { deleteProduct, getProduct, listProducts, saveProduct } from './products.service.js';

const tags = ['Products'];

export async function productRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Guards run onRequest, before the body is read: nobody gets 401, not a 422 for a body they may not send.
  const admin = app.requireRole('admin');

  r.get(
    '/Products',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'All products (items), sorted by Code',
        response: { 200: z.array(ProductSchema), ...adminErrors },
      },
    },
    async () => listProducts(app.db),
  );

  r.get(
    '/Product/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'One product',
        params: idParams('Product'),
        response: { 200: ProductSchema, ...adminErrors, ...errorResponses(400, 404) },
      },
    },
    async (request) => getProduct(app.db, request.params.id),
  );

  r.post(
    '/Product',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Creates a product (Id 0 or absent) or updates one; Code is unique',
        body: ProductSaveSchema,
        response: {
          200: ProductSchema,
          201: ProductSchema,
          ...adminErrors,
          ...errorResponses(404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { product, created } = await saveProduct(
        app.db,
        request.body,
        auditActor(request.principal, app.now),
      );
      return reply.code(created ? 201 : 200).send(product);
    },
  );

  r.delete(
    '/Product/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Deletes a product that no order line and no customer refers to',
        params: idParams('Product'),
        response: { 204: z.null().describe('Deleted'), ...adminErrors, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteProduct(app.db, request.params.id, auditActor(request.principal, app.now));
      return reply.code(204).send(null);
    },
  );
}
