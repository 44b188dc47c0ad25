import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CopiedOrderSchema,
  CopyOrderRequestSchema,
  OrderDetailSchema,
  OrderListSchema,
  OrderSaveResponseSchema,
  WorksheetSchema,
} from '../../../domain/order-view.schema.js';
import { IdParams, idParam } from '../../lib/route-schemas.js';
import { assertCustomerAccess } from '../../plugins/auth.js';
import { customerIdForCompany, getOrderDetail, listCustomerOrders, orderOwner } from './orders.service.js';
import { placeOrder } from './place-order.js';
import { getWorksheet } from './worksheet.service.js';

const CustomerParams = z.object({ customerId: idParam });
const CompanyParams = z.object({ companyId: z.coerce.number().int().min(1).max(9999) });
const tags = ['Orders'];

export async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const customerOrAdmin = app.requireRole('customer', 'admin');

  r.post(
    '/Order',
    {
      onRequest: app.requireRole('customer'),
      schema: {
        tags,
        summary: 'Places an order for the signed-in customer (Idempotency-Key makes a retry safe)',
        headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }),
        // The body is checked by the domain's validateOrder, so that a request that skips the
        // screen gets the screen's 422 and message; the schema here documents its shape.
        body: z
          .record(z.string(), z.unknown())
          .describe(
            'DeliveryDate, Name, Phone, Email, ReferencePO, ProductQuantities: [{ Code, CaseQuantity, UnitQuantity }]',
          ),
        response: { 201: OrderSaveResponseSchema, 422: OrderSaveResponseSchema },
      },
    },
    async (request, reply) => {
      const p = request.principal;
      if (p?.role !== 'customer') throw new Error('unreachable: guarded route');
      const result = await placeOrder(app, request.log, {
        customer: p.customer,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'] ?? null,
      });
      return reply.code(result.status).send(result.body);
    },
  );

  r.get(
    '/Order/:id',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary: 'One order with its products',
        params: IdParams,
        response: { 200: OrderDetailSchema },
      },
    },
    async (request) => {
      assertCustomerAccess(request, await orderOwner(app.db, request.params.id));
      return getOrderDetail(app.db, { id: request.params.id });
    },
  );

  r.get(
    '/Orders/:companyId',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary: "A customer's orders, web and imported, newest first",
        params: CompanyParams,
        response: { 200: OrderListSchema },
      },
    },
    async (request) => {
      const p = request.principal!;
      // A customer's own company id is known without a lookup; another one is 403 whether it exists or not.
      if (p.role === 'customer' && p.customer.companyId !== request.params.companyId)
        assertCustomerAccess(request, -1);
      const customerId =
        p.role === 'customer' ? p.customer.id : await customerIdForCompany(app.db, request.params.companyId);
      const list = await listCustomerOrders(app.db, customerId);
      const dates = [...new Set(list.map((o) => o.DeliveryDate))].sort().reverse();
      return { DeliveryDates: dates, Orders: list };
    },
  );

  r.get(
    '/Order/:customerId/Last',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary: "The customer's most recent order",
        params: CustomerParams,
        response: { 200: OrderDetailSchema },
      },
    },
    async (request) => {
      assertCustomerAccess(request, request.params.customerId);
      return getOrderDetail(app.db, { customerLast: request.params.customerId });
    },
  );

  r.post(
    '/Order/Copy',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary: 'An order to re-order: the same lines, delivery date cleared',
        body: CopyOrderRequestSchema,
        response: { 200: CopiedOrderSchema },
      },
    },
    async (request) => {
      assertCustomerAccess(request, await orderOwner(app.db, request.body.OrderId));
      const order = await getOrderDetail(app.db, { id: request.body.OrderId });
      return { ...order, DeliveryDate: null };
    },
  );

  r.get(
    '/Order/:id/Worksheet',
    {
      onRequest: customerOrAdmin,
      schema: {
        tags,
        summary: "The customer's order worksheet ({id} is the customer's Id)",
        params: IdParams,
        response: { 200: WorksheetSchema },
      },
    },
    async (request, reply) => {
      assertCustomerAccess(request, request.params.id);
      reply.header('cache-control', 'no-store');
      const p = request.principal;
      const known = p?.role === 'customer' ? p.customer : undefined;
      return getWorksheet(app.db, request.params.id, app.now(), app.config.businessTz, known);
    },
  );
}
