import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessToday } from '../../../domain/business-date.js';
import { QuickOrderBodySchema, QuickOrderSchema } from '../../../domain/quick-order.schema.js';
import { notFound } from '../../lib/http-error.js';
import { errorResponses, idParams } from '../../lib/route-schemas.js';
import { assertCustomerAccess } from '../../plugins/auth.js';
import { CUSTOMER } from '../order-guide/pars.service.js';
import { matchMessage, quickOrderProducts } from './quick-order.service.js';

/**
 * `POST Customer/{id}/QuickOrder` (design.md 8.7, issue 41): the customer their own, staff any,
 * as the order guide. It reads and matches; it saves nothing.
 */
export async function quickOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/Customer/:id/QuickOrder',
    {
      // Guards run onRequest, before the body is read.
      onRequest: app.requireRole('customer', 'admin'),
      schema: {
        tags: ['Order guide'],
        summary:
          'Reads a message ("5 cs windy city cans", "vodka well 1L x2") line by line into the products the customer may order, with cases or units, whether each match is sure, and alternatives when not; saves nothing',
        params: idParams('Customer'),
        body: QuickOrderBodySchema,
        response: { 200: QuickOrderSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Another customer's id answers 404 as an unknown one does (decision 035).
      assertCustomerAccess(request, id, CUSTOMER);
      const catalogue = await quickOrderProducts(app.db, id, businessToday(app.now(), app.config.businessTz));
      if (!catalogue) throw notFound(CUSTOMER);
      return matchMessage(request.body.Text, catalogue);
    },
  );
}
