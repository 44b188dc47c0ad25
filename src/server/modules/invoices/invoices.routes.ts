import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvoiceDetailSchema, InvoiceSummarySchema } from '../../../domain/invoice.schema.js';
import { errorResponses, idParam, idParams } from '../../lib/route-schemas.js';
import { assertCustomerAccess } from '../../plugins/auth.js';
import { customerInvoices, getInvoice } from './invoices.service.js';

const tags = ['Invoices'];

/**
 * A customer's invoices and each one's line-by-line check (design.md 8.4, decision 076): the
 * customer's own, and staff any customer's.
 */
export async function invoiceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const customerOrAdmin = app.requireRole('customer', 'admin');

  r.get(
    '/Customer/:id/Invoices',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary: "A customer's invoices, newest first: amount, due date, Open or Paid, and the check's flags",
        params: z.object({ id: idParam('Customer') }),
        response: { 200: z.array(InvoiceSummarySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      assertCustomerAccess(request, request.params.id, 'The customer');
      return customerInvoices(app.db, request.params.id);
    },
  );

  r.get(
    '/Invoice/:id',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary:
          'One invoice with its lines checked against the order and the posted prices (Short, Extra, PriceDiffers) and its fees (FeeNotOnOrder)',
        params: idParams('Invoice'),
        response: { 200: InvoiceDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const p = request.principal!;
      // A customer reads only their own: another customer's invoice answers as an unknown id.
      return getInvoice(app.db, {
        id: request.params.id,
        ...(p.role === 'customer' ? { customerId: p.customer.id } : {}),
      });
    },
  );
}
